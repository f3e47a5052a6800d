import Foundation
import WireCommandLine
import WireDecoder
import WireDecoderOracle
import WireDiagnostics
import WireFuzz
import WireGolden
import WireJSON
import WireReaders
import WireShapes
import WireSupport
import WireToolSupport

/// A command line for an app's own models: register each model by name with the fixtures that hold
/// its payloads, and `run` gives `roundtrip`, `fuzz`, `check` (and `list`) over them. A `Codable`
/// model is registered with its decoder and encoder; a model that is only `Decodable` with its
/// decoder alone (``register(_:as:fixtures:decoder:)``), and is locked by its decoded goldens.
///
/// Fixtures whose name says they are broken (`-malformed`, `-wrong-type`, `-missing-field`) must be
/// rejected by the model; every other fixture must round-trip losslessly (up to the differences
/// declared with `AcceptedDifference`).
///
/// ```swift
/// // Sources/my-models/main.swift
/// var runner = ModelRunner(toolName: "my-models")
/// runner.register(Page<Movie>.self, as: "movie", fixtures: ["Fixtures/API/v3/movies-*.json"],
///                 decoder: { .api }, encoder: { .api },
///                 acceptingByFixture: [
///                     "movies-extra-field": [.init("$.records[1].popularity", because: "not modelled yet")],
///                 ])
/// exit(runner.run(Array(CommandLine.arguments.dropFirst())) { print($0) })
/// ```
/// Each fixture's line says which accepted differences applied to it, with their reasons:
/// ```
/// ok   movie Fixtures/API/v3/movies-extra-field.json: lossless (1 accepted difference)
///        accepted `$.records[1].popularity` (in the fixture as 38.7, not re-encoded): not modelled yet
/// ```
/// The runner never prints or exits itself: it hands lines to `output` and returns the exit code
/// (0 all as expected, 1 findings, 2 usage error).
package struct ModelRunner: Sendable {
    struct Model: Sendable {
        var name: String
        var typeName: String
        var fixtures: [String]
        var roundTrip: @Sendable (URL) -> FixtureOutcome
        /// The model for `fuzz` campaigns.
        var fuzzModel: FuzzModel
        /// The model for `oracle-decoder`: JSONDecoder vs WireJSONDecoder under the app's strategies.
        var decoderPair: @Sendable () -> DecoderPair
        /// For a model that is only `Decodable`: a fixture's decoded value dumped, for its decoded
        /// golden (`golden/<fixture>.decoded.json`); nil for a `Codable` model.
        var decodedDump: (@Sendable (URL) -> Result<JSONValue, WireLockFailure>)? = nil
    }

    /// What happened to one fixture.
    package struct FixtureOutcome: Sendable {
        /// Whether this is what the fixture's name calls for.
        package var asExpected: Bool
        /// One-line summary (`lossless`, `rejected: typeMismatch at $.x`, `LOSSY: …`).
        package var summary: String
        /// Further lines (the differences), indented under the summary.
        package var details: [String]
    }

    let toolName: String
    private(set) var models: [Model] = []

    /// A runner with no models yet. `toolName` starts its error lines (`my-models: error: …`) and its
    /// usage text; register models with ``register(_:as:fixtures:decoder:encoder:accepting:acceptingByFixture:)``.
    package init(toolName: String) {
        self.toolName = toolName
    }

    /// Registers a model.
    /// - Parameters:
    ///   - type: the model.
    ///   - name: the name used on the command line (`movie`).
    ///   - fixtures: glob patterns, relative to the working directory, of its fixtures.
    ///   - decoder: a factory for the decoder the app really uses.
    ///   - encoder: a factory for the encoder the app really uses.
    ///   - accepting: differences its round trip is allowed to have in every fixture.
    ///   - acceptingByFixture: differences allowed in one fixture only, keyed by the fixture's file
    ///     name with or without `.json` (`movies-extra-field`), or a pattern over it
    ///     (`movies-*`). Prefer these: an accepted difference then cannot hide the same loss in
    ///     another payload. A declaration that names no member of its fixture or of the re-encoded
    ///     value fails the fixture as stale (a misspelt or Swift-side name); one that names a member
    ///     but matches no difference is reported as a note.
    package mutating func register<T: Codable & SendableMetatype>(
        _ type: T.Type, as name: String, fixtures: [String],
        decoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() },
        encoder: @escaping @Sendable () -> JSONEncoder = { JSONEncoder() },
        accepting: [AcceptedDifference] = [],
        acceptingByFixture: [String: [AcceptedDifference]] = [:]
    ) {
        models.append(
            Model(
                name: name, typeName: "\(T.self)", fixtures: fixtures,
                roundTrip: { url in
                    let perFixture = ModelRunner.acceptedDifferences(for: url.lastPathComponent, in: acceptingByFixture)
                    return ModelRunner.outcome(T.self, url, decoder(), encoder(), accepting, perFixture: perFixture)
                }, fuzzModel: .codable(T.self, name: name, decoder: decoder, encoder: encoder),
                decoderPair: { ModelRunner.decoderPair(T.self, name: name, decoder: decoder()) }))
    }

    /// Registers a model that is only `Decodable` (a response, an event, a webhook). With no encoder
    /// there is no round trip: `roundtrip` checks that each fixture decodes (and that a broken one is
    /// rejected with the error its name calls for), `fuzz` judges mutants by a dump of what the model
    /// decoded, and `check` compares each fixture's dump with its decoded golden,
    /// `golden/<fixture>.decoded.json` (what `assertDecodedGolden` records).
    ///
    /// ```swift
    /// runner.register(WebhookDelivery.self, as: "webhook-delivery", fixtures: ["Fixtures/API/v3/webhook-*.json"],
    ///                 decoder: .foundation(.sampleAPI))
    /// ```
    /// - Parameters:
    ///   - type: the model.
    ///   - name: the name used on the command line (`webhook-delivery`).
    ///   - fixtures: glob patterns, relative to the working directory, of its fixtures.
    ///   - decoder: the decoder the app really uses: `.foundation(JSONDecoder)` or
    ///     `.wire(WireJSONDecoder)`.
    package mutating func register<T: Decodable & SendableMetatype>(
        _ type: T.Type, as name: String, fixtures: [String], decoder: ModelDecoder
    ) {
        let fuzzModel = FuzzModel.decodable(T.self, name: name, decoder: decoder)
        models.append(
            Model(
                name: name, typeName: "\(T.self)", fixtures: fixtures,
                roundTrip: { url in ModelRunner.decodeOutcome(url, model: fuzzModel) }, fuzzModel: fuzzModel,
                decoderPair: {
                    DecoderPair.decodable(
                        T.self, name: "\(name) (\(T.self))",
                        strategies: DecoderStrategies(name: name, copying: decoder.jsonDecoder ?? JSONDecoder())
                    ) { Array(DecodedDump.text(of: $0).utf8) }
                },
                decodedDump: { url in DecodedGolden.dump(T.self, fileAt: url, decoder: decoder) }))
    }

    /// What `roundtrip` says of a fixture of a model that is only `Decodable`: a broken one must be
    /// rejected with the error its name calls for, any other must decode.
    static func decodeOutcome(_ url: URL, model: FuzzModel) -> FixtureOutcome {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return FixtureOutcome(asExpected: false, summary: "ERROR: cannot read \(url.path)", details: [])
        }
        let decoded = model.decode(Array(data))
        switch (expectedFailure(for: url.lastPathComponent), decoded) {
        case (let expected?, .rejected(let seen)):
            let ok = seen.kind == expected
            return FixtureOutcome(
                asExpected: ok,
                summary: (ok ? "rejected: " : "MISCLASSIFIED (expected \(expected.rawValue)): ") + seen.description,
                details: [])
        case (let expected?, .accepted):
            return FixtureOutcome(
                asExpected: false, summary: "ACCEPTED: decoded without error, expected \(expected.rawValue)",
                details: [])
        case (nil, .rejected(let seen)):
            return FixtureOutcome(asExpected: false, summary: "ERROR: rejected: \(seen.description)", details: [])
        case (nil, .accepted):
            return FixtureOutcome(
                asExpected: true,
                summary: "decoded (only Decodable: no round trip; `check` compares its decoded golden)",
                details: [])
        }
    }

    /// The per-fixture declarations whose key names `fileName` (`movies-extra-field.json`): the
    /// key itself, or the key plus `.json`, as an `fnmatch` pattern.
    static func acceptedDifferences(for fileName: String, in byFixture: [String: [AcceptedDifference]])
        -> [AcceptedDifference]
    {
        byFixture.keys.sorted().filter { key in
            GlobPattern(key).matches(fileName) || GlobPattern(key + ".json").matches(fileName)
        }.flatMap { byFixture[$0] ?? [] }
    }

    /// How an accepted difference is listed under its fixture.
    static func acceptedLine(_ difference: JSONDifference, _ declaration: AcceptedDifference) -> String {
        let what: String
        switch difference.change {
        case .missing(let fixture): what = "in the fixture as \(JSONDiff.brief(fixture)), not re-encoded"
        case .added: what = "re-encoded, not in the fixture"
        case .changed(let fixture, let reencoded): what = "\(JSONDiff.brief(fixture)) → \(JSONDiff.brief(reencoded))"
        }
        return "accepted `\(difference.path)` (\(what)): \(declaration.reason)"
    }

    static func outcome<T: Codable>(
        _ type: T.Type, _ url: URL, _ decoder: JSONDecoder, _ encoder: JSONEncoder,
        _ accepting: [AcceptedDifference], perFixture: [AcceptedDifference] = []
    ) -> FixtureOutcome {
        let name = url.lastPathComponent
        if let expected = expectedFailure(for: name) {
            switch decodingFailure(T.self, at: url, decoder: decoder) {
            case nil:
                return FixtureOutcome(
                    asExpected: false, summary: "ACCEPTED: decoded without error, expected \(expected.rawValue)",
                    details: [])
            case .failure(let failure)?:
                return FixtureOutcome(asExpected: false, summary: "ERROR: \(failure.message)", details: [])
            case .success(let seen)?:
                let ok = seen.kind == expected
                return FixtureOutcome(
                    asExpected: ok,
                    summary: (ok ? "rejected: " : "MISCLASSIFIED (expected \(expected.rawValue)): ") + seen.description,
                    details: [])
            }
        }
        // Per-fixture declarations first, so a difference is credited to the most specific reason.
        let declarations = perFixture + accepting
        switch RoundTrip.check(T.self, fixtureAt: url, decoder: decoder, encoder: encoder, accepting: declarations) {
        case .success(let result):
            let accepted = result.differences.count
            let stale = perFixture.filter { declaration in
                result.stale.contains { $0.pathPattern == declaration.pathPattern && $0.reason == declaration.reason }
            }
            if !stale.isEmpty {
                return FixtureOutcome(
                    asExpected: false, summary: "STALE",
                    details: stale.map { RoundTrip.describeStale($0) }
                        + acceptedDetails(result.differences, declarations, perFixture: perFixture, skipping: stale))
            }
            return FixtureOutcome(
                asExpected: true,
                summary: accepted == 0
                    ? "lossless" : "lossless (\(accepted) accepted difference\(accepted == 1 ? "" : "s"))",
                details: acceptedDetails(result.differences, declarations, perFixture: perFixture))
        case .failure(let failure):
            guard !failure.differences.isEmpty else {
                return FixtureOutcome(asExpected: false, summary: "ERROR", details: [failure.message])
            }
            // A lossy check reports only the unexpected differences; one accepting nothing reports all.
            let unexpected = Set(failure.differences)
            var accepted: [JSONDifference] = []
            if case .failure(let all) = RoundTrip.check(
                T.self, fixtureAt: url, decoder: decoder, encoder: encoder, accepting: [])
            {
                accepted = all.differences.filter { !unexpected.contains($0) }
            }
            return FixtureOutcome(
                asExpected: false, summary: "LOSSY",
                details: failure.differences.map { RoundTrip.describe($0) }
                    + acceptedDetails(accepted, declarations, perFixture: perFixture))
        }
    }

    /// One line per accepted difference (path, what changed, the declared reason), then a note for
    /// each per-fixture declaration that matched nothing.
    static func acceptedDetails(
        _ differences: [JSONDifference], _ declarations: [AcceptedDifference],
        perFixture: [AcceptedDifference], skipping stale: [AcceptedDifference] = []
    ) -> [String] {
        var lines: [String] = []
        for difference in differences {
            if let declaration = declarations.first(where: { $0.accepts(difference) }) {
                lines.append(acceptedLine(difference, declaration))
            }
        }
        for declaration in perFixture
        where !differences.contains(where: { declaration.accepts($0) })
            && !stale.contains(where: { $0.pathPattern == declaration.pathPattern && $0.reason == declaration.reason })
        {
            lines.append(
                "note: accepted difference `\(declaration.pathPattern)` matched nothing in this fixture (stale?)")
        }
        return lines
    }

    /// The failure a fixture's name calls for, if it is a broken one.
    package static func expectedFailure(for fileName: String) -> DecodingFailureKind? {
        if fileName.contains("-malformed") { return .syntax }
        if fileName.contains("-wrong-type") { return .typeMismatch }
        if fileName.contains("-missing-field") { return .missingKey }
        return nil
    }

    /// Runs a command: `roundtrip [MODEL [GLOB…]]`, `fuzz MODEL [GLOB…] [options]`, `list`,
    /// `help [COMMAND]`. `COMMAND --help` (or `-h`) prints that command's usage, options and exit
    /// codes and returns 0. The commands are declared on WireLock's command-line layer, so their
    /// options, values, usage errors and help are the same as `wirelock`'s.
    /// - Parameters:
    ///   - arguments: the arguments after the tool name.
    ///   - output: receives each line of output.
    ///   - progress: receives progress lines for a terminal (`fuzz`); nil for none.
    /// - Returns: the exit code: 0 all as expected, 1 findings, 2 a usage error or a run that
    ///   could not be done.
    package func run(_ arguments: [String], output: (String) -> Void, progress: ((String) -> Void)? = nil) -> Int32 {
        let invocation = CommandParser.parse(arguments, root: RunnerRootCommand.self, toolName: toolName)
        let status: ExitCode
        // The help of the command reached (the root's when a group command runs without a subcommand).
        func showHelp() {
            output(
                String(
                    HelpFormatter.help(
                        for: invocation.configuration, path: invocation.commandPath,
                        epilogue: [modelList]
                    ).dropLast()))
        }
        switch invocation.action {
        case .showHelp:
            showHelp()
            status = .success
        case .showVersion(let text):
            output(text)
            status = .success
        case .usageError(let error):
            output(
                String(
                    HelpFormatter.usageError(
                        error, configuration: invocation.configuration,
                        path: invocation.commandPath
                    ).dropLast()))
            status = .failure
        case .run(let command):
            switch command {
            case let command as RunnerRoundTripCommand: status = roundTrip(command, output: output)
            case let command as RunnerFuzzCommand: status = fuzz(command, output: output, progress: progress)
            case let command as RunnerCheckCommand: status = check(command, output: output)
            #if WIRELOCK_SPAWN
                case let command as RunnerFuzzWorkerCommand: status = fuzzWorker(command.campaign)
            #endif
            case let command as RunnerExplainCommand: status = explain(command, output: output)
            case let command as RunnerOracleDecoderCommand: status = oracleDecoder(command, output: output)
            case is RunnerListCommand:
                for model in models {
                    output("\(model.name)\t\(model.typeName)\t\(model.fixtures.joined(separator: " "))")
                }
                status = .success
            default:
                showHelp()
                status = .success
            }
        }
        return status.rawValue
    }

    /// `MODELS: movie, series`, at the end of every help page.
    var modelList: String {
        "MODELS: \(models.map(\.name).joined(separator: ", "))"
    }

    /// Prints `TOOL: error: MESSAGE`.
    func reportError(_ message: String, output: (String) -> Void) {
        output("\(toolName): error: \(message)")
    }

    /// The registered model called `name`, or nil after reporting the names that exist.
    func model(named name: String, output: (String) -> Void) -> Model? {
        if let model = models.first(where: { $0.name == name }) { return model }
        reportError("unknown model '\(name)'; known: \(models.map(\.name).joined(separator: ", "))", output: output)
        return nil
    }

    private func roundTrip(_ command: RunnerRoundTripCommand, output: (String) -> Void) -> ExitCode {
        var selected = models
        var globs: [String]? = nil
        if let name = command.model {
            guard let model = model(named: name, output: output) else { return .failure }
            selected = [model]
            if !command.globs.isEmpty { globs = command.globs }
        }
        var total = 0
        var failed = 0
        for model in selected {
            let files = GlobPattern.expand(globs ?? model.fixtures)
            if files.isEmpty {
                reportError(
                    "no fixtures match \((globs ?? model.fixtures).joined(separator: " ")) for model \(model.name)",
                    output: output)
                failed += 1
                continue
            }
            for file in files {
                total += 1
                let outcome = model.roundTrip(URL(fileURLWithPath: file))
                if !outcome.asExpected { failed += 1 }
                output("\(outcome.asExpected ? "ok  " : "FAIL") \(model.name) \(file): \(outcome.summary)")
                for line in outcome.details { output("       " + line) }
            }
        }
        output("\(total) fixture\(total == 1 ? "" : "s"): \(total - failed) as expected, \(failed) failed")
        return failed == 0 ? .success : .findings
    }
}
