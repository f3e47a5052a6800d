import WireCommandLine
import WireCommands
import WireGolden
import WireJSON
import WireShapeTools
import WireShapes
import WireSupport

/// `wirelock lock`: writes (or, with `--check`, verifies) `golden/wirelock.lock` and the shape
/// files `golden/shapes/<name>.shape.json`.
struct LockCommand: ParsableCommand {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "lock",
            abstract: "Write or check golden/wirelock.lock and the shape files.",
            discussion: """
                One line per wire format: its name, shape=SHA-256 of its inferred shape and golden=SHA-256 \
                of its goldens, both over the RFC 8785 (JCS) canonical form. A format is golden/<name>.json \
                plus every .json file under golden/<name>/. The shapes are also written, for review, to \
                golden/shapes/<name>.shape.json. Each reader contract golden/<name>.reads.json (what a \
                model reads, written by assertReaderContract) has a line <name> reads=SHA-256, and each \
                decoded golden golden/<name>.decoded.json (what a model decoded, written by \
                assertDecodedGolden) a line <name> decoded=SHA-256.

                Exit status: 0 when written (or, with --check, up to date), 1 when --check finds differences \
                or a golden is invalid, 2 for a usage error or a file that cannot be read or written.
                """)
    }

    @Flag(
        help:
            "Change nothing: report formats whose lock line or shape file is out of date, and exit with status 1 if any is."
    )
    var check: Bool
    /// The `--golden` value; nil finds the directory as the other golden commands do.
    @Option(CommonOptions.golden) var golden: RawPath?
    @Option(.format(default: .text)) var format: OutputFormat
    @Flag(CommonOptions.force) var force: Bool
    @Flag(CommonOptions.allowEmpty) var allowEmpty: Bool

    func run(in context: CommandContext) -> ExitCode {
        let directory = CommonOptions.goldenDirectory(golden, environment: context.environment).withoutTrailingSlash
        let formats: [GoldenFormat]
        let readers: [(name: String, document: JSONValue)]
        let decoded: [(name: String, document: JSONValue)]
        do {
            let files = try GoldenSources.directory(directory, allowEmpty: allowEmpty)
            formats = try GoldenCatalog.formats(from: files)
            readers = try GoldenCatalog.readerContracts(from: files)
            decoded = try GoldenCatalog.decodedGoldens(from: files)
        } catch let error as GoldenCatalog.Error {
            context.diagnose(error.diagnostic(file: directory.withTrailingSlash.displayed + error.path))
            return .findings
        } catch {
            context.reportError("\(error)")
            return .failure
        }
        let lockFile = directory.appending(GoldenCatalog.lockFileName)
        let lockPath = lockFile.displayed
        // A format's name is already escaped text (it comes from a displayed relative path).
        func shapeFile(_ name: String) -> RawPath {
            directory.appending(GoldenCatalog.shapesFolder).appending("\(name).shape.json")
        }

        if !check {
            let lock: WireLockFile
            do throws(JCS.Error) {
                lock = try WireLockFile.build(formats, readers: readers, decoded: decoded)
            } catch {
                context.reportError("a golden has no RFC 8785 form: \(error)")
                return .findings
            }
            var stale = StaleTemporaries()
            for file in [lockFile] + formats.map({ shapeFile($0.name) }) {
                for temporary in stale.newlyFound(besides: file) {
                    context.reportWarning(StaleTemporaries.warning(temporary))
                }
            }
            do throws(AtomicWriteError) {
                for format in formats {
                    let bytes = format.shape().fileBytes(name: format.name)
                    let file = shapeFile(format.name)
                    if (try? FileReader.readFile(at: file)) != bytes {
                        try GoldenSources.write(bytes, to: file, force: force)
                    }
                }
                try GoldenSources.write(Array(lock.text.utf8), to: lockFile, force: force)
            } catch {
                context.reportError(error.description)
                return .failure
            }
            if format == .json {
                context.output.write(CanonicalJSONWriter.text(Self.document(lock: lock, findings: [], checked: false)))
            } else {
                context.output.write(
                    "wrote \(lockPath) (\(Text.pluralized(lock.entries.count, "format"))\(Self.readers(lock))) and \(Text.pluralized(formats.count, "shape file"))\n"
                )
                // A folder of goldens is one format: say which, so no sample joins a format unnoticed.
                for format in formats where format.samples.contains(where: { $0.path.contains("/") }) {
                    let folder = directory.appending(format.name).displayed
                    let top = format.samples.contains { $0.path == format.name + ".json" } ? " and \(folder).json" : ""
                    context.output.write(
                        "\(format.name): \(Text.pluralized(format.samples.count, "sample")), every golden under \(folder)/\(top)\n"
                    )
                }
            }
            return .success
        }

        let result: LockCheck
        do throws(LockCheck.Error) {
            result = try verifyLock(
                formats, readers: readers, decoded: decoded, lockFile: try? FileReader.readFile(at: lockFile),
                shapeFile: { try? FileReader.readFile(at: shapeFile($0.name)) })
        } catch {
            switch error {
            case .noCanonicalForm(let error):
                context.reportError("a golden has no RFC 8785 form: \(error)")
            case .malformedLockFile(let error):
                context.diagnose("\(lockPath):\(error.line): error: \(error.reason)\n")
            }
            return .findings
        }
        let findings = result.findings.map { finding -> (format: String, kind: String, message: String) in
            switch finding.kind {
            case .missingLockFile:
                (finding.format, finding.kindName, "\(lockPath) does not exist; run `wirelock lock`")
            case .lockLine(let mismatch):
                (finding.format, finding.kindName, mismatch.description)
            case .shapeFileOutdated:
                (
                    finding.format, finding.kindName,
                    "\(finding.format): \(shapeFile(finding.format).displayed) is missing or out of date"
                )
            }
        }
        if format == .json {
            context.output.write(
                CanonicalJSONWriter.text(Self.document(lock: result.expected, findings: findings, checked: true)))
        } else {
            for finding in findings { context.output.write(finding.message + "\n") }
            context.output.write(
                findings.isEmpty
                    ? "\(lockPath): up to date (\(Text.pluralized(result.expected.entries.count, "format"))\(Self.readers(result.expected)))\n"
                    : "\(lockPath): \(Text.pluralized(findings.count, "difference")); run `wirelock lock` and review the change\n"
            )
        }
        return result.isUpToDate ? .success : .findings
    }

    /// `, 6 reader contracts, 1 decoded golden`: the content lines the lock has, if any.
    static func readers(_ lock: WireLockFile) -> String {
        (lock.readers.isEmpty ? "" : ", " + Text.pluralized(lock.readers.count, "reader contract"))
            + (lock.decoded.isEmpty ? "" : ", " + Text.pluralized(lock.decoded.count, "decoded golden"))
    }

    static func document(lock: WireLockFile, findings: [(format: String, kind: String, message: String)], checked: Bool)
        -> JSONValue
    {
        .object(
            JSONObject([
                "formats": .array(
                    lock.entries.map { entry in
                        .object(
                            JSONObject([
                                "name": .string(entry.name), "shape": .string(entry.shapeFingerprint),
                                "golden": .string(entry.goldenFingerprint),
                            ]))
                    }),
                "findings": .array(
                    findings.map { finding in
                        .object(
                            JSONObject([
                                "format": .string(finding.format), "kind": .string(finding.kind),
                                "message": .string(finding.message),
                            ]))
                    }),
                "upToDate": checked ? .bool(findings.isEmpty) : .null,
            ]))
    }
}
