import WireJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a tree as compact JSON in source member order (repeated names kept), optionally putting
/// raw bytes in place of the value at one path and reporting where they start. Raw bytes let a
/// mutant hold what a tree cannot: invalid UTF-8, a lone surrogate escape, `01`.
enum MutantWriter {
    /// The bytes of `value`, with `splice.bytes` written instead of the value at `splice.path`.
    /// - Returns: the bytes and the offset where the splice starts (nil when the path was not found).
    static func write(_ value: JSONValue, splice: (path: JSONPath, bytes: [UInt8])? = nil) -> (
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
    static func writeString(_ s: String, into out: inout [UInt8]) {
        CanonicalJSONWriter.writeString(s, into: &out)
    }
}

/// Finds values in the bytes ``MutantWriter`` writes for a tree without a splice (no whitespace,
/// canonical escapes): the writer does not depend on context, so the bytes of an edited tree are
/// these bytes with one range replaced, and a mutant costs a scan and a copy instead of a copy of
/// the tree and a rewrite of it.
enum CompactEdit {
    /// A value inside its parent: the entry (member or element), where the value starts and ends,
    /// the member name's bytes, and whether entries come before and after it.
    struct Entry {
        var start: Int
        var valueStart: Int
        var end: Int
        var key: Range<Int>?
        var isFirst: Bool
        var hasNext: Bool
    }

    /// The entry of the value at `path`: for a member name, the last member of that name with
    /// exactly those bytes (as a lookup in a tree without repeated names finds it). Nil when the
    /// path is not there.
    static func locate(_ path: [JSONPath.Component], in bytes: [UInt8], containers: Containers) -> Entry? {
        bytes.withUnsafeBufferPointer { b in
            let skipValue = { (i: Int) -> Int in
                if b[i] == UInt8(ascii: "{") || b[i] == UInt8(ascii: "["), let end = containers.end(ofContainerAt: i) {
                    return end
                }
                return Self.skipValue(b, i)
            }
            var entry = Entry(start: 0, valueStart: 0, end: b.count, key: nil, isFirst: true, hasNext: false)
            for component in path {
                let open = entry.valueStart
                var i = open + 1
                var found: Entry?
                switch component {
                case .key(let name):
                    guard b[open] == UInt8(ascii: "{") else { return nil }
                    var target: [UInt8] = []
                    MutantWriter.writeString(name, into: &target)
                    var first = true
                    while b[i] != UInt8(ascii: "}") {
                        let keyEnd = skipString(b, i)
                        let valueEnd = skipValue(keyEnd + 1)
                        let next = b[valueEnd] == UInt8(ascii: ",")
                        if keyEnd - i == target.count
                            && target.withUnsafeBufferPointer({ t in
                                memcmp(t.baseAddress!, b.baseAddress! + i, t.count) == 0
                            })
                        {
                            found = Entry(
                                start: i, valueStart: keyEnd + 1, end: valueEnd, key: i..<keyEnd, isFirst: first,
                                hasNext: next)
                        }
                        first = false
                        i = next ? valueEnd + 1 : valueEnd
                    }
                case .index(let index):
                    guard b[open] == UInt8(ascii: "["), index >= 0 else { return nil }
                    var position = 0
                    while b[i] != UInt8(ascii: "]") {
                        let valueEnd = skipValue(i)
                        let next = b[valueEnd] == UInt8(ascii: ",")
                        if position == index {
                            found = Entry(
                                start: i, valueStart: i, end: valueEnd, key: nil, isFirst: position == 0, hasNext: next)
                            break
                        }
                        position += 1
                        i = next ? valueEnd + 1 : valueEnd
                    }
                }
                guard let found else { return nil }
                entry = found
            }
            return entry
        }
    }

    /// Where each array and object of a compact document starts and ends, so that ``locate`` steps
    /// over a container by a search instead of a scan of its bytes.
    struct Containers: Sendable {
        /// Start offsets in increasing order (document order), and the offset after each one's end.
        private var starts: [Int] = []
        private var ends: [Int] = []

        /// The containers of a compact document.
        init(_ bytes: [UInt8]) {
            var open: [Int] = []
            bytes.withUnsafeBufferPointer { b in
                var i = 0
                while i < b.count {
                    switch b[i] {
                    case UInt8(ascii: "\""):
                        i = skipString(b, i)
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        open.append(starts.count)
                        starts.append(i)
                        ends.append(0)
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        ends[open.removeLast()] = i + 1
                    default:
                        break
                    }
                    i += 1
                }
            }
        }

