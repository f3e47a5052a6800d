import WireCommandLine
import WireCommands
import WireJSON
import WireShapes
import WireSupport

/// `wirelock shape`: infers the shape of a wire format from sample documents and prints it as a
/// reviewable shape file, or as JSON Schema.
struct ShapeCommand: ParsableCommand {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "shape",
            abstract: "Infer the shape of a wire format from sample documents.",
            discussion: """
                Per position: the kinds seen (string formats: RFC 3339 date-time with its fractional digits \
                and offset style, date, uuid, url, integer-string), members required (in every sample) or \
                optional, array elements, and enums (at least 4 strings, at most 8 values, each seen twice). \
                The output is canonical JSON, the form of golden/shapes/<name>.shape.json.

                Exit status: 0 on success, 1 when a sample is not valid JSON, 2 for a usage error or a file \
                that cannot be read or written.
                """)
    }

    @Option(
        valueName: "name", as: .text,
        help: "The format's name recorded in the shape file (default: the first path's name without .json).")
    var name: String?
    @Option(
        short: "o", valueName: "file", as: .path,
        help: "Write to this file (atomically, creating folders) instead of standard output.")
    var out: RawPath?
    @Flag(help: "Print JSON Schema (draft 2020-12) instead of a WireLock shape file.") var schema: Bool
    @Flag(CommonOptions.force) var force: Bool
    @OptionGroup var inputs: InputOptions
    @Argument(
        "path",
        help:
            "Sample documents: .json files, or directories searched recursively for them. All are samples of one format."
    )
    var paths: [RawPath]

    func run(in context: CommandContext) -> ExitCode {
        var documents: [JSONValue] = []
        for path in paths {
            let files: [GoldenFile]
            do throws(GoldenSources.ReadError) {
                files =
                    FileSystem.isDirectory(path)
                    ? try GoldenSources.directory(path, allowEmpty: inputs.allowEmpty, excludes: inputs.excludes)
                    : [try GoldenSources.file(path)]
            } catch {
                context.reportError(error.description)
                return .failure
            }
            for file in files {
                let shown = FileSystem.isDirectory(path) ? path.withTrailingSlash.displayed + file.path : file.path
                do throws(JSONSyntaxError) {
                    documents.append(try JSONValue.parse(file.bytes))
                } catch {
                    context.diagnose(JSONDiagnostic(error, file: shown).block())
                    return .findings
                }
            }
        }
        guard !documents.isEmpty else {
            context.reportError("no .json samples found in \(paths.map(\.displayed).joined(separator: " "))")
            return .failure
        }
        let shape = WireShape.infer(from: documents)
        let formatName = name ?? Self.defaultName(paths[0])
        let bytes =
            schema ? CanonicalJSONWriter.bytes(shape.jsonSchema(title: formatName)) : shape.fileBytes(name: formatName)
        if let out {
            var stale = StaleTemporaries()
            for temporary in stale.newlyFound(besides: out) {
                context.reportWarning(StaleTemporaries.warning(temporary))
            }
            do throws(AtomicWriteError) {
                try GoldenSources.write(bytes, to: out, force: force)
            } catch {
                context.reportError(error.description)
                return .failure
            }
            context.output.write("wrote \(out.displayed) (\(Text.pluralized(documents.count, "sample")))\n")
        } else {
            context.output.write(String(decoding: bytes, as: UTF8.self))
        }
        return .success
    }

    /// `golden/movies/` → `movies`, `a/movie.json` → `movie`; escaped by ``PathDisplay``, as
    /// names from a golden directory are.
    static func defaultName(_ path: RawPath) -> String {
        let last = RawPath(bytes: path.lastComponent)
        for suffix in [".shape.json", ".json"] where last.hasSuffix(suffix) {
            return PathDisplay.escaped(last.bytes.dropLast(suffix.utf8.count))
        }
        return last.displayed
    }
}
