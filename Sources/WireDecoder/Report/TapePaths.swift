// JSON paths and source locations of tape entries, found in one walk and one sweep however many
// are asked for.
import WireJSONCore

enum TapePaths {
    /// The path of each target entry (a member name's entry stands for its member).
    ///
    /// One walk in document order, with a cursor over the targets in increasing order (the
    /// report's targets come that way already; others are sorted first): only containers that hold
    /// a target are entered, and only the member names on the way to one are decoded.
    static func paths(of targets: [Int], tape: TapeView, base: UnsafePointer<UInt8>) -> [Int: JSONPath] {
        let sorted = isStrictlyIncreasing(targets) ? targets : Set(targets).sorted()
        guard !sorted.isEmpty, tape.count > 0 else { return [:] }
        var result: [Int: JSONPath] = [:]
        result.reserveCapacity(sorted.count)
        var components: [JSONPath.Component] = []
        // The first target not yet reached: every target before it has its path.
        var next = 0

        /// Records `index` if it is the next target.
        func reach(_ index: Int) {
            while next < sorted.count, sorted[next] < index { next += 1 }
            if next < sorted.count, sorted[next] == index {
                result[index] = JSONPath(components)
                next += 1
            }
        }

        /// Whether a target lies before `end` (all those before the current entry are reached).
        func anyTarget(before end: Int) -> Bool { next < sorted.count && sorted[next] < end }

        func walk(_ index: Int) {
            reach(index)
            let end = tape.end(index)
            guard end > index + 1, anyTarget(before: end) else { return }
            switch tape.kind(index) {
            case .object:
                var member = index + 1
                for _ in 0..<tape.count(index) {
                    let after = tape.end(member + 1)
                    // Only members on the way to a target get their names decoded.
                    if anyTarget(before: after) {
                        let name =
                            StringDecoding.decode(base: base, offset: tape.offset(member), length: tape.length(member))
                            ?? NumberText.text(base, tape.offset(member), tape.length(member))
                        components.append(.key(name))
                        reach(member)
                        walk(member + 1)
                        components.removeLast()
                    }
                    member = after
                }
            case .array:
                var element = index + 1
                for position in 0..<tape.count(index) {
                    let after = tape.end(element)
                    if anyTarget(before: after) {
                        components.append(.index(position))
                        walk(element)
                        components.removeLast()
                    }
                    element = after
                }
            default:
                break
            }
        }
        walk(0)
        return result
    }

    static func isStrictlyIncreasing(_ values: [Int]) -> Bool {
        var previous = Int.min
        for value in values {
            if value <= previous { return false }
            previous = value
        }
        return true
    }

    /// The line and column of each byte offset, in one sweep over the input's bytes (offsets past
    /// the end are counted to the end), as `JSONSourceLocation.advance(to:in:)` counts them.
    static func locations(of offsets: [Int], base: UnsafePointer<UInt8>, length: Int) -> [Int: JSONSourceLocation] {
        let sorted = isStrictlyIncreasing(offsets) ? offsets : Set(offsets).sorted()
        var result: [Int: JSONSourceLocation] = [:]
        result.reserveCapacity(sorted.count)
        var line = 1
        var column = 1
        var position = 0
        for offset in sorted {
            let stop = min(offset, length)
            while position < stop {
                let byte = base[position]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                position += 1
            }
            result[offset] = JSONSourceLocation(offset: offset, line: line, column: column)
        }
        return result
    }

    /// The byte where an entry's text starts: a string's opening quote, a number's first digit.
    static func startOffset(_ index: Int, tape: TapeView) -> Int {
        tape.kind(index) == .string ? tape.offset(index) - 1 : tape.offset(index)
    }
}

/// Where an entry is, in words, for an error message: `$.records[3].year (line 12, column 15, byte 340)`.
enum PlaceFinder {
    static func describe(_ index: Int, tape: TapeView, base: UnsafePointer<UInt8>) -> String {
        guard index < tape.count else { return "the end of the input" }
        let path = TapePaths.paths(of: [index], tape: tape, base: base)[index] ?? .root
        let offset = TapePaths.startOffset(index, tape: tape)
        let location =
            TapePaths.locations(of: [offset], base: base, length: offset + 1)[offset]
            ?? JSONSourceLocation(offset: offset, line: 1, column: 1)
        return "\(path) (\(location))"
    }
}
