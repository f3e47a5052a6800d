

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a tree as compact JSON in source member order (repeated names kept), optionally putting
/// raw bytes in place of the value at one path and reporting where they start. Raw bytes let a
/// mutant hold what a tree cannot: invalid UTF-8, a lone surrogate escape, `01`. Shared in the
/// package: the decoder oracle writes its edited inputs with it too.
package enum CompactJSONWriter {
    /// The bytes of `value`, with `splice.bytes` written instead of the value at `splice.path`.
    /// - Returns: the bytes and the offset where the splice starts (nil when the path was not found).
    package static func write(_ value: JSONValue, splice: (path: JSONPath, bytes: [UInt8])? = nil) -> (
        bytes: [UInt8], spliceStart: Int?
    ) {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        var start: Int?
        var path: [JSONPath.Component] = []
        let target = splice?.path.components
        write(value, &out, &path, target, splice?.bytes ?? [], &start)
        return (out, start)
    }

    private static func write(
        _ value: JSONValue, _ out: inout [UInt8], _ path: inout [JSONPath.Component],
        _ target: [JSONPath.Component]?, _ raw: [UInt8], _ start: inout Int?
    ) {
        if let target, start == nil, target == path {
            start = out.count
            out.append(contentsOf: raw)
            return
        }
        // Only descend with path tracking while the target can still be below us.
        let onRoute = target.map { $0.count > path.count && Array($0.prefix(path.count)) == path } ?? false
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): out.append(contentsOf: n.text.utf8)
        case .string(let s): writeString(s, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if onRoute {
                    path.append(.index(i))
                    write(element, &out, &path, target, raw, &start)
                    path.removeLast()
                } else {
                    write(element, &out, &path, nil, raw, &start)
                }
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (i, member) in object.members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                if onRoute {
                    path.append(.key(member.key))
                    write(member.value, &out, &path, target, raw, &start)
                    path.removeLast()
                } else {
                    write(member.value, &out, &path, nil, raw, &start)
                }
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A string literal with the canonical writer's escaping.
    package static func writeString(_ s: String, into out: inout [UInt8]) {
        CanonicalJSONWriter.writeString(s, into: &out)
    }
}
