import Testing
import WireDecoder
import WireJSON
import WireShapeTools

@testable import WireShapes

/// Shapes keep two spellings of one text (composed é, U+00E9, and e + U+0301) as two member names
/// and two enum values, as JSON does, though Swift's `String` calls them equal.
@Suite("Exact names in shapes")
struct ExactNameShapeTests {
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    static func value(_ text: String) -> JSONValue { try! JSONValue.parse(text) }

    /// The UTF-8 bytes of each member name of a shape, sorted.
    static func names(_ shape: WireShape?) -> [[UInt8]] {
        (shape?.members ?? [:]).keys.map { Array("\($0)".utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    static let bothNames = [Array("cafe\u{301}".utf8), Array("caf\u{E9}".utf8)]

    @Test func jcsKeepsBothMembers() throws {
        let value = try JSONValue.parse(Array("{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}".utf8))
        // Decomposed first: "e" (U+0065) sorts before "é" (U+00E9).
        #expect(try JCS.bytes(value) == Array("{\"cafe\u{301}\":2,\"caf\u{E9}\":1}".utf8))
    }

    @Test func theShapeOfAnObjectWithBothNamesHasTwoMembers() {
        let shape = WireShape.infer(from: [Self.value("{\"caf\u{E9}\": 1, \"cafe\u{301}\": \"x\"}")])
        #expect(Self.names(shape) == Self.bothNames)
        #expect(shape.members?["caf\u{E9}"]?.shape.kinds == [.integer])
        #expect(shape.members?["cafe\u{301}"]?.shape.kinds == [.string])
        // Both are in the reviewable file, decomposed first (UTF-16 order), and read back.
        let text = String(decoding: shape.fileBytes(name: "both"), as: UTF8.self)
        let composedAt = text.utf8.firstRange(of: Array("\"caf\u{E9}\"".utf8))
        let decomposedAt = text.utf8.firstRange(of: Array("\"cafe\u{301}\"".utf8))
        #expect(composedAt != nil && decomposedAt != nil)
        if let composedAt, let decomposedAt { #expect(decomposedAt.lowerBound < composedAt.lowerBound) }
        let decoded = try? WireShape.decodeFile(JSONValue.parse(shape.fileBytes(name: "both")))
        #expect(decoded?.shape == shape)
        #expect(Self.names(decoded?.shape) == Self.bothNames)
    }

    @Test func mergingKeepsBothNames() {
        let a = WireShape.infer(from: [Self.value("{\"caf\u{E9}\": 1}")])
        let b = WireShape.infer(from: [Self.value("{\"cafe\u{301}\": 1}")])
        let merged = a.merged(with: b)
        #expect(Self.names(merged) == Self.bothNames)
        #expect(merged.members?.values.allSatisfy { !$0.required } == true)
        #expect(a != b)
    }

    @Test func anEnumOfBothSpellingsHasTwoValues() {
        let shape = WireShape.infer(from: [
            Self.value("[\"caf\u{E9}\", \"cafe\u{301}\", \"caf\u{E9}\", \"cafe\u{301}\"]")
        ])
        #expect(shape.element?.string?.enumValues?.count == 2)
    }

    @Test func renamingToTheOtherSpellingIsAChange() {
        let changes = WireShapeDiff.changes(
            from: WireShape.infer(from: [Self.value("{\"id\": 1, \"caf\u{E9}\": 1}")]),
            to: WireShape.infer(from: [Self.value("{\"id\": 1, \"cafe\u{301}\": 1}")]))
        #expect(changes.map(\.rule) == [.memberRenamed])
        #expect(changes.first?.path == JSONPathPattern([.key(Self.decomposed)]))
        #expect(changes.first?.path != JSONPathPattern([.key(Self.composed)]))
    }

    @Test func anEnumValueInTheOtherSpellingIsRemovedAndAdded() {
        let old = WireShape.infer(from: [Self.value("[\"caf\u{E9}\", \"x\", \"caf\u{E9}\", \"x\"]")])
        let new = WireShape.infer(from: [Self.value("[\"cafe\u{301}\", \"x\", \"cafe\u{301}\", \"x\"]")])
        #expect(WireShapeDiff.changes(from: old, to: new).map(\.rule) == [.enumValueAdded, .enumValueRemoved])
    }

    @Test func aPayloadWithTheOtherSpellingMissesTheRequiredMember() {
        let shape = WireShape.infer(from: [Self.value("{\"caf\u{E9}\": 1}")])
        let violations = shape.violations(of: Self.value("{\"cafe\u{301}\": 1}"))
        #expect(violations.map(\.rule) == [.memberRenamed])
        #expect(violations.first?.path == JSONPathPattern([.key(Self.composed)]))
        #expect(shape.violations(of: Self.value("{\"caf\u{E9}\": 2}")).isEmpty)
        let enumShape = WireShape.infer(from: [Self.value("[\"caf\u{E9}\", \"x\", \"caf\u{E9}\", \"x\"]")])
        #expect(enumShape.violations(of: Self.value("[\"cafe\u{301}\"]")).map(\.rule) == [.enumValueAdded])
    }

    @Test func changesAtBothSpellingsComeInScalarOrder() {
        let changes = WireShapeDiff.changes(
            from: WireShape.infer(from: [Self.value("{}")]),
            to: WireShape.infer(from: [Self.value("{\"caf\u{E9}\": 1, \"cafe\u{301}\": \"x\"}")]))
        #expect(
            changes.map(\.path) == [
                JSONPathPattern([.key(Self.decomposed)]), JSONPathPattern([.key(Self.composed)]),
            ])
    }
}
