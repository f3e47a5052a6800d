// The seeded generator every test draws from: test targets get it with WireLockTestSupport.
import WireJSON

@_exported import struct WireSupport.SplitMix64

/// Small random documents for equivalence tests (a new algorithm against the one it replaced),
/// from a seeded SplitMix64 so that a failure names a seed that reproduces it. Shared by the shape,
/// diff and value-diff equivalence tests.
public struct RandomJSON {
    public var rng: SplitMix64
    /// Names drawn for object members: few, so that objects share members, and some repeat
    /// within an object when duplicates are allowed.
    public var names = ["id", "name", "added", "tags", "Z", "é", "e\u{301}", "\u{FFFD}", "😀", "a b", "", "next"]
    public var allowDuplicates = false

    public init(seed: UInt64, allowDuplicates: Bool = false) {
        rng = SplitMix64(seed: seed)
        self.allowDuplicates = allowDuplicates
    }

    /// Strings with and without a recognised format, a few of them repeated (enums).
    public static let strings = [
        "released", "announced", "2024-05-01T10:00:00.123Z", "2024-05-01T10:00:00+02:00",
        "2024-05-01", "7d3f0a8e-2b1c-4e5f-9a6b-0c1d2e3f4a5b", "https://example.com/x",
        "-42", "", "a \"quoted\" \\ line\n", "猫", "😀",
    ]
    public static let numbers = ["0", "-1", "7", "1.5", "1e3", "-0", "12345678901234567890", "2.50"]

    public mutating func value(depth: Int = 0) -> JSONValue {
        let pick = rng.next(below: depth >= 4 ? 5 : 8)
        switch pick {
        case 0: return .null
        case 1: return .bool(rng.next(below: 2) == 0)
        case 2, 3: return .number(JSONNumber(text: Self.numbers[rng.next(below: Self.numbers.count)]))
        case 4: return .string(Self.strings[rng.next(below: Self.strings.count)])
        case 5: return .array((0..<rng.next(below: 5)).map { _ in value(depth: depth + 1) })
        default:
            var members: [JSONObject.Member] = []
            var used = Set<String>()
            for _ in 0..<rng.next(below: 6) {
                let name = names[rng.next(below: names.count)]
                guard allowDuplicates || used.insert(name).inserted else { continue }
                members.append(.init(key: name, value: value(depth: depth + 1)))
            }
            return .object(JSONObject(members))
        }
    }

    /// A value with one random change somewhere (or none): for diffs of nearly equal documents.
    public mutating func edited(_ value: JSONValue, depth: Int = 0) -> JSONValue {
        switch value {
        case .array(var elements) where !elements.isEmpty && rng.next(below: 3) > 0:
            let i = rng.next(below: elements.count)
            switch rng.next(below: 4) {
            case 0: elements.remove(at: i)
            case 1: elements.insert(self.value(depth: depth + 1), at: i)
            default: elements[i] = edited(elements[i], depth: depth + 1)
            }
            return .array(elements)
        case .object(var object) where !object.members.isEmpty && rng.next(below: 3) > 0:
            let i = rng.next(below: object.members.count)
            if rng.next(below: 4) == 0 {
                object.members.remove(at: i)
            } else {
                object.members[i].value = edited(object.members[i].value, depth: depth + 1)
            }
            return .object(object)
        default:
            return rng.next(below: 2) == 0 ? value : self.value(depth: depth)
        }
    }
}
