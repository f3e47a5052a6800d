import WireJSON
import WireShapes

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
/// Unlike `CanonicalJSONWriter` (WireLock's file form, which keeps number text as written), JCS
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
        var path: [JSONPath.Component] = []
        try write(value, path: &path, into: &out)
        return out
    }

    /// The JCS text of a value. See ``bytes(_:)``.
    public static func text(_ value: JSONValue) throws(JCS.Error) -> String {
        String(decoding: try bytes(value), as: UTF8.self)
    }

    /// Parses a document strictly and returns its JCS bytes.
    /// - Throws: `JSONSyntaxError` for invalid JSON, ``JCS/Error`` when it has no JCS form.
    public static func canonicalize(_ document: some Collection<UInt8>) throws -> [UInt8] {
        try bytes(try JSONValue.parse(document))
    }

    /// The ECMAScript form of a JSON number's text, or nil if it overflows a double.
    public static func number(_ number: JSONNumber) -> String? {
        if isShortInteger(number.text) { return number.text == "-0" ? "0" : number.text }
        guard let double = Double(number.text) else { return nil }
        return ECMAScriptNumber.format(double)
    }

    /// Whether number text is an integer of at most 15 digits without fraction or exponent. Such an
    /// integer is an exact double, and ECMAScript prints it digit for digit (below 10²¹), so its
    /// JCS form is its own text (`-0` aside). Most numbers on the wire are such integers, and
    /// going through `Double` and its description costs far more.
    static func isShortInteger(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let start = bytes.first == UInt8(ascii: "-") ? 1 : 0
            let digits = bytes.count - start
            guard digits >= 1, digits <= 15 else { return false }
            // A leading zero only in 0 itself (the parser never produces 01).
            if bytes[start] == UInt8(ascii: "0") { return digits == 1 }
            for k in start..<bytes.count where !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[k]) {
                return false
            }
            return true
        }
    }

    /// Writes `value`; `path` is where it is, as a stack of steps that a ``JCS/Error`` copies only
    /// when it is thrown (a `JSONPath` per value would copy the path once per value: time
    /// proportional to the document's size times its depth).
    private static func write(_ value: JSONValue, path: inout [JSONPath.Component], into out: inout [UInt8]) throws(JCS
        .Error)
    {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .string(let s): CanonicalJSONWriter.writeString(s, into: &out)
        case .number(let n):
            guard let text = number(n) else {
                throw JCS.Error(path: JSONPath(path), reason: "number \(n.text) is outside the IEEE 754 double range")
            }
            out.append(contentsOf: text.utf8)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                path.append(.index(i))
                try write(element, path: &path, into: &out)
                path.removeLast()
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            let members = object.members
            let order = object.sortedMemberIndices()
            // Sorted, a repeated name sits next to itself (equal names are equal in UTF-16 order):
            // one comparison per member instead of a set of all the names. The error still names
            // the name repeated first, as ``JSONObject/duplicateKeys`` finds it.
            for k in order.indices.dropFirst()
            where JSONKey.exactlyEqual(members[order[k - 1]].key, members[order[k]].key) {
                let repeated = object.duplicateKeys.first ?? members[order[k]].key
                throw JCS.Error(
                    path: JSONPath(path + [.key(repeated)]), reason: "member name \"\(repeated)\" is repeated")
            }
            out.append(UInt8(ascii: "{"))
            for (i, index) in order.enumerated() {
                let member = members[index]
                if i > 0 { out.append(UInt8(ascii: ",")) }
                CanonicalJSONWriter.writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                path.append(.key(member.key))
                try write(member.value, path: &path, into: &out)
                path.removeLast()
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
