import Testing
import WireJSON
import WireLockTestSupport
import WireShapeTools

@testable import WireShapes

/// The shape builder keeps its kinds in a bit set and counts a repeated member name once per
/// object by remembering the last object it was seen in (no set of names per object). It must
/// infer exactly what the builder it replaced inferred.
@Suite("Shape inference, equivalence with the previous builder")
struct ShapeInferenceEquivalenceTests {
    @Test(arguments: 0..<60)
    func inferenceMatchesThePreviousBuilder(seed: Int) {
        var random = RandomJSON(seed: UInt64(seed), allowDuplicates: seed % 2 == 1)
        let documents = (0..<(1 + seed % 4)).map { _ in random.value() }
        for rule in [
            WireShape.EnumRule.standard, .none,
            WireShape.EnumRule(minimumSamples: 1, maximumValues: 3, minimumRepeats: 1),
        ] {
            let reference = _ReferenceShapeBuilder()
            for document in documents { reference.add(document) }
            let expected = reference.shape(enumRule: rule)
            let actual = WireShape.infer(from: documents, enumRule: rule)
            #expect(actual == expected, "seed \(seed)")
            #expect(actual.fileBytes(name: "x") == expected.fileBytes(name: "x"))
        }
    }

    @Test func aLargeObjectHasOneRequiredMemberPerName() throws {
        let count = 50_000
        let text =
            "["
            + (0..<2).map { _ in "{" + (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}" }.joined(
                separator: ",") + "]"
        let shape = WireShape.infer(from: [try JSONValue.parse(text)])
        let members = try #require(shape.element?.members)
        #expect(members.count == count)
        #expect(members.values.allSatisfy { $0.required && $0.shape.kinds == [.integer] })
    }
}

/// The builder as it was before (kinds in a Set, a Set of the names seen per object), kept as the
/// definition the new one is checked against.
final class _ReferenceShapeBuilder {
    private var kinds: Set<WireShape.Kind> = []
    private var stringCount = 0
    private var format: StringShape.Format?
    private var formatBroken = false
    private var fractionDigits: Set<Int> = []
    private var offsets: Set<StringShape.OffsetStyle> = []
    private var valueCounts: [JSONKey: Int] = [:]
    private var tooManyValues = false
    private var objectCount = 0
    private var members: [JSONKey: (builder: _ReferenceShapeBuilder, present: Int)] = [:]
    private var element: _ReferenceShapeBuilder?

    func add(_ value: JSONValue) {
        switch value {
        case .null: kinds.insert(.null)
        case .bool: kinds.insert(.bool)
        case .number(let n):
            kinds.insert(
                n.text.utf8.contains(where: {
                    $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
                }) ? .number : .integer)
        case .string(let s):
            kinds.insert(.string)
            addString(s)
        case .array(let elements):
            kinds.insert(.array)
            if !elements.isEmpty {
                let builder = element ?? _ReferenceShapeBuilder()
                element = builder
                for e in elements { builder.add(e) }
            }
        case .object(let object):
            kinds.insert(.object)
            objectCount += 1
            var seen = Set<JSONKey>()
            for member in object.members where seen.insert(JSONKey(member.key)).inserted {
                let key = JSONKey(member.key)
                if let entry = members[key] {
                    entry.builder.add(member.value)
                    members[key] = (entry.builder, entry.present + 1)
                } else {
                    let builder = _ReferenceShapeBuilder()
                    builder.add(member.value)
                    members[key] = (builder, 1)
                }
            }
        }
    }

    private func addString(_ s: String) {
        stringCount += 1
        if !formatBroken {
            if let match = StringFormatDetector.detect(s), format == nil || format == match.format {
                format = match.format
                if match.format == .dateTime {
                    fractionDigits.insert(match.fractionDigits)
                    if let offset = match.offset { offsets.insert(offset) }
                }
            } else {
                formatBroken = true
                format = nil
                fractionDigits = []
                offsets = []
            }
        }
        if !tooManyValues {
            valueCounts[JSONKey(s), default: 0] += 1
            if valueCounts.count > 64 {
                tooManyValues = true
                valueCounts = [:]
            }
        }
    }

    func shape(enumRule: WireShape.EnumRule) -> WireShape {
        var string: StringShape? = nil
        if kinds.contains(.string) {
            var s = StringShape(format: format, fractionDigits: fractionDigits, offsets: offsets)
            if format == nil, !tooManyValues, stringCount >= enumRule.minimumSamples,
                (1...max(1, enumRule.maximumValues)).contains(valueCounts.count), enumRule.maximumValues > 0,
                valueCounts.values.allSatisfy({ $0 >= enumRule.minimumRepeats }),
                valueCounts.keys.allSatisfy({ $0.string.utf8.count <= 64 })
            {
                s.enumValues = Set(valueCounts.keys)
            }
            string = s
        }
        var memberShapes: [JSONKey: WireShape.Member]? = nil
        if kinds.contains(.object) {
            var out: [JSONKey: WireShape.Member] = [:]
            for (key, entry) in members {
                out[key] = WireShape.Member(
                    shape: entry.builder.shape(enumRule: enumRule), required: entry.present == objectCount)
            }
            memberShapes = out
        }
        return WireShape(
            kinds: kinds, string: string, members: memberShapes, element: element?.shape(enumRule: enumRule))
    }
}
