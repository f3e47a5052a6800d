import WireFuzz
import WireJSON

/// The labelled corpus `wirelock fuzz --out DIR` writes: for each mutant, `<hash>.json` with its
/// bytes and `<hash>.label.json` with its label, and nothing else. The hash is the first 16 hex
/// digits of the SHA-256 of the bytes, and the label depends only on the mutation and the bytes
/// (not on the mutant's number or shard), so the union of the shards' folders is the whole
/// campaign's folder, file for file.
///
/// A label (canonical JSON):
/// ```json
/// {
///   "expected": {"kinds": ["duplicate-key"], "offsets": [8, 8], "valid": false},
///   "mutator": "duplicate-key",
///   "path": "$.id",
///   "variant": "repeat"
/// }
/// ```
/// `offsets` is the inclusive byte range the validator's error must fall in; a truncation has an
/// `offset` (the length kept) instead of a meaningful `path`.
package enum LabelledCorpus {
    /// The two files of a mutant: names and contents.
    package static func files(for mutant: Mutant) -> [(name: String, bytes: [UInt8])] {
        let hash = mutant.contentHash
        return [(hash + ".json", mutant.bytes), (hash + ".label.json", CanonicalJSONWriter.bytes(label(for: mutant)))]
    }

    /// A mutant's label.
    package static func label(for mutant: Mutant) -> JSONValue {
        var members: [JSONObject.Member] = [
            .init(key: "mutator", value: .string(mutant.mutator.rawValue)),
            .init(key: "variant", value: .string(mutant.operation.variant)),
            .init(key: "path", value: .string(mutant.operation.path.description)),
            .init(key: "expected", value: expectationJSON(mutant.expectation)),
        ]
        if let offset = mutant.operation.offset {
            members.append(.init(key: "offset", value: .number(JSONNumber(integerLiteral: offset))))
        }
        return .object(JSONObject(members))
    }

    /// An expectation as JSON: `{"valid": true}` or `{"valid": false, "kinds": [...], "offsets": [lo, hi]}`.
    package static func expectationJSON(_ expectation: ValidatorExpectation) -> JSONValue {
        switch expectation {
        case .valid:
            return .object(JSONObject(["valid": .bool(true)]))
        case .invalid(let kinds, let offsets):
            return .object(
                JSONObject([
                    "valid": .bool(false),
                    "kinds": .array(kinds.map(\.name).sorted().map { .string($0) }),
                    "offsets": .array([
                        .number(JSONNumber(integerLiteral: offsets.lowerBound)),
                        .number(JSONNumber(integerLiteral: offsets.upperBound)),
                    ]),
                ]))
        }
    }
}
