import Foundation

/// How an input string reaches a `Decodable` in ``Oracle/decoding(_:_:versus:_:input:decoder:candidateDecoder:name:)``.
public struct OracleDecodingInput: Sendable, CustomStringConvertible {
    let template: String?
    let quoted: Bool

    /// The input is a JSON string's contents: `{"value":"<input, escaped>"}`, decoded as a type with
    /// one member `value` of the `Decodable` (a property wrapper reached the way a model reaches it).
    public static let string = OracleDecodingInput(template: nil, quoted: true)
    /// The input is JSON text (a number, `null`, an object): `{"value":<input>}`, decoded the same
    /// way. Inputs that are not JSON make both sides fail alike.
    public static let json = OracleDecodingInput(template: nil, quoted: false)

    /// The input goes into a whole document, where `template` holds `{{value}}`, and the document is
    /// decoded as the `Decodable` itself (a model).
    ///
    /// ```swift
    /// .document(#"{"Records":[{"Sns":{"Timestamp":{{value}}}}]}"#)
    /// ```
    ///
    /// - Parameters:
    ///   - template: A JSON document with `{{value}}` where the input goes.
    ///   - quoted: Whether the input is placed as a JSON string (true) or as JSON text.
    public static func document(_ template: String, quoted: Bool = true) -> OracleDecodingInput {
        OracleDecodingInput(template: template, quoted: quoted)
    }

    /// The document for one input.
    func document(_ input: String) -> Data {
        let value = quoted ? Self.jsonString(input) : input
        guard let template else { return Data(("{\"value\":" + value + "}").utf8) }
        return Data(template.replacingOccurrences(of: "{{value}}", with: value).utf8)
    }

    /// `text` as a JSON string literal: `"` and `\` escaped, control characters as `\u00XX`.
    package static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `.string`, `.json`, or `.document(…)`.
    public var description: String {
        guard let template else { return quoted ? ".string" : ".json" }
        return ".document(\(template.debugDescription)\(quoted ? "" : ", quoted: false"))"
    }
}

/// The one-member document ``OracleDecodingInput/string`` and ``OracleDecodingInput/json`` decode.
private struct OracleDecodingBox<Value: Decodable>: Decodable {
    var value: Value
}

extension Oracle where Input == String {
    /// An oracle over two `Decodable` types (two property wrappers, or two versions of a model), fed
    /// each input through the real decoding path: the input goes into a JSON document, the decoder
    /// decodes it into each type, and the projections give what is compared.
    ///
    /// A type that throws (or a document the decoder rejects) counts as a rejection, so "the old
    /// wrapper accepts `+0530`, the new one does not" is a ``OracleDifference/legacyOnly`` difference.
    ///
    /// ```swift
    /// let oracle = Oracle.decoding(
    ///     LegacyISO8601Coding.self, \.wrappedValue, versus: ISO8601Coding.self, \.wrappedValue)
    /// assertOracle(oracle, over: DateInputFamily.iso8601.corpus(seed: 1, count: 10_000))
    /// ```
    ///
    /// - Parameters:
    ///   - legacy: The type the app decodes today.
    ///   - legacyValue: What to compare of a decoded legacy value (`\.wrappedValue`).
    ///   - candidate: The type that replaces it (it may be the same type, with another decoder).
    ///   - candidateValue: What to compare of a decoded candidate value.
    ///   - input: How an input string reaches the type (``OracleDecodingInput/string`` by default).
    ///   - decoder: The decoder, configured as the app configures it (`JSONDecoder()` by default).
    ///     It is shared by the workers: `JSONDecoder.decode` may run on two threads at once.
    ///   - candidateDecoder: Another decoder for the candidate (a migration of a decoding strategy),
    ///     or `nil` for the same one.
    ///   - name: The pair's name in reports; by default `Legacy vs Candidate`.
    /// - Returns: An oracle over input strings.
    public static func decoding<Legacy: Decodable, Candidate: Decodable, Value: OracleOutput & SendableMetatype>(
        _ legacy: Legacy.Type, _ legacyValue: @escaping @Sendable (Legacy) -> Value,
        versus candidate: Candidate.Type, _ candidateValue: @escaping @Sendable (Candidate) -> Value,
        input: OracleDecodingInput = .string, decoder: JSONDecoder = JSONDecoder(),
        candidateDecoder: JSONDecoder? = nil, name: String? = nil
    ) -> Oracle<String> {
        let candidateDecoder = candidateDecoder ?? decoder
        @Sendable func decode<T: Decodable>(_ type: T.Type, _ text: String, with decoder: JSONDecoder) throws -> T {
            let data = input.document(text)
            if input.template != nil { return try decoder.decode(T.self, from: data) }
            return try decoder.decode(OracleDecodingBox<T>.self, from: data).value
        }
        return Oracle(
            name: name ?? "\(Legacy.self) vs \(Candidate.self)",
            legacy: { legacyValue(try decode(Legacy.self, $0, with: decoder)) },
            candidate: { candidateValue(try decode(Candidate.self, $0, with: candidateDecoder)) })
    }
}
