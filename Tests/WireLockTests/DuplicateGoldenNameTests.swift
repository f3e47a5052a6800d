import Foundation
import Testing
import WireJSON
import WireShapes

@testable import WireGolden
@testable import WireLock

/// Two tests that record one golden name with different content: one of them fails on every later
/// run. The second writer in a run is told so, with both call sites.
@Suite("Two writers of one golden")
struct DuplicateGoldenNameTests {
    struct Item: Codable { var id: Int }

    static let firstLine = #line + 2
    static func firstTest(_ directory: URL) -> WireLockFailure? {
        verifyGolden(Item(id: 1), named: "dup", goldenDirectory: directory, environment: local)
    }

    static let secondLine = #line + 2
    static func secondTest(_ directory: URL) -> WireLockFailure? {
        verifyGolden(Item(id: 2), named: "dup", goldenDirectory: directory, environment: local)
    }

    @Test func theSecondWriterNamesBothCallSites() throws {
        let box = try Sandbox()
        #expect(Self.firstTest(box.golden)?.message.hasPrefix("recorded ") == true)
        let failure = try #require(Self.secondTest(box.golden))
        #expect(failure.message.contains("two tests write golden"), "\(failure.message)")
        #expect(failure.message.contains("DuplicateGoldenNameTests.swift:\(Self.firstLine)"), "\(failure.message)")
        #expect(failure.message.contains("DuplicateGoldenNameTests.swift:\(Self.secondLine)"), "\(failure.message)")
        #expect(!box.exists("dup.actual.json"), "a clash leaves no pending file to accept")
        #expect(box.text("dup.json")?.contains(#""id": 1"#) == true, "the first golden is kept")
    }

    @Test func twoTestsLockingTheSameDocumentAreNoClash() throws {
        let box = try Sandbox()
        func sameAsFirst() -> WireLockFailure? {
            verifyGolden(Item(id: 1), named: "dup", goldenDirectory: box.golden, environment: local)
        }
        _ = Self.firstTest(box.golden)
        #expect(sameAsFirst() == nil)
    }

