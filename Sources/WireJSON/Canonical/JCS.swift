/// RFC 8785 JSON Canonicalization Scheme: the byte form WireLock fingerprints.
///
/// - No whitespace.
/// - Object members sorted by their names' UTF-16 code units (not by locale, not by UTF-8 bytes).
/// - Strings escaped as ECMAScript's `JSON.stringify` does: `\"`, `\\`, `\b \f \n \r \t`, other
///   control characters as `\u00xx` (lowercase hex), everything else as raw UTF-8 (no Unicode
///   normalization).
/// - Numbers parsed as IEEE 754 doubles and written by ECMAScript's `Number.prototype.toString`
///   (see ``ECMAScriptNumber``): `1E30` → `1e+30`, `4.50` → `4.5`, `-0` → `0`.
///
/// Unlike ``CanonicalJSONWriter`` (WireLock's file form, which keeps number text as written), JCS
/// changes number spelling, so it is used for hashing, never for goldens.
///
/// ```swift
/// let bytes = try JCS.canonicalize(Array(#"{"b": 1E3, "a": [4.50, -0]}"#.utf8))
/// // {"a":[4.5,0],"b":1000}
/// ```
public enum JCS {
    /// Why a value has no JCS form.
    public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// Where the offending value is.
        public var path: JSONPath
        /// What is wrong with it.
        public var reason: String

        public var description: String { "\(reason) at \(path)" }
    }

    /// The JCS bytes of a value.
    /// - Throws: ``JCS/Error`` for a number outside the double range (`1e400`) or an object with a
    ///   repeated member name, neither of which RFC 8785 can represent.
    public static func bytes(_ value: JSONValue) throws(JCS.Error) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        try write(value, path: .root, into: &out)
        return out
    }

    /// The JCS text of a value. See ``bytes(_:)``.
    public static func text(_ value: JSONValue) throws(JCS.Error) -> String {
        String(decoding: try bytes(value), as: UTF8.self)
    }

    /// Parses a document strictly and returns its JCS bytes.
    /// - Throws: ``JSONSyntaxError`` for invalid JSON, ``JCS/Error`` when it has no JCS form.
    public static func canonicalize(_ document: some Collection<UInt8>) throws -> [UInt8] {
        try bytes(try JSONValue.parse(document))
    }

    /// The ECMAScript form of a JSON number's text, or nil if it overflows a double.
    public static func number(_ number: JSONNumber) -> String? {
        guard let double = Double(number.text) else { return nil }
        return ECMAScriptNumber.format(double)
    }

    private static func write(_ value: JSONValue, path: JSONPath, into out: inout [UInt8]) throws(JCS.Error) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .string(let s): CanonicalJSONWriter.writeString(s, into: &out)
        case .number(let n):
            guard let text = number(n) else {
                throw JCS.Error(path: path, reason: "number \(n.text) is outside the IEEE 754 double range")
            }
            out.append(contentsOf: text.utf8)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                try write(element, path: path.appending(index: i), into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            if let repeated = object.duplicateKeys.first {
                throw JCS.Error(path: path.appending(key: repeated), reason: "member name \"\(repeated)\" is repeated")
            }
            out.append(UInt8(ascii: "{"))
            for (i, member) in object.sortedMembers.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                CanonicalJSONWriter.writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                try write(member.value, path: path.appending(key: member.key), into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}

extension JSONValue {
    /// SHA-256 over this value's RFC 8785 canonical bytes, as 64 hex digits: the fingerprint the
    /// lock file records.
    /// - Throws: ``JCS/Error`` when the value has no JCS form.
    public func fingerprint() throws(JCS.Error) -> String {
        SHA256.hex(try JCS.bytes(self))
    }
}
