import Foundation
import WireFuzz
import WireJSON

/// A command line for an app's own models: register each `Codable` model by name with the fixtures
/// that hold its payloads, and `run` gives `roundtrip` (and `list`) over them.
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
public struct ModelRunner: Sendable {
    struct Model: Sendable {
        var name: String
        var typeName: String
        var fixtures: [String]
        var roundTrip: @Sendable (URL) -> FixtureOutcome
        /// The model for `fuzz` campaigns.
        var fuzzModel: FuzzModel
    }

    /// What happened to one fixture.
    public struct FixtureOutcome: Sendable {
        /// Whether this is what the fixture's name calls for.
        public var asExpected: Bool
        /// One-line summary (`lossless`, `rejected: typeMismatch at $.x`, `LOSSY: …`).
        public var summary: String
        /// Further lines (the differences), indented under the summary.
        public var details: [String]
    }

    let toolName: String
    private(set) var models: [Model] = []

    /// A runner with no models yet. `toolName` starts its error lines (`my-models: error: …`) and its
    /// usage text; register models with ``register(_:as:fixtures:decoder:encoder:accepting:acceptingByFixture:)``.
    public init(toolName: String) {
        self.toolName = toolName
    }

    /// Registers a model.
    /// - Parameters:
    ///   - name: the name used on the command line (`movie`).
    ///   - fixtures: glob patterns, relative to the working directory, of its fixtures.
    ///   - decoder, encoder: factories for the coders the app really uses.
    ///   - accepting: differences its round trip is allowed to have in every fixture.
    ///   - acceptingByFixture: differences allowed in one fixture only, keyed by the fixture's file
    ///     name with or without `.json` (`movies-extra-field`), or a pattern over it
    ///     (`movies-*`). Prefer these: an accepted difference then cannot hide the same loss in
    ///     another payload. A declaration that names no member of its fixture or of the re-encoded
    ///     value fails the fixture as stale (a misspelt or Swift-side name); one that names a member
    ///     but matches no difference is reported as a note.
    public mutating func register<T: Codable & SendableMetatype>(
        _ type: T.Type, as name: String, fixtures: [String],
        decoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() },
        encoder: @escaping @Sendable () -> JSONEncoder = { JSONEncoder() },
        accepting: [AcceptedDifference] = [],
        acceptingByFixture: [String: [AcceptedDifference]] = [:]
    ) {
        models.append(Model(name: name, typeName: "\(T.self)", fixtures: fixtures, roundTrip: { url in
            let perFixture = ModelRunner.acceptedDifferences(for: url.lastPathComponent, in: acceptingByFixture)
            return ModelRunner.outcome(T.self, url, decoder(), encoder(), accepting, perFixture: perFixture)
        }, fuzzModel: .codable(T.self, name: name, decoder: decoder, encoder: encoder)))
    }

    /// The per-fixture declarations whose key names `fileName` (`movies-extra-field.json`): the
    /// key itself, or the key plus `.json`, as an `fnmatch` pattern.
    static func acceptedDifferences(for fileName: String, in byFixture: [String: [AcceptedDifference]]) -> [AcceptedDifference] {
        byFixture.keys.sorted().filter { key in
            fnmatch(key, fileName, 0) == 0 || fnmatch(key + ".json", fileName, 0) == 0
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

    static func outcome<T: Codable>(_ type: T.Type, _ url: URL, _ decoder: JSONDecoder, _ encoder: JSONEncoder,
                                    _ accepting: [AcceptedDifference], perFixture: [AcceptedDifference] = []) -> FixtureOutcome {
        let name = url.lastPathComponent
        if let expected = expectedFailure(for: name) {
            switch decodingFailure(T.self, at: url, decoder: decoder) {
            case nil:
                return FixtureOutcome(asExpected: false, summary: "ACCEPTED: decoded without error, expected \(expected.rawValue)", details: [])
            case .failure(let failure)?:
                return FixtureOutcome(asExpected: false, summary: "ERROR: \(failure.message)", details: [])
            case .success(let seen)?:
                let ok = seen.kind == expected
                return FixtureOutcome(asExpected: ok, summary: (ok ? "rejected: " : "MISCLASSIFIED (expected \(expected.rawValue)): ") + seen.description, details: [])
            }
        }
        // Per-fixture declarations first, so a difference is credited to the most specific reason.
        let declarations = perFixture + accepting
        switch RoundTrip.check(T.self, fixtureAt: url, decoder: decoder, encoder: encoder, accepting: declarations) {
        case .success(let result):
            let accepted = result.differences.count
            let stale = perFixture.filter { declaration in result.stale.contains { $0.pathPattern == declaration.pathPattern && $0.reason == declaration.reason } }
            if !stale.isEmpty {
                return FixtureOutcome(asExpected: false, summary: "STALE",
                                      details: stale.map { RoundTrip.describeStale($0) }
                                        + acceptedDetails(result.differences, declarations, perFixture: perFixture, skipping: stale))
            }
            return FixtureOutcome(asExpected: true,
                                  summary: accepted == 0 ? "lossless" : "lossless (\(accepted) accepted difference\(accepted == 1 ? "" : "s"))",
                                  details: acceptedDetails(result.differences, declarations, perFixture: perFixture))
        case .failure(let failure):
            guard !failure.differences.isEmpty else {
                return FixtureOutcome(asExpected: false, summary: "ERROR", details: [failure.message])
            }
            // A lossy check reports only the unexpected differences; one accepting nothing reports all.
            let unexpected = Set(failure.differences)
            var accepted: [JSONDifference] = []
            if case .failure(let all) = RoundTrip.check(T.self, fixtureAt: url, decoder: decoder, encoder: encoder, accepting: []) {
                accepted = all.differences.filter { !unexpected.contains($0) }
            }
            return FixtureOutcome(asExpected: false, summary: "LOSSY",
                                  details: failure.differences.map { RoundTrip.describe($0) }
                                    + acceptedDetails(accepted, declarations, perFixture: perFixture))
        }
    }

    /// One line per accepted difference (path, what changed, the declared reason), then a note for
    /// each per-fixture declaration that matched nothing.
    static func acceptedDetails(_ differences: [JSONDifference], _ declarations: [AcceptedDifference],
                                perFixture: [AcceptedDifference], skipping stale: [AcceptedDifference] = []) -> [String] {
        var lines: [String] = []
        for difference in differences {
            if let declaration = declarations.first(where: { $0.accepts(difference) }) {
                lines.append(acceptedLine(difference, declaration))
            }
        }
        for declaration in perFixture where !differences.contains(where: { declaration.accepts($0) })
            && !stale.contains(where: { $0.pathPattern == declaration.pathPattern && $0.reason == declaration.reason }) {
            lines.append("note: accepted difference `\(declaration.pathPattern)` matched nothing in this fixture (stale?)")
        }
        return lines
    }

    /// The failure a fixture's name calls for, if it is a broken one.
    public static func expectedFailure(for fileName: String) -> DecodingFailureKind? {
        if fileName.contains("-malformed") { return .syntax }
        if fileName.contains("-wrong-type") { return .typeMismatch }
        if fileName.contains("-missing-field") { return .missingKey }
        return nil
    }

    /// Runs a command: `roundtrip [MODEL [GLOB…]]`, `fuzz MODEL [GLOB…] [options]`, `list`,
    /// `help [COMMAND]`. `COMMAND --help` (or `-h`) prints that command's usage, options and exit
    /// codes and returns 0.
    /// - Parameters:
    ///   - arguments: the arguments after the tool name.
    ///   - output: receives each line of output.
    ///   - progress: receives progress lines for a terminal (`fuzz`); nil for none.
    /// - Returns: the exit code.
    public func run(_ arguments: [String], output: (String) -> Void, progress: ((String) -> Void)? = nil) -> Int32 {
        guard let command = arguments.first else {
            output(usage)
            return 2
        }
        if command == "help" || command == "--help" || command == "-h" {
            guard arguments.count > 1 else {
                output(usage)
                return 0
            }
            guard let text = help(for: arguments[1]) else {
                output("\(toolName): error: unknown command '\(arguments[1])'\n\n" + usage)
                return 2
            }
            output(text)
            return 0
        }
        if command != ModelRunner.workerCommand, arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }),
           let text = help(for: command) {
            output(text)
            return 0
        }
        switch command {
        case "list":
            for model in models {
                output("\(model.name)\t\(model.typeName)\t\(model.fixtures.joined(separator: " "))")
            }
            return 0
        case "roundtrip":
            return roundTrip(Array(arguments.dropFirst()), output: output)
        case "fuzz":
            return fuzz(Array(arguments.dropFirst()), output: output, progress: progress)
        case ModelRunner.workerCommand:
            return fuzzWorker(Array(arguments.dropFirst()), output: output)
        default:
            output("\(toolName): error: unknown command '\(command)'\n\n" + usage)
            return 2
        }
    }

    var usage: String {
        """
        USAGE: \(toolName) <command> [arguments]

        COMMANDS:
          roundtrip [MODEL [GLOB...]]   Round-trip every fixture of every model (or of MODEL, or the
                                        files matching GLOB): broken fixtures (-malformed, -wrong-type,
                                        -missing-field) must be rejected, the others must survive
                                        decode and re-encode without loss.
          fuzz MODEL [GLOB...]          Run a fuzz campaign: mutants of the model's fixtures (or of
                                        the files matching GLOB) are decoded in a worker process and
                                        judged; findings are shrunk and saved as regression cases
                                        (new ones make the exit status 1). Options: --seed S,
                                        --count N, --mutators LIST, --shard I/N, --out DIR (the
                                        regressions folder, default Fixtures/fuzz-regressions),
                                        --time-limit SECONDS, --format text|json, --quiet,
                                        --in-process (no worker: a crash ends the run).
          list                          List the registered models and their fixtures.
          help [COMMAND]                Show this help, or a command's (also COMMAND --help).

        MODELS: \(models.map(\.name).joined(separator: ", "))
        """
    }

    /// The help of one command (`roundtrip`, `fuzz`, `list`, `help`), or nil for another word.
    func help(for command: String) -> String? {
        let models = "MODELS: \(self.models.map(\.name).joined(separator: ", "))"
        switch command {
        case "roundtrip":
            return """
                USAGE: \(toolName) roundtrip [MODEL [GLOB...]]

                Decodes every fixture of every model (or of MODEL, or the files matching GLOB) and
                encodes it again. Fixtures named -malformed, -wrong-type or -missing-field must be
                rejected with that kind of error; every other fixture must survive without loss, up to
                the differences the model accepts (each one is listed with its reason).

                EXIT STATUS: 0 every fixture as expected, 1 some fixture failed (or a pattern matched
                no file), 2 unknown model.

                \(models)
                """
        case "fuzz":
            return """
                USAGE: \(toolName) fuzz MODEL [GLOB...] [options]

                Mutants of the model's fixtures (or of the files matching GLOB) are decoded in a worker
                process and judged: each must be rejected with the right kind of error at the mutated
                path, or accepted without loss. Findings are grouped (mutator, outcome, path); one per
                group is shrunk and saved as a regression case under --out; a finding whose case is
                already there does not fail the run.

                OPTIONS:
                  --seed S              The campaign's seed (default 0); same seed, same mutants.
                  -n, --count N         How many mutants (default 10000).
                  --mutators LIST       Comma-separated mutators (default: all of
                                        \(Mutator.allCases.map(\.rawValue).joined(separator: ", "))).
                  --shard I/N           Run only the I-th of N interleaved shards.
                  -o, --out DIR         The regressions folder (default Fixtures/fuzz-regressions).
                  --time-limit SECONDS  A mutant taking longer is a hang (default 5).
                  --format text|json    Output for people (default) or one JSON document.
                  -q, --quiet           No progress on a terminal.
                  --in-process          No worker process: faster, but a crash ends the run.
                  -h, --help            Show this help.

                EXIT STATUS: 0 no new finding, 1 new findings (saved for review), 2 usage error,
                unknown model, no fixture, a worker that fails, or a case that cannot be saved.

                \(models)
                """
        case "list":
            return """
                USAGE: \(toolName) list

                Lists the registered models: name, Swift type and fixture patterns, one per line.

                EXIT STATUS: 0.
                """
        case "help":
            return """
                USAGE: \(toolName) help [COMMAND]

                Shows the commands, or one command's usage, options and exit status.

                EXIT STATUS: 0, or 2 for an unknown command.
                """
        default:
            return nil
        }
    }

    private func roundTrip(_ arguments: [String], output: (String) -> Void) -> Int32 {
        var selected = models
        var globs: [String]? = nil
        if let name = arguments.first {
            guard let model = models.first(where: { $0.name == name }) else {
                output("\(toolName): error: unknown model '\(name)'; known: \(models.map(\.name).joined(separator: ", "))")
                return 2
            }
            selected = [model]
            if arguments.count > 1 { globs = Array(arguments.dropFirst()) }
        }
        var total = 0
        var failed = 0
        for model in selected {
            let files = Glob.expand(globs ?? model.fixtures)
            if files.isEmpty {
                output("\(toolName): error: no fixtures match \((globs ?? model.fixtures).joined(separator: " ")) for model \(model.name)")
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
        return failed == 0 ? 0 : 1
    }
}

/// File-name patterns (`*`, `?`, `[…]`) expanded with the C library's `glob`, sorted.
enum Glob {
    static func expand(_ patterns: [String]) -> [String] {
        var files: [String] = []
        for pattern in patterns {
            var result = glob_t()
            defer { globfree(&result) }
            guard glob(pattern, 0, nil, &result) == 0 else { continue }
            for i in 0..<Int(result.gl_pathc) {
                if let path = result.gl_pathv[i] { files.append(String(cString: path)) }
            }
        }
        return Array(Set(files)).sorted()
    }
}
