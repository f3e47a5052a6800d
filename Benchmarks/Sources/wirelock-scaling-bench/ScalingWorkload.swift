/// The documents the scaling benchmark times the CLI on. Each has a size parameter `n` (elements,
/// members, levels or bytes); the benchmark writes it at `n` and at `8n` and compares the times.
/// Every document is deterministic (no randomness, no clock), so reruns read the same bytes.
enum ScalingWorkload: String, CaseIterable {
    /// `[0,1,2,…]`: n integers.
    case integers = "array of integers"
    /// `{"k0":0,"k1":1,…}`: n members, written in reverse key order so sorting has work to do.
    case keys = "object with many keys"
    /// An array of n/64 copies of an object nested 32 levels deep, each level with a sibling
    /// member and a short array.
    case nestedRecords = "nested records (32 levels)"
    /// Nesting depth n (8n stays under the 512-level limit): each level an object with its number,
    /// ten integers, a long string (`levelBytes`) and the next level. The canonical (pretty) form
    /// indents every line by its depth, so `fmt`'s output, and its time, grow a little faster than
    /// the input here: that part is the format, not the algorithm.
    case depth = "nesting depth"
    /// One string of n bytes: ASCII, escapes, two- to four-byte UTF-8.
    case longString = "one long string"
    /// One number of n bytes: `-1.`, digits, an exponent.
    case longNumber = "one long number"

    /// The unit of `n` for the table.
    var unit: String {
        switch self {
        case .integers: "integers"
        case .keys: "keys"
        case .nestedRecords: "records"
        case .depth: "levels"
        case .longString, .longNumber: "bytes"
        }
    }

    /// Writes the document for size `n` to `out`; `variant` changes one scalar value near the end
    /// (the `new` side of a `wirelock diff`); `levelBytes` is the string per level of ``depth``.
    func write(n: Int, variant: Bool, levelBytes: Int, to out: BufferedFile) {
        switch self {
        case .integers:
            out.write("[")
            for i in 0..<n {
                if i > 0 { out.write(",") }
                out.write(String(variant && i == n - 1 ? -1 : i))
            }
            out.write("]\n")
        case .keys:
            out.write("{")
            for i in stride(from: n - 1, through: 0, by: -1) {
                out.write("\"k\(i)\":\(variant && i == 0 ? -1 : i)")
                if i > 0 { out.write(",") }
            }
            out.write("}\n")
        case .nestedRecords:
            out.write("[")
            for r in 0..<n {
                if r > 0 { out.write(",") }
                for level in 0..<32 {
                    out.write("{\"id\":\(r * 32 + level),\"tags\":[\"t\(level)\",\(level)],\"next\":")
                }
                out.write(variant && r == n - 1 ? "false" : "null")
                out.write(String(repeating: "}", count: 32))
            }
            out.write("]\n")
        case .depth:
            let text = String(repeating: "nested ", count: levelBytes / 7)
            for level in 0..<n {
                out.write("{\"level\":\(level),\"values\":[0,1,2,3,4,5,6,7,8,9],\"text\":\"\(text)\",\"next\":")
            }
            out.write(variant ? "true" : "null")
            out.write(String(repeating: "}", count: n))
            out.write("\n")
        case .longString:
            // 40-byte pieces, each valid on its own: plain ASCII, escapes, é (2 bytes), 猫 (3), 😀 (4).
            let piece = #"plain ascii text \"quoted\" \n\t\\ é 猫 😀 "#
            let pieceBytes = Array(piece.utf8).count
            out.write("[\"")
            var written = 0
            while written + pieceBytes <= n {
                out.write(piece)
                written += pieceBytes
            }
            out.write(String(repeating: variant ? "y" : "x", count: n - written))
            out.write("\"]\n")
        case .longNumber:
            // A long fraction: still inside the double range, so JCS (diff's fingerprint) reads it.
            out.write("[-1.")
            out.write(digits(max(1, n - 6), start: 3))
            out.write(variant ? "e-8]\n" : "e-7]\n")
        }
    }

    /// `count` decimal digits cycling from `start`, never starting with 0.
    private func digits(_ count: Int, start: Int) -> String {
        let cycle = Array("123456789".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for i in 0..<count { bytes.append(cycle[(start + i) % cycle.count]) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The 200 MB pair for the validator's long-token row: one string as big as the document, and a
/// document of the same size made of short strings.
enum TokenPair: String, CaseIterable {
    case singleString = "one 200 MB string"
    case shortStrings = "200 MB of short strings"

    func write(bytes: Int, to out: BufferedFile) {
        switch self {
        case .singleString:
            out.write("[\"")
            let chunk = String(repeating: "wirelock long token ", count: 4_096)  // 80 KiB
            let chunkBytes = chunk.utf8.count
            var written = 0
            while written + chunkBytes <= bytes - 5 {
                out.write(chunk)
                written += chunkBytes
            }
            out.write(String(repeating: "x", count: max(0, bytes - 5 - written)))
            out.write("\"]\n")
        case .shortStrings:
            out.write("[")
            // "wirelock long token", : 22 bytes per element.
            let element = "\"wirelock long token\","
            let line = String(repeating: element, count: 4_096)
            let lineBytes = line.utf8.count
            var written = 1
            while written + lineBytes <= bytes - 23 {
                out.write(line)
                written += lineBytes
            }
            while written + element.utf8.count <= bytes - 23 {
                out.write(element)
                written += element.utf8.count
            }
            out.write("\"wirelock long token\"]\n")
        }
    }
}