        /// The offset after the container that starts at `start`, if one does.
        func end(ofContainerAt start: Int) -> Int? {
            var low = 0
            var high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] < start { low = middle + 1 } else { high = middle }
            }
            return low < starts.count && starts[low] == start ? ends[low] : nil
        }
    }

    /// The position after the string literal starting at `i`.
    @inline(__always) static func skipString(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        var j = i + 1
        while b[j] != UInt8(ascii: "\"") { j += b[j] == UInt8(ascii: "\\") ? 2 : 1 }
        return j + 1
    }

    /// The position after the value starting at `i`.
    static func skipValue(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        switch b[i] {
        case UInt8(ascii: "\""):
            return skipString(b, i)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var j = i
            while true {
                switch b[j] {
                case UInt8(ascii: "\""):
                    j = skipString(b, j)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return j + 1 }
                default:
                    break
                }
                j += 1
            }
        default:
            var j = i
            while j < b.count, b[j] != UInt8(ascii: ","), b[j] != UInt8(ascii: "}"), b[j] != UInt8(ascii: "]") {
                j += 1
            }
            return j
        }
    }

    /// `bytes` with `range` replaced by `replacement`.
    static func replacing(_ range: Range<Int>, in bytes: [UInt8], with replacement: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count - range.count + replacement.count)
        out.append(contentsOf: bytes[..<range.lowerBound])
        out.append(contentsOf: replacement)
        out.append(contentsOf: bytes[range.upperBound...])
        return out
    }

    /// The range that removing an entry takes out: the entry with the comma before it, or with the
    /// one after it when it is first, so the others stay joined by single commas.
    static func removal(_ entry: Entry) -> Range<Int> {
        if !entry.isFirst { return (entry.start - 1)..<entry.end }
        return entry.start..<(entry.hasNext ? entry.end + 1 : entry.end)
    }
}

extension JSONValue {
    /// This value with the value at `path` replaced by `transform`'s result (nil removes an object
    /// member or array element). Unchanged when the path does not exist.
    func replacing(at path: JSONPath, _ transform: (JSONValue) -> JSONValue?) -> JSONValue? {
        replacing(path.components[...], transform)
    }

    private func replacing(_ rest: ArraySlice<JSONPath.Component>, _ transform: (JSONValue) -> JSONValue?) -> JSONValue?
    {
        guard let first = rest.first else { return transform(self) }
        switch (self, first) {
        case (.object(var object), .key(let key)):
            guard let i = object.members.lastIndex(where: { JSONKey.exactlyEqual($0.key, key) }) else { return self }
            if let replaced = object.members[i].value.replacing(rest.dropFirst(), transform) {
                object.members[i].value = replaced
            } else {
                object.members.remove(at: i)
            }
            return .object(object)
        case (.array(var elements), .index(let index)) where elements.indices.contains(index):
            if let replaced = elements[index].replacing(rest.dropFirst(), transform) {
                elements[index] = replaced
            } else {
                elements.remove(at: index)
            }
            return .array(elements)
        default:
            return self
        }
    }

    /// Renames the member at `path` (its last component is the old name), keeping its position.
    func renamingMember(at path: JSONPath, to newName: String) -> JSONValue {
        guard case .key(let old)? = path.components.last else { return self }
        return replacing(at: path.parent) { parent in
            guard case .object(var object) = parent,
                let i = object.members.lastIndex(where: { JSONKey.exactlyEqual($0.key, old) })
            else { return parent }
            object.members[i].key = newName
            return .object(object)
        } ?? self
    }

    /// Every path in the tree, parents before children, members and elements in source order.
    func allPaths() -> [(path: JSONPath, value: JSONValue)] {
        var out: [(JSONPath, JSONValue)] = []
        var stack: [JSONPath.Component] = []
        func visit(_ value: JSONValue) {
            out.append((JSONPath(stack), value))
            switch value {
            case .array(let elements):
                for (i, element) in elements.enumerated() {
                    stack.append(.index(i))
                    visit(element)
                    stack.removeLast()
                }
            case .object(let object):
                for member in object.members {
                    stack.append(.key(member.key))
                    visit(member.value)
                    stack.removeLast()
                }
            default: break
            }
        }
        visit(self)
        return out
    }
}
