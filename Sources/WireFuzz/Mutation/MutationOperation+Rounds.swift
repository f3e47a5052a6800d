import WireJSONCore
import WireSupport

extension MutationOperation {
    /// The operation for a later round of its mutator's order (round ≥ 1): the same mutation with
    /// other values where the mutation carries a value — another string, number, bool, object or
    /// array for `wrong-type`, another out-of-range or fractional number for `numbers`, another
    /// unknown member for `extra-key` — so a long campaign keeps producing new documents. Mutations
    /// without a value (truncate, drop-key, rename-key, null, duplicate-key, depth, empty-body, and
    /// the fixed string variants) stay as they are, and repeat.
    func varied(round: Int, rng: inout SplitMix64) -> MutationOperation {
        guard round > 0 else { return self }
        var copy = self
        switch (mutator, edit) {
        case (.wrongType, .replace(let value)):
            copy.edit = .replace(Self.randomValue(ofKind: value.kindName, &rng))
        case (.numbers, .replace(.number)):
            let text: String
            switch variant {
            case "2^63": text = "92233720368547758\(10 + rng.next(below: 90))"
            case "-2^63-1": text = "-92233720368547758\(10 + rng.next(below: 90))"
            case "1e309": text = "\(1 + rng.next(below: 9))e\(309 + rng.next(below: 300))"
            case "1.5-for-integer": text = "\(rng.next(below: 100_000)).\(1 + rng.next(below: 9))"
            default: return self
            }
            copy.edit = .replace(.number(JSONNumber(text: text)))
        case (.extraKey, .add(let key, _)):
            copy.edit = .add(
                key: key + String(round),
                value: Self.randomValue(
                    ofKind: ["string", "number", "bool", "object", "array"][rng.next(below: 5)], &rng))
        default:
            break
        }
        return copy
    }

    private static let characters: [String] = [
        "a", "Z", "0", " ", "é", "猫", "😀", "\"", "\\", "/", "\n", "\u{7f}", "-", "T",
    ]

    /// A random value of a kind (`string`, `number`, `bool`, `object`, `array`; anything else: null).
    static func randomValue(ofKind kind: String, _ rng: inout SplitMix64) -> JSONValue {
        switch kind {
        case "string":
            return .string(
                (0..<rng.next(below: 12)).map { _ in characters[rng.next(below: characters.count)] }.joined())
        case "number":
            switch rng.next(below: 3) {
            case 0: return .number(JSONNumber(text: String(rng.next(below: 2_000_001) - 1_000_000)))
            case 1: return .number(JSONNumber(text: "\(rng.next(below: 10_000)).\(rng.next(below: 1000))"))
            default: return .number(JSONNumber(text: "\(1 + rng.next(below: 9))e\(rng.next(below: 40))"))
            }
        case "bool":
            return .bool(rng.next(below: 2) == 0)
        case "object":
            return .object(
                JSONObject([.init(key: "k\(rng.next(below: 100))", value: randomValue(ofKind: "number", &rng))]))
        case "array":
            return .array(
                (0..<rng.next(below: 3)).map { _ in
                    randomValue(ofKind: ["string", "number", "bool"][rng.next(below: 3)], &rng)
                })
        default:
            return .null
        }
    }
}
