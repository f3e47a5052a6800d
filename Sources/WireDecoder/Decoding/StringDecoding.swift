// JSON string contents to Swift Strings, with JSONDecoder's rules for what fails: an unknown
// escape, a \u that is not four hex digits, a lone surrogate, a raw control character, invalid
// UTF-8.

enum StringDecoding {
    @inline(__always) static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }

    /// The length of the well-formed UTF-8 sequence starting at `offset` (a byte ≥ 0x80), or 0.
    static func validUTF8SequenceLength(_ base: UnsafePointer<UInt8>, at offset: Int, end: Int) -> Int {
        let lead = base[offset]
        @inline(__always) func continuation(_ index: Int) -> Bool {
            offset &+ index < end && base[offset &+ index] & 0xC0 == 0x80
        }
        switch lead {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : 0
        case 0xE0...0xEF:
            guard continuation(1), continuation(2) else { return 0 }
            let second = base[offset &+ 1]
            if lead == 0xE0, second < 0xA0 { return 0 }  // overlong
            if lead == 0xED, second > 0x9F { return 0 }  // surrogate
            return 3
        case 0xF0...0xF4:
            guard continuation(1), continuation(2), continuation(3) else { return 0 }
            let second = base[offset &+ 1]
            if lead == 0xF0, second < 0x90 { return 0 }  // overlong
            if lead == 0xF4, second > 0x8F { return 0 }  // above U+10FFFF
            return 4
        default:
            return 0
        }
    }

    /// True when the bytes are well-formed UTF-8.
    static func isValidUTF8(_ base: UnsafePointer<UInt8>, offset: Int, length: Int) -> Bool {
        var index = offset
        let end = offset &+ length
        while index < end {
            if base[index] < 0x80 {
                index &+= 1
                continue
            }
            let sequence = validUTF8SequenceLength(base, at: index, end: end)
            guard sequence > 0 else { return false }
            index &+= sequence
        }
        return true
    }

    /// The string between two quotes, or nil when JSONDecoder would fail on it. Escapes only
    /// shrink the text, so the resolved bytes fit a buffer of the source length (on the stack
    /// when small).
    static func decode(base: UnsafePointer<UInt8>, offset: Int, length: Int) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, length)) { buffer -> String? in
            guard let count = unescape(base: base, offset: offset, length: length, into: buffer.baseAddress!) else {
                return nil
            }
            return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: count), as: UTF8.self)
        }
    }

    /// The UTF-8 bytes a string's contents stand for, escapes resolved; nil when JSONDecoder
    /// would fail on them.
    static func unescapedBytes(base: UnsafePointer<UInt8>, offset: Int, length: Int) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: max(1, length)) { buffer, count in
            if let written = unescape(base: base, offset: offset, length: length, into: buffer.baseAddress!) {
                count = written
            } else {
                failed = true
                count = 0
            }
        }
        return failed ? nil : bytes
    }

    /// A plain string (no escape, no control character) whose UTF-8 is already known to be valid
    /// or is checked here.
    @inline(__always) static func plain(
        base: UnsafePointer<UInt8>, offset: Int, length: Int, checkUTF8: Bool
    ) -> String? {
        if checkUTF8, !isValidUTF8(base, offset: offset, length: length) { return nil }
        return String(decoding: UnsafeBufferPointer(start: base + offset, count: length), as: UTF8.self)
    }

    /// Resolves the escapes of a string's contents into `output` (room for `length` bytes);
    /// the byte count, or nil when JSONDecoder would fail on them.
    static func unescape(
        base: UnsafePointer<UInt8>, offset: Int, length: Int, into output: UnsafeMutablePointer<UInt8>
    ) -> Int? {
        var written = 0
        @inline(__always) func append(_ byte: UInt8) {
            output[written] = byte
            written &+= 1
        }
        var index = offset
        let end = offset &+ length
        while index < end {
            let byte = base[index]
            if byte == UInt8(ascii: "\\") {
                guard index &+ 1 < end else { return nil }
                let letter = base[index &+ 1]
                index &+= 2
                switch letter {
                case UInt8(ascii: "\""): append(0x22)
                case UInt8(ascii: "\\"): append(0x5C)
                case UInt8(ascii: "/"): append(0x2F)
                case UInt8(ascii: "b"): append(0x08)
                case UInt8(ascii: "f"): append(0x0C)
                case UInt8(ascii: "n"): append(0x0A)
                case UInt8(ascii: "r"): append(0x0D)
                case UInt8(ascii: "t"): append(0x09)
                case UInt8(ascii: "u"):
                    guard let unit = hex4(base, index, end) else { return nil }
                    index &+= 4
                    var scalar: Unicode.Scalar
                    if UTF16.isLeadSurrogate(unit) {
                        guard index &+ 6 <= end, base[index] == UInt8(ascii: "\\"),
                            base[index &+ 1] == UInt8(ascii: "u"),
                            let low = hex4(base, index &+ 2, end), UTF16.isTrailSurrogate(low)
                        else { return nil }
                        index &+= 6
                        scalar = UTF16.decode(UTF16.EncodedScalar([unit, low]))
                    } else {
                        guard let single = Unicode.Scalar(unit) else { return nil }
                        scalar = single
                    }
                    for byte in UTF8.encode(scalar)! { append(byte) }
                default:
                    return nil
                }
            } else if byte < 0x20 {
                return nil
            } else if byte < 0x80 {
                // A run of plain ASCII, copied at once.
                var stop = index &+ 1
                while stop < end {
                    let next = base[stop]
                    if next == UInt8(ascii: "\\") || next < 0x20 || next >= 0x80 { break }
                    stop &+= 1
                }
                (output + written).update(from: base + index, count: stop &- index)
                written &+= stop &- index
                index = stop
            } else {
                let sequence = validUTF8SequenceLength(base, at: index, end: end)
                guard sequence > 0 else { return nil }
                for step in 0..<sequence { append(base[index &+ step]) }
                index &+= sequence
            }
        }
        return written
    }

    @inline(__always) private static func hex4(_ base: UnsafePointer<UInt8>, _ offset: Int, _ end: Int) -> UInt16? {
        guard offset &+ 4 <= end else { return nil }
        var value: UInt16 = 0
        for index in 0..<4 {
            guard let digit = hexValue(base[offset &+ index]) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}
