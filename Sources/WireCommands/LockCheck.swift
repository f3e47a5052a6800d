import WireJSON
import WireShapeTools
import WireShapes

/// What `wirelock lock --check` finds, as values: the lock file the goldens call for, and every way
/// the lock file and the shape files on disk disagree with it. The command line renders the
/// findings and chooses the exit status; nothing here reads or writes a file.
///
/// ```swift
/// let formats = try GoldenCatalog.formats(from: files)
/// let check = try verifyLock(formats, lockFile: lockBytes, shapeFile: { shapeBytes[$0.name] })
/// for finding in check.findings { print(finding.kindName, finding.format) }
/// ```
package struct LockCheck: Hashable, Sendable {
    /// One disagreement.
    package struct Finding: Hashable, Sendable {
        /// How the files disagree.
        package enum Kind: Hashable, Sendable {
            /// There is no lock file (or it cannot be read).
            case missingLockFile
            /// A format's line in the lock file disagrees with the goldens.
            case lockLine(WireLockFile.Mismatch)
            /// A format's shape file is missing or differs from its inferred shape.
            case shapeFileOutdated
        }

        /// The format's name; empty for ``Kind/missingLockFile``.
        package var format: String
        /// How the files disagree.
        package var kind: Kind

        /// The stable name machine-readable output shows: `missing-lock`, `shape-file-outdated`, or
        /// the lock line's `WireLockFile.Mismatch.Kind` raw value (`shape-changed`, …).
        package var kindName: String {
            switch kind {
            case .missingLockFile: "missing-lock"
            case .lockLine(let mismatch): mismatch.kind.rawValue
            case .shapeFileOutdated: "shape-file-outdated"
            }
        }
    }

    /// The lock file the goldens call for (what `wirelock lock` would write).
    package var expected: WireLockFile
    /// The disagreements: the lock file's first (missing, or its lines sorted by format name),
    /// then the outdated shape files in format order.
    package var findings: [Finding]

    /// Whether the lock file and every shape file are up to date.
    package var isUpToDate: Bool { findings.isEmpty }

    /// Why a lock check could not be made.
    package enum Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// A golden has no RFC 8785 form (a number beyond the double range), so no fingerprint.
        case noCanonicalForm(JCS.Error)
        /// The lock file is not a lock file; the error names the line.
        case malformedLockFile(WireLockFile.ParseError)

        /// The reason as a sentence (`a golden has no RFC 8785 form: …`).
        package var description: String {
            switch self {
            case .noCanonicalForm(let error): "a golden has no RFC 8785 form: \(error)"
            case .malformedLockFile(let error): "the lock file is malformed: \(error)"
            }
        }
    }
}

/// Checks a golden directory's lock file and shape files against its goldens, without touching
/// the disk: the caller reads the files and passes their bytes.
///
/// Each format's shape is inferred once, for both its lock line and its shape file.
///
/// ```swift
/// let check = try verifyLock(formats, lockFile: nil, shapeFile: { _ in nil })
/// check.findings.first?.kindName   // "missing-lock"
/// ```
/// - Parameters:
///   - formats: the goldens, as ``GoldenCatalog/formats(from:)`` groups them.
///   - readers: the reader contracts, as ``GoldenCatalog/readerContracts(from:)`` lists them.
///   - decoded: the decoded goldens, as ``GoldenCatalog/decodedGoldens(from:)`` lists them.
///   - lockFile: the lock file's bytes; nil when there is none.
///   - shapeFile: a format's shape file bytes (`shapes/<name>.shape.json`); nil when there is none.
///   - enumRule: when a string position counts as an enum in the inferred shapes (see
///     `WireShape.EnumRule`).
/// - Returns: the expected lock file and the findings (none when everything is up to date).
/// - Throws: ``LockCheck/Error/noCanonicalForm(_:)`` when a golden has no JCS form;
///   ``LockCheck/Error/malformedLockFile(_:)`` when the lock file cannot be parsed.
package func verifyLock(
    _ formats: [GoldenFormat], readers: [(name: String, document: JSONValue)] = [],
    decoded: [(name: String, document: JSONValue)] = [], lockFile: [UInt8]?,
    shapeFile: (GoldenFormat) -> [UInt8]?, enumRule: WireShape.EnumRule = .standard
) throws(LockCheck.Error) -> LockCheck {
    var entries: [WireLockFile.Entry] = []
    var outdated: [LockCheck.Finding] = []
    for format in formats {
        let shape = format.shape(enumRule: enumRule)
        do throws(JCS.Error) { entries.append(try WireLockFile.Entry(format, shape: shape)) } catch {
            throw .noCanonicalForm(error)
        }
        if shapeFile(format) != shape.fileBytes(name: format.name) {
            outdated.append(LockCheck.Finding(format: format.name, kind: .shapeFileOutdated))
        }
    }
    let contents: [WireLockFile.ContentEntry]
    do throws(JCS.Error) {
        contents = try WireLockFile.contentEntries(readers: readers, decoded: decoded)
    } catch {
        throw .noCanonicalForm(error)
    }
    let expected = WireLockFile(entries: entries, contents: contents)
    var findings: [LockCheck.Finding] = []
    if let lockFile {
        let locked: WireLockFile
        do throws(WireLockFile.ParseError) {
            locked = try WireLockFile.parse(String(decoding: lockFile, as: UTF8.self))
        } catch {
            throw .malformedLockFile(error)
        }
        findings = locked.mismatches(against: expected).map { LockCheck.Finding(format: $0.name, kind: .lockLine($0)) }
    } else {
        findings = [LockCheck.Finding(format: "", kind: .missingLockFile)]
    }
    return LockCheck(expected: expected, findings: findings + outdated)
}
