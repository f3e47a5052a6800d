/// Writes WireLock's canonical JSON: the form of every fixture and golden file.
///
/// - Keys sorted by UTF-16 code units (as RFC 8785 does); repeated names keep their source order.
/// - ``Style/pretty``: two-space indent, one member or element per line, `"key": value`, empty
///   containers as `{}` and `[]`, a final newline. ``Style/compact``: no whitespace at all (one
///   JSON Lines record).
/// - Numbers byte-identical to their source text.
/// - Strings escaped minimally and deterministically: `\"`, `\\`, `\b \f \n \r \t`, other control
///   characters as `\u00xx` (lowercase hex); everything else, `/` and non-ASCII included, raw UTF-8.
///
/// Canonical form is idempotent (`canonical(parse(canonical(x))) == canonical(x)`) and re-parses to
/// a structurally equal value.
///
/// ```swift
/// let text = CanonicalJSONWriter.text(try JSONValue.parse(#"{"b":1,"a":[true]}"#))
/// // {
/// //   "a": [
/// //     true
/// //   ],
/// //   "b": 1
/// // }
/// ```
public enum CanonicalJSONWriter {
    /// Layout of the canonical text.
    public enum Style: Sendable {
        /// Two-space indent, one member per line, final newline (files).
        case pretty
        /// No whitespace, no final newline (JSON Lines records, fingerprints).
        case compact
    }

    /// The canonical UTF-8 bytes of a value.
    public static func bytes(_ value: JSONValue, style: Style = .pretty) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        var path: [JSONPath.Component] = []
        var splice: Splice? = nil
        write(value, style: style, sorted: true, depth: 0, path: &path, splice: &splice, into: &out)
        if style == .pretty { out.append(0x0A) }
        return out
    }

    /// The compact bytes of `value` in source member order (repeated names kept), with
    /// `splice.bytes` written instead of the value at `splice.path`: raw bytes let a fuzz mutant or
    /// an oracle input hold what a tree cannot (invalid UTF-8, a lone surrogate escape, `01`).
    /// The same writer as ``bytes(_:style:)``, members left unsorted.
    /// - Returns: the bytes and the offset where the splice starts (nil when the path was not found).
    package static func sourceOrdered(_ value: JSONValue, splice: (path: JSONPath, bytes: [UInt8])? = nil) -> (
        bytes: [UInt8], spliceStart: Int?
    ) {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        var path: [JSONPath.Component] = []
        var state = splice.map { Splice(target: $0.path.components, raw: $0.bytes) }
        write(value, style: .compact, sorted: false, depth: 0, path: &path, splice: &state, into: &out)
        return (out, state?.start)
    }

    /// Raw bytes to write instead of the value at one path, and where they landed.
    private struct Splice {
        let target: [JSONPath.Component]
        let raw: [UInt8]
        var start: Int?
    }

    /// The canonical text of a value.
    public static func text(_ value: JSONValue, style: Style = .pretty) -> String {
        String(decoding: bytes(value, style: style), as: UTF8.self)
    }

    /// Parses a document and returns its canonical bytes.
    /// - Throws: ``JSONSyntaxError`` when the input is not valid JSON under `options`.
    public static func canonicalize(
        _ bytes: some Collection<UInt8>, options: JSONParseOptions = .strict,
        style: Style = .pretty
    ) throws(JSONSyntaxError) -> [UInt8] {
        Self.bytes(try JSONValue.parse(bytes, options: options), style: style)
    }

    private static func newline(_ depth: Int, _ out: inout [UInt8]) {
        out.append(0x0A)
        for _ in 0..<depth {
            out.append(0x20)
            out.append(0x20)
        }
    }

    private static func write(
        _ value: JSONValue, style: Style, sorted: Bool, depth: Int, path: inout [JSONPath.Component],
        splice: inout Splice?, into out: inout [UInt8]
    ) {
        // Path tracking only while a splice's target can still be at or below this value.
        var onRoute = false
        if let pending = splice, pending.start == nil {
            if pending.target == path {
                splice?.start = out.count
                out.append(contentsOf: pending.raw)
                return
            }
            onRoute = pending.target.count > path.count && pending.target.starts(with: path)
        }
        var offRoute: Splice? = nil
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): out.append(contentsOf: n.text.utf8)
        case .string(let s): writeString(s, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if style == .pretty { newline(depth + 1, &out) }
                if onRoute {
                    path.append(.index(i))
                    write(
                        element, style: style, sorted: sorted, depth: depth + 1, path: &path, splice: &splice,
                        into: &out)
                    path.removeLast()
                } else {
                    write(
                        element, style: style, sorted: sorted, depth: depth + 1, path: &path, splice: &offRoute,
                        into: &out)
                }
            }
            if style == .pretty && !elements.isEmpty { newline(depth, &out) }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (i, member) in (sorted ? object.sortedMembers : object.members).enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if style == .pretty { newline(depth + 1, &out) }
                writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                if style == .pretty { out.append(0x20) }
                if onRoute {
                    path.append(.key(member.key))
                    write(
                        member.value, style: style, sorted: sorted, depth: depth + 1, path: &path, splice: &splice,
                        into: &out)
                    path.removeLast()
                } else {
                    write(
                        member.value, style: style, sorted: sorted, depth: depth + 1, path: &path, splice: &offRoute,
                        into: &out)
                }
            }
            if style == .pretty && !object.isEmpty { newline(depth, &out) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends a string literal with the canonical escaping (shared in the package). Runs of bytes that need no escape are copied whole.
    package static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            var run = 0
            for i in 0..<bytes.count {
                let byte = bytes[i]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if run < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i])) }
                run = i + 1
                switch byte {
                case UInt8(ascii: "\""):
                    out.append(UInt8(ascii: "\\"))
                    out.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"):
                    out.append(UInt8(ascii: "\\"))
                    out.append(UInt8(ascii: "\\"))
                case 0x08:
                    out.append(UInt8(ascii: "\\"))
                    out.append(UInt8(ascii: "b"))
                case 0x0C:
                    out.append(UInt8(ascii: "\\"))
                    out.append(UInt8(ascii: "f"))
                case 0x0A:
                    out.append(UInt8(ascii: "\\"))
                    out.append(UInt8(ascii: "n"))
                case 0x0D:
                    out.append(UInt8(ascii: "\\"))
                    out.append(UInt8(ascii: "r"))
                case 0x09:
                    out.append(UInt8(ascii: "\\"))
                    out.append(UInt8(ascii: "t"))
                default:
                    out.append(contentsOf: "\\u00".utf8)
                    out.append(hexDigits[Int(byte >> 4)])
                    out.append(hexDigits[Int(byte & 0x0F)])
                }
            }
            if run < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...])) }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONValue {
    /// The canonical text of this value (see ``CanonicalJSONWriter``).
    public func canonicalText(style: CanonicalJSONWriter.Style = .pretty) -> String {
        CanonicalJSONWriter.text(self, style: style)
    }
}
