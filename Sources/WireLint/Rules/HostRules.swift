/// What the `internal.*` rules and the documentation-address exemptions know about hosts.
enum HostRules {
    enum Verdict: Equatable {
        case internalAddress
        case internalName
        case fine
    }

    /// Classifies a host as written in a URL or a bare value (IPv6 with or without brackets, no port).
    static func classify(_ host: [UInt8]) -> Verdict {
        var name = host
        if name.first == UInt8(ascii: "["), name.last == UInt8(ascii: "]") { name = Array(name.dropFirst().dropLast()) }
        if let v4 = ipv4(name[...]) { return isInternal(v4) ? .internalAddress : .fine }
        if let v6 = ipv6(name) { return isInternal(v6) ? .internalAddress : .fine }
        let lower = name.map(ByteText.lowercased)
        while lower.last == UInt8(ascii: ".") { return classify(Array(lower.dropLast())) }
        if lower == Array("localhost".utf8) { return .internalName }
        for suffix in internalSuffixes
        where lower.count > suffix.count && lower.suffix(suffix.count).elementsEqual(suffix) {
            return .internalName
        }
        return .fine
    }

    private static let internalSuffixes: [[UInt8]] = [".localhost", ".local", ".internal", ".corp", ".lan"].map {
        Array($0.utf8)
    }
    private static let documentationSuffixes: [[UInt8]] = [".test", ".invalid", ".example"].map { Array($0.utf8) }
    private static let documentationDomains: [[UInt8]] = ["example.com", "example.org", "example.net"].map {
        Array($0.utf8)
    }

    /// example.com/.org/.net and their subdomains, and the reserved .test, .invalid and .example names.
    static func isDocumentationDomain(_ domain: [UInt8]) -> Bool {
        let lower = domain.map(ByteText.lowercased)
        for name in documentationDomains {
            if lower == name { return true }
            if lower.count > name.count, lower.suffix(name.count).elementsEqual(name),
                lower[lower.count - name.count - 1] == UInt8(ascii: ".")
            {
                return true
            }
        }
        for suffix in documentationSuffixes
        where lower.count > suffix.count && lower.suffix(suffix.count).elementsEqual(suffix) {
            return true
        }
        return ["test", "invalid", "example"].contains { Array($0.utf8) == lower }
    }

    /// A dotted-quad IPv4 address.
    static func ipv4(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        var parts: [UInt8] = []
        var value = 0
        var digits = 0
        for byte in text {
            if ByteText.isDigit(byte) {
                value = value * 10 + Int(byte - 0x30)
                digits += 1
                if digits > 3 || value > 255 { return nil }
            } else if byte == UInt8(ascii: ".") {
                guard digits > 0 else { return nil }
                parts.append(UInt8(value))
                value = 0
                digits = 0
            } else {
                return nil
            }
        }
        guard digits > 0 else { return nil }
        parts.append(UInt8(value))
        return parts.count == 4 ? parts : nil
    }

    /// An IPv6 address (with `::` and an optional trailing dotted quad; a zone `%…` is ignored).
    static func ipv6(_ text: [UInt8]) -> [UInt8]? {
        var body = text[...]
        if let zone = body.firstIndex(of: UInt8(ascii: "%")) { body = body[..<zone] }
        guard body.count >= 2, body.count <= 45, body.contains(UInt8(ascii: ":")) else { return nil }
        let colon = UInt8(ascii: ":")
        var gap: Int?
        var index = body.startIndex
        while index + 1 < body.endIndex {
            if body[index] == colon && body[index + 1] == colon {
                if gap != nil { return nil }
                gap = index
            }
            index += 1
        }
        let left = gap.map { body[..<$0] } ?? body
        let right = gap.map { body[($0 + 2)...] } ?? body[body.endIndex...]
        guard let head = words(left, endsAddress: gap == nil), let tail = words(right, endsAddress: true) else {
            return nil
        }
        let count = head.count + tail.count
        if gap == nil ? count != 8 : count > 7 { return nil }
        let all = head + [UInt16](repeating: 0, count: 8 - count) + tail
        return all.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    /// The 16-bit groups of one side of an IPv6 address; the last group may be a dotted quad when
    /// this side ends the address.
    private static func words(_ part: ArraySlice<UInt8>, endsAddress: Bool) -> [UInt16]? {
        guard !part.isEmpty else { return [] }
        let pieces = part.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        var out: [UInt16] = []
        for (offset, piece) in pieces.enumerated() {
            if endsAddress, offset == pieces.count - 1, piece.contains(UInt8(ascii: ".")) {
                guard let v4 = ipv4(piece) else { return nil }
                out += [UInt16(v4[0]) << 8 | UInt16(v4[1]), UInt16(v4[2]) << 8 | UInt16(v4[3])]
                continue
            }
            guard !piece.isEmpty, piece.count <= 4, piece.allSatisfy(ByteText.isHex) else { return nil }
            var value: UInt16 = 0
            for byte in piece {
                let nibble: UInt8 = ByteText.isDigit(byte) ? byte - 0x30 : (ByteText.lowercased(byte) - 0x61 + 10)
                value = value << 4 | UInt16(nibble)
            }
            out.append(value)
        }
        return out
    }

    /// Private, loopback, link-local or shared (CGNAT) IPv4, or the IPv6 equivalents.
    static func isInternal(_ address: [UInt8]) -> Bool {
        if address.count == 4 {
            let (a, b) = (address[0], address[1])
            return a == 10 || a == 127 || (a == 172 && (16...31).contains(b)) || (a == 192 && b == 168)
                || (a == 169 && b == 254) || (a == 100 && (64...127).contains(b))
        }
        guard address.count == 16 else { return false }
        if address.prefix(15).allSatisfy({ $0 == 0 }) && address[15] == 1 { return true }  // ::1
        if address[0] & 0xFE == 0xFC { return true }  // fc00::/7
        if address[0] == 0xFE && address[1] & 0xC0 == 0x80 { return true }  // fe80::/10
        if address.prefix(10).allSatisfy({ $0 == 0 }) && address[10] == 0xFF && address[11] == 0xFF {
            return isInternal(Array(address.suffix(4)))
        }
        return false
    }
}
