import Foundation
import Testing
import WireLockTestSupport

@testable import WireJSON
@testable import WireJSONCore

/// Objects with very many members: duplicate detection must stay exact in both passes, find the
/// duplicate at its byte, and hold memory in proportion to the members of the open objects only.
@Suite("Objects with many members: duplicates and memory")
struct ManyMembersTests {
    static let memberCount = 300_000

    /// `{"m0":0,"m1":1,…}` with `memberCount` members, and optionally one more member at the end.
    static func document(extra: String? = nil) -> [UInt8] {
        var text = "{"
        text.reserveCapacity(memberCount * 14)
        for i in 0..<memberCount {
            if i > 0 { text += "," }
            text += "\"m\(i)\":\(i)"
        }
        if let extra { text += "," + extra }
        text += "}"
        return Array(text.utf8)
    }

    // MARK: Both passes find the duplicate, at its byte

    @Test("a 300,000-member object: valid without a duplicate, in both passes and from a file")
    func uniqueMembers() throws {
        let bytes = Self.document()
        #expect(FastPassCheckTests.fastVerdict(bytes, chunks: [bytes.count]))
        #expect(
            FastPassCheckTests.fastVerdict(bytes, chunks: FastPassCheckTests.chunks(bytes.count, size: 100_003)))
        #expect(FastPassCheckTests.exactVerdict(bytes))
        #expect(try Self.validateFile(bytes).isValid)
    }

    @Test(
        "a duplicate of the first member at the end of 300,000 is found at its byte by both passes",
        arguments: [#""m0":-1"#, #""m\u0030":-1"#, #""m299999":-1"#, #""m150000":-1"#])
    func duplicateAtTheEnd(_ extra: String) throws {
        let bytes = Self.document(extra: extra)
        let offset = bytes.count - Array((extra + "}").utf8).count
        let name = extra.hasPrefix(#""m\u0030""#) ? "m0" : String(extra.dropFirst().prefix { $0 != "\"" })
        #expect(!FastPassCheckTests.fastVerdict(bytes, chunks: [bytes.count]))
        #expect(
            !FastPassCheckTests.fastVerdict(bytes, chunks: FastPassCheckTests.chunks(bytes.count, size: 65_536)))
        for report in [JSONValidator().validate(bytes), try Self.validateFile(bytes)] {
            let error = try #require(report.errors.first)
            #expect(error.kind == .duplicateKey)
            #expect(error.location.offset == offset)
            #expect(error.path == [.key(name)])
        }
    }

    // MARK: Collision-prone names

    /// Pairs of different names whose 64-bit hashes agree in their top 32 bits, found among 300,000
    /// random names (about ten pairs are expected by the birthday bound).
    static let topHalfCollisions: [(String, String)] = {
        var rng = SplitMix64(seed: 0x4E41_4D45)
        var seen: [UInt32: String] = [:]
        var pairs: [(String, String)] = []
        for _ in 0..<300_000 {
            let name = "n" + String(rng.next(), radix: 36)
            let tag = UInt32(truncatingIfNeeded: hash(name) >> 32)
            if let other = seen[tag] { pairs.append((other, name)) } else { seen[tag] = name }
        }
        return pairs
    }()

    /// Names whose hashes share their top 9 bits (they crowd one region of any table ordered by hash).
    static let crowdedNames: [String] = {
        let target = hash("crowd") >> 55
        var names: [String] = []
        var i = 0
        while names.count < 500 {
            let name = "crowd\(i)"
            if hash(name) >> 55 == target { names.append(name) }
            i += 1
        }
        return names
    }()

    static func hash(_ name: String) -> UInt64 {
        let bytes = Array(name.utf8)
        return bytes.withUnsafeBufferPointer { CallbackState.hash($0.baseAddress!, $0.count) }
    }

    @Test("names that collide in half their hash, or crowd one part of it, are told apart by their bytes")
    func collisionProneNames() throws {
        let pairs = Self.topHalfCollisions
        try #require(pairs.count >= 3, "the search found too few colliding pairs")
        var names = Self.crowdedNames
        for (a, b) in pairs { names += [a, b] }
        names += (0..<2000).map { "plain\($0)" }
        let members = names.enumerated().map { "\"\($1)\":\($0)" }
        let unique = Array(("{" + members.joined(separator: ",") + "}").utf8)
        #expect(FastPassCheckTests.fastVerdict(unique, chunks: [unique.count]))
        #expect(JSONValidator().validate(unique).isValid)
        #expect(try Self.validateFile(unique).isValid)
        #expect(FastPassCheckTests.exactVerdict(unique))

        // A real duplicate of each kind of name, at the end: found, at its byte.
        for name in [pairs[0].1, pairs[1].0, Self.crowdedNames[499], Self.crowdedNames[0]] {
            let extra = "\"\(name)\":true"
            let text = "{" + members.joined(separator: ",") + "," + extra + "}"
            let bytes = Array(text.utf8)
            #expect(!FastPassCheckTests.fastVerdict(bytes, chunks: [bytes.count]), "\(name)")
            let error = try #require(JSONValidator().validate(bytes).errors.first)
            #expect(error.kind == .duplicateKey)
            #expect(error.path == [.key(name)])
            #expect(error.location.offset == bytes.count - Array((extra + "}").utf8).count)
        }
    }

    // MARK: Memory

    /// Opens an object, gives it `memberCount` names, and reports the bytes the state held for
    /// duplicate detection with the object open and after it closed.
    static func memory(exact: Bool) -> (open: Int, closed: Int, namesOpen: Int, namesClosed: Int) {
        var state = CallbackState(maxDepth: 512, checkDuplicates: true, tracksPositions: exact)
        defer { state.deallocate() }
        _ = state.startContainer(isObject: true)
        for i in 0..<memberCount {
            let name = Array("m\(i)".utf8)
            let accepted = name.withUnsafeBufferPointer { state.key($0.baseAddress!, count: $0.count) }
            precondition(accepted == 1)
            if exact { _ = state.scalar(.null, text: nil, count: 0) }
        }
        let open = (state.duplicateDetectionBytes, state.memberNameBytes)
        precondition(state.endContainer() == 1)
        return (open.0, state.duplicateDetectionBytes, open.1, state.memberNameBytes)
    }

    @Test("the fast pass holds at most 16 bytes per member of an open object, and lets go when it closes")
    func fastPassMemory() {
        let bytes = Self.memory(exact: false)
        #expect(bytes.open <= 16 * Self.memberCount + 64 * 1024)
        #expect(bytes.closed <= 128 * 1024)
    }

    @Test("the exact pass's hash table holds at most 24 bytes per member, and the names are let go with the object")
    func exactPassMemory() {
        let bytes = Self.memory(exact: true)
        #expect(bytes.open <= 24 * Self.memberCount + 64 * 1024)
        #expect(bytes.closed <= 128 * 1024)
        #expect(bytes.namesClosed <= 128 * 1024)
    }

    // MARK: Helpers

    static func validateFile(_ bytes: [UInt8]) throws -> JSONValidationReport {
        let url = TemporaryDirectory.uniqueURL("many-members", extension: "json")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try JSONValidator().validate(fileAt: url.path)
    }
}
