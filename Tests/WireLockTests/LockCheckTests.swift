import Testing
import WireCommands
import WireGolden
import WireJSON
import WireShapeTools
import WireShapes

/// `verifyLock`: the lock check as values (the command line only reads the files and renders).
@Suite("Lock check")
struct LockCheckTests {
    static func formats(_ pairs: [(String, String)]) throws -> [GoldenFormat] {
        try GoldenCatalog.formats(from: pairs.map { (path: $0.0, bytes: Array($0.1.utf8)) })
    }

    /// The files `wirelock lock` would write for `formats`.
    static func written(_ formats: [GoldenFormat]) throws -> (lock: [UInt8], shapes: [String: [UInt8]]) {
        let lock = try WireLockFile.build(formats)
        return (
            Array(lock.text.utf8),
            Dictionary(uniqueKeysWithValues: formats.map { ($0.name, $0.shape().fileBytes(name: $0.name)) })
        )
    }

    @Test func upToDateWhenTheFilesAreWhatLockWrites() throws {
        let formats = try Self.formats([("a.json", #"{"x":1}"#), ("b/one.json", "[1]")])
        let files = try Self.written(formats)
        let check = try verifyLock(formats, lockFile: files.lock, shapeFile: { files.shapes[$0.name] })
        #expect(check.isUpToDate)
        #expect(check.findings.isEmpty)
        #expect(check.expected == (try WireLockFile.build(formats)))
    }

    @Test func aMissingLockFileComesFirstThenTheShapeFiles() throws {
        let formats = try Self.formats([("a.json", #"{"x":1}"#), ("b.json", "[1]")])
        let files = try Self.written(formats)
        let check = try verifyLock(formats, lockFile: nil, shapeFile: { $0.name == "b" ? files.shapes["b"] : nil })
        #expect(check.findings.map(\.kindName) == ["missing-lock", "shape-file-outdated"])
        #expect(check.findings.map(\.format) == ["", "a"])
        #expect(!check.isUpToDate)
    }

    @Test func changedGoldensAreLockLineFindingsSortedByName() throws {
        let old = try Self.formats([("shape.json", #"{"x":1}"#), ("values.json", #"{"x":1}"#), ("gone.json", "1")])
        let new = try Self.formats([("shape.json", #"{"x":"1"}"#), ("values.json", #"{"x":2}"#), ("added.json", "1")])
        let files = try Self.written(new)
        let check = try verifyLock(new, lockFile: try Self.written(old).lock, shapeFile: { files.shapes[$0.name] })
        #expect(
            check.findings.map { "\($0.format) \($0.kindName)" }
                == ["added not-locked", "gone no-goldens", "shape shape-changed", "values golden-changed"])
        guard case .lockLine(let mismatch) = check.findings[2].kind else {
            Issue.record("expected a lock-line finding, got \(check.findings[2].kind)")
            return
        }
        #expect(mismatch.kind == .shapeChanged)
    }

    @Test func aMalformedLockFileNamesItsLine() throws {
        let formats = try Self.formats([("a.json", "1")])
        #expect {
            try verifyLock(formats, lockFile: Array("# lock\na shape=1\n".utf8), shapeFile: { _ in nil })
        } throws: { error in
            guard case LockCheck.Error.malformedLockFile(let parseError) = error else { return false }
            return parseError.line == 2
                && parseError.reason
                    == "expected '<format> shape=<sha256> golden=<sha256>', '<name> reads=<sha256>' or "
                    + "'<name> decoded=<sha256>', got 'a shape=1'"
        }
    }

    @Test func aGoldenWithoutACanonicalFormIsAnError() throws {
        let formats = try Self.formats([("big.json", "1e400")])
        #expect {
            try verifyLock(formats, lockFile: nil, shapeFile: { _ in nil })
        } throws: { error in
            guard case LockCheck.Error.noCanonicalForm = error else { return false }
            return true
        }
    }

    // MARK: Reader contracts

    static let contractText = """
        {"format": 1, "model": "M", "fixtures": ["m"], "dropped": [], "reads": {"$": {"kinds": ["object"]}}}
        """

    @Test func readerContractsAreLockedBesideTheFormatsAndNotTakenForGoldens() throws {
        let files: [(path: String, bytes: [UInt8])] = [
            ("a.json", Array(#"{"x":1}"#.utf8)), ("models/m.reads.json", Array(Self.contractText.utf8)),
            ("models/m.reads.actual.json", Array("{}".utf8)),
        ]
        let formats = try GoldenCatalog.formats(from: files)
        #expect(formats.map(\.name) == ["a"])
        let readers = try GoldenCatalog.readerContracts(from: files)
        #expect(readers.map(\.name) == ["models/m"])
        let lock = try WireLockFile.build(formats, readers: readers)
        #expect(lock.text.hasSuffix("models/m reads=\(lock.readers[0].fingerprint)\n"))
        #expect(try WireLockFile.parse(lock.text) == lock)
        let shapes = Dictionary(uniqueKeysWithValues: formats.map { ($0.name, $0.shape().fileBytes(name: $0.name)) })
        let upToDate = try verifyLock(
            formats, readers: readers, lockFile: Array(lock.text.utf8), shapeFile: { shapes[$0.name] })
        #expect(upToDate.isUpToDate)
        // The model reads differently: its contract changed, and the lock says which.
        let changed = [
            (
                name: "models/m",
                document: try JSONValue.parse(Self.contractText.replacingOccurrences(of: "object", with: "array"))
            )
        ]
        let check = try verifyLock(
            formats, readers: changed, lockFile: Array(lock.text.utf8), shapeFile: { shapes[$0.name] })
        #expect(check.findings.map(\.kindName) == ["reads-changed"])
        let unlocked = try verifyLock(
            formats, readers: readers, lockFile: Array(try WireLockFile.build(formats).text.utf8),
            shapeFile: { shapes[$0.name] })
        #expect(unlocked.findings.map(\.kindName) == ["reads-not-locked"])
    }

    @Test func aBadReaderContractIsNamedWithItsPlace() {
        #expect {
            try GoldenCatalog.readerContracts(from: [("m.reads.json", Array(#"{"format": 1, "model": 3}"#.utf8))])
        } throws: { error in
            (error as? GoldenCatalog.Error)?.description
                == "m.reads.json: 1:15: expected the model's name, a string (at $.model)"
        }
    }
}
