// JSON paths and source locations of tape entries, found in one walk and one sweep however many
// are asked for.
import WireJSON

enum TapePaths {
    /// The path of each target entry (a member name's entry stands for its member).
    static func paths(of targets: [Int], tape: TapeView, base: UnsafePointer<UInt8>) -> [Int: JSONPath] {
        let wanted = Set(targets)
        let sorted = wanted.sorted()
        guard !sorted.isEmpty, tape.count > 0 else { return [:] }
        var result: [Int: JSONPath] = [:]
        var components: [JSONPath.Component] = []

        func anyTarget(in range: Range<Int>) -> Bool {
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
            }
            return low < sorted.count && sorted[low] < range.upperBound
        }

        func walk(_ index: Int) {
            if wanted.contains(index) { result[index] = JSONPath(components) }
            let end = tape.end(index)
            guard end > index + 1, anyTarget(in: (index + 1)..<end) else { return }
            switch tape.kind(index) {
            case .object:
                var member = index + 1
                for _ in 0..<tape.count(index) {
                    let next = tape.end(member + 1)
                    // Only members on the way to a target get their names decoded.
                    if wanted.contains(member) || anyTarget(in: (member + 1)..<next) {
                        let name =
                            StringDecoding.decode(base: base, offset: tape.offset(member), length: tape.length(member))
                            ?? NumberText.text(base, tape.offset(member), tape.length(member))
                        components.append(.key(name))
                        if wanted.contains(member) { result[member] = JSONPath(components) }
                        walk(member + 1)
                        components.removeLast()
                    }
                    member = next
                }
            case .array:
                var element = index + 1
                for position in 0..<tape.count(index) {
                    let next = tape.end(element)
                    if anyTarget(in: element..<next) {
                        components.append(.index(position))
                        walk(element)
                        components.removeLast()
                    }
                    element = next
                }
            default:
                break
            }
        }
        walk(0)
        return result
    }

    /// The line and column of each byte offset, in one sweep.
    static func locations(of offsets: [Int], in bytes: [UInt8]) -> [Int: JSONSourceLocation] {
        var result: [Int: JSONSourceLocation] = [:]
        var location = JSONSourceLocation(offset: 0, line: 1, column: 1)
        for offset in Set(offsets).sorted() {
            location.advance(to: offset, in: bytes)
            result[offset] = location
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
        let bytes = Array(UnsafeBufferPointer(start: base, count: offset + 1))
        let location = JSONSourceLocation(offset: offset, in: bytes)
        return "\(path) (\(location))"
    }
}
