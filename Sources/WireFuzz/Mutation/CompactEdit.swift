import WireJSONCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds values in the bytes `CanonicalJSONWriter.sourceOrdered` writes for a tree without a splice (no whitespace,
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
                    CanonicalJSONWriter.writeString(name, into: &target)
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
