import WireCommandLine
import WireCommands
import WireGolden
import WireJSON
import WireShapeTools
import WireShapes
import WireSupport

/// `wirelock diff`: classifies every change between two versions of the wire formats, for new
/// readers of old payloads (backward) and old readers of new payloads (forward).
struct DiffCommand: ParsableCommand {
    /// text and json as everywhere, and GitHub workflow annotations.
    enum Format: String, OutputFormatChoice {
        case text, json, github

        var audience: String {
            switch self {
            case .text: OutputFormat.text.audience
            case .json: OutputFormat.json.audience
            case .github: "for workflow annotations"
            }
        }
    }

    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "diff",
            abstract: "Classify wire-format changes between two versions as breaking or not.",
            discussion: """
                Formats are matched by name (golden/<name>.json and golden/<name>/**.json) and their inferred \
                shapes compared. Each change has a stable rule name and is judged backward (new reader, old \
                payload) and forward (old reader, new payload). Rules: \(WireRule.all.map(\.rawValue).joined(separator: ", ")).

                With --reads, only changes at paths a reader contract's model reads are reported and \
                judged (golden/<name>.reads.json, recorded by assertReaderContract).

                With --openapi, OLD and NEW are two versions of an OpenAPI document (JSON): the \
                response-side changes of every operation (an operation, success status or JSON media \
                type removed; a member removed, added, made optional or required, made nullable, retyped; \
                enum values added or removed) are named by oasdiff's rule ids and judged by the reader \
                contracts mapped to them (wirelock.json's openapi.contracts, --map): "breaks: NAME reads \
                PATH …", "copes: …", or "no reader reads it". Only changes a reader reads are listed \
                (--all lists every one); a count per rule follows. Exit 1 only when a change breaks a reader.

                Exit status: 0 when nothing breaks (or only --allow'ed rules do), 1 when a change breaks a \
                reader or an input is not valid JSON (or not a shape file), 2 for a usage error or an input \
                that cannot be read.
                """)
    }

    @Option(
        "git", valueName: "rev", as: .text,
        help:
            "Compare the golden directory at this git revision (read with git, no checkout) with the working tree. Takes at most one path: the golden directory."
    )
    var revision: String?
    @Option(CommonOptions.golden) var givenGolden: RawPath?
    @Option(.format(default: .text)) var format: Format
    @Option(
        "allow", valueName: "rules",
        as: .custom { text in
            var rules = Set<WireRule>()
            for name in text.split(separator: ",").map({ String($0).trimmingSpaces() }) where !name.isEmpty {
                let rule = WireRule(rawValue: name)
                guard WireRule.all.contains(rule) else {
                    return .failure(
                        .message(
                            "unknown rule '\(name)' for '--allow'; rules: \(WireRule.all.map(\.rawValue).joined(separator: ", "))"
                        ))
                }
                rules.insert(rule)
            }
            return .success(rules)
        }, default: [], showsDefault: false,
        help: "Comma-separated rule names whose breaking changes do not fail the run (they are still reported).")
    var allowed: Set<WireRule>
    @Option(
        "reads", valueName: "file", as: .path,
        help:
            "A reader contract (golden/<name>.reads.json), repeatable: report only the changes at paths its model reads (a member no model reads cannot break this client)."
    )
    var readsPaths: [RawPath]
    @Flag(
        "openapi",
        help:
            "OLD and NEW are OpenAPI documents (JSON): list response-side changes by oasdiff rule id, judged by the mapped reader contracts."
    )
    var openAPI: Bool
    @Option(
        "config", valueName: "file", as: .path,
        help: "With --openapi: the configuration holding the mapping and the golden folder (default: wirelock.json).")
    var configPath: RawPath?
    @Option(
        "map", valueName: "name=target", as: .text,
        help:
            "With --openapi: where a contract's payload is described, e.g. 'movie=GET /api/v3/movie 200' (repeatable).")
    var maps: [String]
    @Flag(help: "With --openapi: also list the changes no reader reads.") var all: Bool
    @OptionGroup var inputs: InputOptions
    @Argument(
        "path",
        help:
            "OLD and NEW: golden directories, golden files or shape files (*.shape.json); with --git, the golden directory only.",
        isRequired: false)
    var paths: [RawPath]

    /// The golden directory given (`--golden` or the path), or nil for the package's own.
    var golden: RawPath?

    mutating func validate() throws(UsageError) {
        if openAPI {
            guard revision == nil, paths.count == 2 else {
                throw UsageError("with --openapi, give OLD and NEW: two OpenAPI documents")
            }
            return
        }
        if configPath != nil || !maps.isEmpty || all {
            throw UsageError("--config, --map and --all go with --openapi")
        }
        golden = givenGolden
        if revision != nil {
            guard paths.count <= 1 else { throw UsageError("with --git, give at most one path (the golden directory)") }
            if let path = paths.first { golden = path }
        } else if paths.count != 2 {
            throw UsageError("expected OLD and NEW paths, or --git <rev>")
        }
    }

    /// One side's formats, and where annotations should point for each.
    struct Side {
        var formats: [WireFormatSide]
        var files: [String: String]
    }

    func run(in context: CommandContext) -> ExitCode {
        if openAPI { return runOpenAPI(in: context) }
        let old: Side
        let new: Side
        do {
            if let revision {
                // As the other commands find it, so `diff --git` works from any folder of the package.
                let directory = CommonOptions.goldenDirectory(golden, environment: context.environment)
                    .withoutTrailingSlash
                old = try Self.side(
                    files: try GoldenSources.git(revision: revision, directory: directory, excludes: inputs.excludes),
                    root: directory.displayed)
                new = try Self.side(
                    files: try GoldenSources.directory(
                        directory, allowEmpty: inputs.allowEmpty, excludes: inputs.excludes),
                    root: directory.displayed)
            } else {
                let bothFiles = !FileSystem.isDirectory(paths[0]) && !FileSystem.isDirectory(paths[1])
                let name = bothFiles ? ShapeCommand.defaultName(paths[1]) : nil
                old = try Self.side(path: paths[0], name: name, inputs: inputs)
                new = try Self.side(path: paths[1], name: name, inputs: inputs)
            }
        } catch let error as GoldenCatalog.Error {
            // An input that is not valid JSON (or not a shape file) is invalid input, status 1, in
            // the form every command uses.
            context.diagnose(error.diagnostic(file: error.path))
            return .findings
        } catch {
            context.reportError("\(error)")
            return .failure
        }
        var reports = WireFormatComparison.compare(old: old.formats, new: new.formats)
        var unread = 0
        if !readsPaths.isEmpty {
            do throws(ReaderContractFiles.LoadError) {
                (reports, unread) = ReaderScope.keepingReadChanges(
                    reports, reads: try ReaderContractFiles.load(readsPaths))
            } catch {
                context.reportError(error.description)
                return .failure
            }
        }
        let files = new.files.merging(old.files) { a, _ in a }
        switch format {
        case .text:
            context.output.write(
                DiffRenderer.text(
                    reports, allowed: allowed, compared: Set(old.formats.map(\.name) + new.formats.map(\.name)).count,
                    style: context.outputStyle))
            if !readsPaths.isEmpty {
                context.output.write(
                    "left out: \(unread) change\(unread == 1 ? "" : "s") at paths the reader contract"
                        + "\(readsPaths.count == 1 ? " does" : "s do") not read\n")
            }
        case .json: context.output.write(CanonicalJSONWriter.text(DiffRenderer.json(reports, allowed: allowed)))
        case .github: context.output.write(DiffRenderer.github(reports, allowed: allowed, files: files))
        }
        return reports.contains { $0.isBreaking(allowing: allowed) } ? .findings : .success
    }

    /// A side from a path: a golden directory, a shape file, or a single golden file (named `name`).
    /// - Parameter inputs: how a golden directory is walked (`--exclude`; `--allow-empty` accepts
    ///   one without any golden).
    static func side(path: RawPath, name: String?, inputs: InputOptions) throws -> Side {
        if FileSystem.isDirectory(path) {
            return try side(
                files: try GoldenSources.directory(path, allowEmpty: inputs.allowEmpty, excludes: inputs.excludes),
                root: path.withoutTrailingSlash.displayed)
        }
        let file = try GoldenSources.file(path)
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONValue.parse(file.bytes)
        } catch {
            throw GoldenCatalog.Error(path: path.displayed, reason: JSONDiagnostic(error).headline, syntaxError: error)
        }
        if path.hasSuffix(".shape.json") {
            do throws(WireShape.DecodingError) {
                let decoded = try WireShape.decodeFile(value)
                return Side(formats: [WireFormatSide(name: name ?? decoded.name, shape: decoded.shape)], files: [:])
            } catch {
                throw GoldenCatalog.Error(path: path.displayed, reason: error.description)
            }
        }
        let formatName = name ?? ShapeCommand.defaultName(path)
        // The sample is keyed as golden/<name>.json would be, not by the path as typed: the content
        // fingerprint includes the key, and `a.json` and `./a.json` are the same golden.
        let format = GoldenFormat(name: formatName, samples: [.init(path: formatName + ".json", document: value)])
        return Side(formats: [try WireFormatSide(format)], files: [formatName: path.displayed])
    }

    /// A side from a golden directory's files.
    static func side(files: [GoldenFile], root: String) throws -> Side {
        let formats: [GoldenFormat]
        do throws(GoldenCatalog.Error) {
            formats = try GoldenCatalog.formats(from: files)
        } catch {
            // Name the file as the user sees it, not relative to the golden directory.
            var located = error
            located.path = root + "/" + error.path
            throw located
        }
        var site: [String: String] = [:]
        for format in formats { site[format.name] = format.samples.first.map { root + "/" + $0.path } }
        return Side(formats: try formats.map { try WireFormatSide($0) }, files: site)
    }
}