    @Test func oneTestAssertingTwiceIsNoClash() throws {
        // A test may check that a changed value fails: the same test, another line.
        let box = try Sandbox()
        _ = verifyGolden(Item(id: 1), named: "dup", goldenDirectory: box.golden, environment: local)
        let failure = try #require(
            verifyGolden(Item(id: 2), named: "dup", goldenDirectory: box.golden, environment: local))
        #expect(failure.message.contains("does not match"), "\(failure.message)")
    }

    /// The XCTest pass and the Swift Testing pass of one `swift test` are two processes: a claim
    /// another process of the run made is read back from `.wirelock/claims/`.
    @Test func aClaimFromAnotherProcessOfTheRunIsSeen() throws {
        let box = try Sandbox()
        let root = box.root
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        let golden = box.golden.appendingPathComponent("dup.json")
        let other = GoldenClaims.Claim(
            pid: getpid() &+ 1, time: Int(Date().timeIntervalSince1970), hash: "0000",
            writer: GoldenWriter(test: "WireLockTests.XCTestSuite/testDup", location: "Tests/X.swift:7"))
        #expect(GoldenClaims.claim(golden, hash: other.hash, writer: other.writer, root: root) == nil)
        // Pretend the claim was made by another process: rewrite its pid.
        let folder = GoldenClaims.directory(root: root).appendingPathComponent(RunIdentity.runKey)
        let file = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".claim") })
        try Data(other.line.utf8).write(to: folder.appendingPathComponent(file))

        let failure = try #require(
            GoldenComparison.verify(
                try JSONValue.parse(#"{"id": 2}"#), named: "dup", environment: local,
                writer: GoldenWriter(test: "Suite/testTwo()", location: "Tests/Y.swift:9"),
                filePath: root.appendingPathComponent("Tests/Y.swift").path))
        #expect(
            failure.message.contains("Tests/X.swift:7 (WireLockTests.XCTestSuite/testDup) wrote it first"),
            "\(failure.message)")
        #expect(failure.message.contains("Tests/Y.swift:9 (Suite/testTwo()): this assertion"), "\(failure.message)")
        #expect(!box.exists("dup.json"))

        // The same test in another process is an earlier run from the same parent: no clash.
        let rerun = GoldenComparison.verify(
            try JSONValue.parse(#"{"id": 3}"#), named: "dup", environment: local,
            writer: other.writer, filePath: root.appendingPathComponent("Tests/X.swift").path)
        #expect(rerun?.message.hasPrefix("recorded ") == true, "\(String(describing: rerun))")
    }

    /// Another process of the run claimed the golden with the same document: this process reads
    /// the claim and keeps it, writing nothing (only a golden's first writer in a run writes a file).
    @Test func aClaimOfTheSameDocumentFromAnotherProcessIsKeptAsItIs() throws {
        let box = try Sandbox()
        let root = box.root
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        try box.write(#"{"id": 1}"#, to: "same.json")
        let document = try JSONValue.parse(#"{"id": 1}"#)
        let hash = SHA256.hex(SHA256.hash(CanonicalJSONWriter.bytes(document)))
        let golden = box.golden.appendingPathComponent("same.json")
        // A run of its own, so this process holds no claim of the golden yet.
        let run = "run-\(UUID().uuidString)"
        let other = GoldenClaims.Claim(
            pid: getpid() &+ 1, time: Int(Date().timeIntervalSince1970), hash: hash,
            writer: GoldenWriter(test: "OtherSuite/same()", location: "Tests/O.swift:3"))
        #expect(GoldenClaims.claim(golden, hash: hash, writer: other.writer, root: root, runKey: run) == nil)
        let folder = GoldenClaims.directory(root: root).appendingPathComponent(run)
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        try Data(other.line.utf8).write(to: folder.appendingPathComponent(file))
        GoldenClaims.held.record(golden.standardizedFileURL.path, hash: "forget")
        // A file created in the folder (a temporary claim) would move its modification time.
        var times = [timeval(tv_sec: 1000, tv_usec: 0), timeval(tv_sec: 1000, tv_usec: 0)]
        #expect(utimes(folder.path, &times) == 0)

        let mine = GoldenWriter(test: "Suite/same()", location: "Tests/M.swift:9")
        #expect(GoldenClaims.claim(golden, hash: hash, writer: mine, root: root, runKey: run) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [file], "no temporary left")
        #expect(
            try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) == other.line,
            "the other process's claim is kept, not rewritten")
        let modified = try FileManager.default.attributesOfItem(atPath: folder.path)[.modificationDate] as? Date
        #expect(modified == Date(timeIntervalSince1970: 1000), "nothing was written in the claims folder")
    }

    /// A golden asserted again with the document this process already claimed needs no file system
    /// work (each claim used to cost a synced file write: ~10 ms per golden assertion on a busy
    /// disk); a different document from another test still clashes.
    @Test func aHeldClaimIsNotReadAgainButAClashIsStillSeen() throws {
        let box = try Sandbox()
        let root = box.root
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        let golden = box.golden.appendingPathComponent("held.json")
        let first = GoldenWriter(test: "Suite/first()", location: "Tests/A.swift:1")
        #expect(GoldenClaims.claim(golden, hash: "aaaa", writer: first, root: root) == nil)
        let folder = GoldenClaims.directory(root: root).appendingPathComponent(RunIdentity.runKey)
        let claimFiles = {
            (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { $0.hasSuffix(".claim") } ?? []
        }
        let file = try #require(claimFiles().first)

        try FileManager.default.removeItem(at: folder.appendingPathComponent(file))
        #expect(GoldenClaims.claim(golden, hash: "aaaa", writer: first, root: root) == nil)
        #expect(claimFiles().isEmpty, "the held claim was not looked up again")

        #expect(GoldenClaims.claim(golden, hash: "aaaa", writer: first, root: root) == nil)
        let second = GoldenWriter(test: "Suite/second()", location: "Tests/B.swift:2")
        #expect(
            GoldenClaims.claim(golden, hash: "bbbb", writer: second, root: root) == nil, "no claim file: bbbb takes it")
        #expect(
            GoldenClaims.claim(golden, hash: "aaaa", writer: first, root: root)?.hash == "bbbb",
            "once another document holds the claim, the first one clashes again")
    }

    @Test func oneCallSiteWritingTwoDocumentsIsAClash() throws {
        // A loop (or parameterized cases) giving one name to different documents.
        let box = try Sandbox()
        var failures: [WireLockFailure] = []
        for id in [1, 2] {
            if let failure = verifyGolden(Item(id: id), named: "dup", goldenDirectory: box.golden, environment: local) {
                failures.append(failure)
            }
        }
        #expect(failures.count == 2)
        #expect(failures.last?.message.contains("one assertion writes golden") == true, "\(failures.map(\.message))")
    }

    @Test func withoutAPackageRootClaimsAreKeptInMemory() throws {
        let box = try Sandbox()
        let path = "/nonexistent-\(UUID().uuidString)/Tests/Z.swift"
        _ = GoldenComparison.verify(
            try JSONValue.parse("[1]"), named: "dup", goldenDirectory: box.golden, environment: local,
            writer: GoldenWriter(test: "A", location: "Z.swift:1"), filePath: path)
        let failure = GoldenComparison.verify(
            try JSONValue.parse("[2]"), named: "dup", goldenDirectory: box.golden, environment: local,
            writer: GoldenWriter(test: "B", location: "Z.swift:2"), filePath: path)
        #expect(failure?.message.contains("two tests write golden") == true, "\(String(describing: failure))")
    }
}
