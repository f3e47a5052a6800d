#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small byte-level helpers the rules share. Every scan in WireLint walks a value's UTF-8 bytes a
/// bounded number of times, so a rule's cost is linear in the value.
enum ByteText {
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    static func isLetter(_ byte: UInt8) -> Bool { isUpper(byte) || isLower(byte) }
    static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }
    static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    static func isBase64URL(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
    /// RFC 7235 token68 characters (the credential of `Bearer` and `Basic`).
    static func isToken68(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || "-._~+/".utf8.contains(byte)
    }

    static func lowercased(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte + 0x20 : byte }

    /// Whether `bytes[at...]` starts with `prefix` (exact bytes).
    static func has(_ prefix: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + prefix.count <= bytes.count else { return false }
        for offset in 0..<prefix.count where bytes[index + offset] != prefix[offset] { return false }
        return true
    }

    /// Whether `bytes[at...]` starts with `prefix`, ignoring ASCII case (`prefix` lower-case).
    static func hasIgnoringCase(_ prefix: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + prefix.count <= bytes.count else { return false }
        for offset in 0..<prefix.count where lowercased(bytes[index + offset]) != prefix[offset] { return false }
        return true
    }

    /// The end of the run of bytes from `start` that satisfy `accept`.
    static func runEnd(_ bytes: [UInt8], from start: Int, _ accept: (UInt8) -> Bool) -> Int {
        var end = start
        while end < bytes.count && accept(bytes[end]) { end += 1 }
        return end
    }

    /// Whether every byte is the same one (an empty value counts).
    static func isOneCharacterRun(_ bytes: some Collection<UInt8>) -> Bool {
        guard let first = bytes.first else { return true }
        return bytes.allSatisfy { $0 == first }
    }

    /// A WireLock redaction placeholder: `<redacted>`, `<email>`, `<uuid>` (angle brackets around
    /// text without brackets).
    static func isPlaceholder(_ bytes: some BidirectionalCollection<UInt8>) -> Bool {
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "<"), bytes.last == UInt8(ascii: ">") else { return false }
        return !bytes.dropFirst().dropLast().contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }
    }

    /// A UUID in its 8-4-4-4-12 hex form, optionally in braces or after `urn:uuid:`.
    static func isUUID(_ bytes: [UInt8]) -> Bool {
        var body = bytes[...]
        if body.first == UInt8(ascii: "{") && body.last == UInt8(ascii: "}") { body = body.dropFirst().dropLast() }
        if body.count == 45, hasIgnoringCase(Array("urn:uuid:".utf8), in: Array(body), at: 0) {
            body = body.dropFirst(9)
        }
        guard body.count == 36 else { return false }
        for (offset, byte) in body.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                if byte != UInt8(ascii: "-") { return false }
            } else if !isHex(byte) {
                return false
            }
        }
        return true
    }

    /// Shannon entropy in bits per byte.
    static func entropy(_ bytes: some Collection<UInt8>) -> Double {
        guard !bytes.isEmpty else { return 0 }
        var counts = [Int](repeating: 0, count: 256)
        for byte in bytes { counts[Int(byte)] += 1 }
        let total = Double(bytes.count)
        var bits = 0.0
        for count in counts where count > 0 {
            let p = Double(count) / total
            bits -= p * log2(p)
        }
        return bits
    }

    /// base64url without padding (RFC 4648 §5), as JWTs use it.
    static func base64URLEncode(_ bytes: [UInt8]) -> [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var buffer: UInt32 = 0
            for byte in chunk { buffer = buffer << 8 | UInt32(byte) }
            buffer <<= UInt32(8 * (3 - chunk.count))
            for position in 0...chunk.count {
                out.append(alphabet[Int((buffer >> UInt32(18 - 6 * position)) & 0x3F)])
            }
            index += 3
        }
        return out
    }

    /// Decodes base64 or base64url (padding optional); `nil` when the text is not base64.
    static func base64Decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        var padding = false
        for byte in text {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
            case UInt8(ascii: "="):
                padding = true
                continue
            default: return nil
            }
            if padding { return nil }
            buffer = (buffer << 6) | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        return bits >= 6 ? nil : out
    }
}
