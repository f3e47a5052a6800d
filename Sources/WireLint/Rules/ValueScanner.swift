import WireJSON

/// The value rules (`secret.*`, `personal.*`, `internal.*`) applied to one string value, pure:
/// bytes and their key context in, hits out. Each scan walks the bytes a fixed number of times.
///
/// At most one `secret.*` hit per value (the most specific: a key format before a bearer header
/// before high entropy), at most one hit per other rule; a JWT's claims come back for the caller to
/// scan as a document of their own.
struct ValueScanner {
    struct Hit: Equatable {
        var rule: LintRule
        /// The offending text (masked before it leaves WireLint).
        var matched: [UInt8]
        /// Where it is in the value's bytes (what `--fix` replaces).
        var range: Range<Int>
    }

    struct Result {
        var hits: [Hit] = []
        /// The decoded payloads of JWTs in the value, to scan as documents.
        var claims: [[UInt8]] = []
    }

    let bytes: [UInt8]
    let context: KeyContext
    /// Published example values: a secret hit on one of them is dropped.
    let examples: PublishedExampleSet

    /// Spans of URLs (`scheme://…` to the first space or quote) and where their authorities' `@` is.
    private var urls: [(range: Range<Int>, host: [UInt8], hostRange: Range<Int>, credentials: [UInt8]?)] = []
    /// For each byte, whether it is inside a URL; and the offsets of the `@` that ends a URL's
    /// credentials (not an e-mail address). Lookups in constant time keep every scan linear.
    private var urlCoverage: [Bool] = []
    private var authorityAts: Set<Int> = []
    /// The whole value is one unsigned JWT.
    private var isUnsignedJWT = false

    init(_ bytes: [UInt8], context: KeyContext, examples: PublishedExampleSet = .builtIn) {
        self.bytes = bytes
        self.context = context
        self.examples = examples
    }

    /// Values no rule looks at: empty, a redaction placeholder, a UUID, one repeated character.
    static func isExempt(_ bytes: [UInt8]) -> Bool {
        ByteText.isOneCharacterRun(bytes) || ByteText.isPlaceholder(bytes) || ByteText.isUUID(bytes)
    }

    /// Which bytes occur in a value: one pass that tells which detectors can possibly fire, so a
    /// plain word or number skips the rest (each detector's pattern needs the byte it is gated on).
    struct Traits {
        var at = false
        var colon = false
        var dot = false
        var dash = false
        var space = false
        var digit = false
        /// `[`: a bracketed host.
        var bracket = false
        /// A first byte of a key format's prefix (`A`, `g`, `s`, `r`, `x`).
        var formatStart = false

        init(_ bytes: [UInt8]) {
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "@"): at = true
                case UInt8(ascii: ":"): colon = true
                case UInt8(ascii: "."): dot = true
                case UInt8(ascii: "-"): dash = true
                case 0x20: space = true
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = true
                case UInt8(ascii: "["): bracket = true
                default: if ValueScanner.formatStarts[Int(byte)] { formatStart = true }
                }
            }
        }
    }

    mutating func scan() -> Result {
        var result = Result()
        guard !Self.isExempt(bytes), !context.isIDLike else { return result }
        let traits = Traits(bytes)
        // "://"
        if traits.colon { findURLs() }
        var secrets: [Hit] = []
        // "-----BEGIN "
        if traits.dash && traits.space { secrets += privateKey() }
        // header.payload.signature
        if traits.dot { secrets += jwts(claims: &result.claims) }
        if traits.formatStart { secrets += knownFormats() }
        if !urls.isEmpty {
            secrets += slackWebhook()
            secrets += urlCredentials()
        }
        // "bearer " and "basic "
        if traits.space { secrets += schemeCredentials() }
        secrets += headerValue()
        // An unsigned JWT (alg none, no signature) is WireLock's own placeholder, not a token.
        if !isUnsignedJWT { secrets += highEntropy() }
        // A published example (AWS's AKIAIOSFODNN7EXAMPLE, GitHub's documented temp_clone_token, …)
        // is no secret, whether it is the whole value or the text a rule matched.
        if let first = secrets.first(where: { !examples.contains($0.matched) }), !examples.contains(bytes) {
            result.hits.append(first)
        }
        if traits.at, let email = email() { result.hits.append(email) }
        // A phone number has digits; so has a dotted quad.
        if traits.digit, let phone = phone() { result.hits.append(phone) }
        // A host is internal by its address (digits, or ':' for IPv6), a suffix after a '.', or
        // being "localhost" (bare, or in brackets).
        if !urls.isEmpty || traits.digit || traits.colon || traits.dot || traits.bracket || bytes.count == 9 {
            result.hits += internalHosts()
        }
        return result
    }

    // MARK: URLs

    private mutating func findURLs() {
        let n = bytes.count
        var i = 0
        while i + 2 < n {
            guard bytes[i] == UInt8(ascii: ":"), bytes[i + 1] == UInt8(ascii: "/"), bytes[i + 2] == UInt8(ascii: "/")
            else {
                i += 1
                continue
            }
            var schemeStart = i
            while schemeStart > 0,
                ByteText.isAlphanumeric(bytes[schemeStart - 1]) || "+.-".utf8.contains(bytes[schemeStart - 1])
            {
                schemeStart -= 1
            }
            guard schemeStart < i, ByteText.isLetter(bytes[schemeStart]) else {
                i += 3
                continue
            }
            let authorityStart = i + 3
            var authorityEnd = ByteText.runEnd(bytes, from: authorityStart) {
                !ByteText.isSpace($0) && !"/?\"'".utf8.contains($0)
            }
            // `#` ends the authority unless an `@` follows it there: a password written with a raw
            // `#` (postgres://app:pa#ss@db…) is still a password.
            if let hash = bytes[authorityStart..<authorityEnd].firstIndex(of: UInt8(ascii: "#")),
                !bytes[hash..<authorityEnd].contains(UInt8(ascii: "@"))
            {
                authorityEnd = hash
            }
            let end = ByteText.runEnd(bytes, from: authorityEnd) { !ByteText.isSpace($0) && !"\"'".utf8.contains($0) }
            let authority = Array(bytes[authorityStart..<authorityEnd])
            var hostPart = authority[...]
            var credentials: [UInt8]?
            if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
                credentials = Array(authority[..<at])
                hostPart = authority[(at + 1)...]
                authorityAts.insert(authorityStart + at)
            }
            if urlCoverage.isEmpty { urlCoverage = [Bool](repeating: false, count: n) }
            for covered in schemeStart..<end { urlCoverage[covered] = true }
            let host = Self.stripPort(hostPart)
            let hostStart = authorityStart + hostPart.startIndex
            urls.append((schemeStart..<end, host, hostStart..<(hostStart + host.count), credentials))
            i = max(end, i + 3)
        }
    }

    /// The host of `host[:port]` or `[v6]:port`.
    static func stripPort(_ hostPort: ArraySlice<UInt8>) -> [UInt8] {
        if hostPort.first == UInt8(ascii: "["), let close = hostPort.firstIndex(of: UInt8(ascii: "]")) {
            return Array(hostPort[hostPort.startIndex...close])
        }
        let colons = hostPort.filter { $0 == UInt8(ascii: ":") }.count
        if colons == 1, let colon = hostPort.firstIndex(of: UInt8(ascii: ":")),
            hostPort[(colon + 1)...].allSatisfy(ByteText.isDigit)
        {
            return Array(hostPort[..<colon])
        }
        return Array(hostPort)
    }

    private func inURL(_ index: Int) -> Bool { urlCoverage.indices.contains(index) && urlCoverage[index] }

    private func urlCredentials() -> [Hit] {
        for url in urls {
            guard let credentials = url.credentials, let colon = credentials.firstIndex(of: UInt8(ascii: ":")) else {
                continue
            }
            let password = Array(credentials[(colon + 1)...])
            // Any host: a real password pointed at a documentation host is still a real password.
            if password.isEmpty || Self.isExempt(password) { continue }
            return [Hit(rule: .urlCredentials, matched: Array(bytes[url.range]), range: url.range)]
        }
        return []
    }

    private func slackWebhook() -> [Hit] {
        let marker = Array("hooks.slack.com/services/".utf8)
        for url in urls where url.host.map(ByteText.lowercased).elementsEqual("hooks.slack.com".utf8) {
            let text = Array(bytes[url.range])
            for start in 0..<text.count where ByteText.hasIgnoringCase(marker, in: text, at: start) {
                let rest = text[(start + marker.count)...]
                if rest.count >= 10, !ByteText.isPlaceholder(rest),
                    !ByteText.isOneCharacterRun(rest.filter { $0 != 0x2F })
                {
                    return [Hit(rule: .slackWebhook, matched: text, range: url.range)]
                }
            }
        }
        return []
    }

    // MARK: Key formats

    private struct Format {
        var prefix: [UInt8]
        var rule: LintRule
        var minimum: Int
        var maximum: Int
        var accepts: @Sendable (UInt8) -> Bool
    }

    private static let formats: [Format] = {
        let upperDigit: @Sendable (UInt8) -> Bool = { ByteText.isUpper($0) || ByteText.isDigit($0) }
        let alnum: @Sendable (UInt8) -> Bool = { ByteText.isAlphanumeric($0) }
        let alnumUnderscore: @Sendable (UInt8) -> Bool = { ByteText.isAlphanumeric($0) || $0 == UInt8(ascii: "_") }
        let alnumDash: @Sendable (UInt8) -> Bool = { ByteText.isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
        var formats: [Format] = [
            Format(prefix: Array("AKIA".utf8), rule: .awsAccessKey, minimum: 16, maximum: 16, accepts: upperDigit),
            Format(prefix: Array("ASIA".utf8), rule: .awsAccessKey, minimum: 16, maximum: 16, accepts: upperDigit),
            Format(
                prefix: Array("github_pat_".utf8), rule: .githubToken, minimum: 22, maximum: .max,
                accepts: alnumUnderscore),
            Format(prefix: Array("sk_live_".utf8), rule: .stripeKey, minimum: 16, maximum: .max, accepts: alnum),
            Format(prefix: Array("rk_live_".utf8), rule: .stripeKey, minimum: 16, maximum: .max, accepts: alnum),
            Format(
                prefix: Array("AIza".utf8), rule: .googleAPIKey, minimum: 35, maximum: 35, accepts: ByteText.isBase64URL
            ),
        ]
        for kind in ["ghp_", "gho_", "ghs_", "ghu_", "ghr_"] {
            formats.append(
                Format(prefix: Array(kind.utf8), rule: .githubToken, minimum: 30, maximum: .max, accepts: alnum))
        }
        for kind in ["xoxa-", "xoxb-", "xoxp-", "xoxr-", "xoxs-"] {
            formats.append(
                Format(prefix: Array(kind.utf8), rule: .slackToken, minimum: 10, maximum: .max, accepts: alnumDash))
        }
        return formats
    }()

    /// For each byte, whether a format's prefix starts with it (what `Traits.formatStart` looks for).
    fileprivate static let formatStarts: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for format in formats { table[Int(format.prefix[0])] = true }
        return table
    }()

    /// The longest key body read (no key format is longer).
    private static let maximumRun = 256

    private func knownFormats() -> [Hit] {
        let n = bytes.count
        for start in 0..<n {
            guard Self.formatStarts[Int(bytes[start])] else { continue }
            if start > 0 && ByteText.isAlphanumeric(bytes[start - 1]) { continue }
            for format in Self.formats where ByteText.has(format.prefix, in: bytes, at: start) {
                let bodyStart = start + format.prefix.count
                // The run is read at most `maximumRun` bytes far, so overlapping candidates
                // ("-AIza-AIza-…") cost a constant each, not the rest of the value.
                let limit = min(n, bodyStart + Self.maximumRun)
                var bodyEnd = bodyStart
                while bodyEnd < limit && format.accepts(bytes[bodyEnd]) { bodyEnd += 1 }
                let length = bodyEnd - bodyStart
                guard length >= format.minimum, length <= format.maximum else { continue }
                if bodyEnd < limit && ByteText.isAlphanumeric(bytes[bodyEnd]) { continue }
                if ByteText.isOneCharacterRun(bytes[bodyStart..<bodyEnd]) { continue }
                return [Hit(rule: format.rule, matched: Array(bytes[start..<bodyEnd]), range: start..<bodyEnd)]
            }
        }
        return []
    }

    private static let beginMarker = Array("-----BEGIN ".utf8)
    private static let privateKeyMarker = Array("PRIVATE KEY-----".utf8)

    private func privateKey() -> [Hit] {
        let begin = Self.beginMarker
        let marker = Self.privateKeyMarker
        let n = bytes.count
        var start = 0
        while start < n {
            guard ByteText.has(begin, in: bytes, at: start) else {
                start += 1
                continue
            }
            let lineEnd = ByteText.runEnd(bytes, from: start) { $0 != 0x0A }
            let header = Array(bytes[start..<lineEnd])
            let isPrivate = (0..<header.count).contains { ByteText.has(marker, in: header, at: $0) }
            if isPrivate {
                let body = ByteText.runEnd(bytes, from: lineEnd) {
                    ByteText.isAlphanumeric($0) || "+/=\r\n".utf8.contains($0)
                }
                let material = bytes[lineEnd..<body].filter { !ByteText.isSpace($0) }
                if material.count >= 16 && !ByteText.isOneCharacterRun(material) {
                    return [Hit(rule: .privateKey, matched: Array(bytes[start..<body]), range: start..<body)]
                }
            }
            start = lineEnd
        }
        return []
    }

    private mutating func jwts(claims: inout [[UInt8]]) -> [Hit] {
        let n = bytes.count
        var hit: [Hit] = []
        var start = 0
        let isJWTByte: (UInt8) -> Bool = { ByteText.isBase64URL($0) || $0 == UInt8(ascii: ".") }
        while start + 3 <= n {
            guard bytes[start] == UInt8(ascii: "e"), bytes[start + 1] == UInt8(ascii: "y"),
                bytes[start + 2] == UInt8(ascii: "J"),
                start == 0 || !isJWTByte(bytes[start - 1])
            else {
                start += 1
                continue
            }
            let end = ByteText.runEnd(bytes, from: start, isJWTByte)
            defer { start = end }
            let parts = bytes[start..<end].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty,
                let headerBytes = ByteText.base64Decode(parts[0]), let payload = ByteText.base64Decode(parts[1]),
                case .object(let header)? = try? JSONValue.parse(headerBytes),
                case .object? = try? JSONValue.parse(payload)
            else { continue }
            claims.append(payload)
            let unsigned = parts[2].isEmpty && header["alg"] == .string("none")
            if unsigned && start == 0 && end == n { isUnsignedJWT = true }
            if !unsigned && hit.isEmpty {
                hit = [Hit(rule: .jwt, matched: Array(bytes[start..<end]), range: start..<end)]
            }
        }
        return hit
    }

    // MARK: Credentials in headers

    private static let schemes: [([UInt8], LintRule)] = [
        (Array("bearer ".utf8), .bearer), (Array("basic ".utf8), .basic),
    ]

    /// `Bearer <token>` and `Basic <base64 of user:password>`.
    private func schemeCredentials() -> [Hit] {
        let n = bytes.count
        for start in 0..<n {
            // Both schemes start with b or B.
            guard ByteText.lowercased(bytes[start]) == UInt8(ascii: "b") else { continue }
            if start > 0 && ByteText.isAlphanumeric(bytes[start - 1]) { continue }
            for (scheme, rule) in Self.schemes where ByteText.hasIgnoringCase(scheme, in: bytes, at: start) {
                let credentialStart = ByteText.runEnd(bytes, from: start + scheme.count) { $0 == 0x20 }
                var credentialEnd = ByteText.runEnd(bytes, from: credentialStart, ByteText.isToken68)
                credentialEnd = ByteText.runEnd(bytes, from: credentialEnd) { $0 == UInt8(ascii: "=") }
                let credential = Array(bytes[credentialStart..<credentialEnd])
                if credential.isEmpty || Self.isExempt(credential) { continue }
                if credentialEnd < n && ByteText.isAlphanumeric(bytes[credentialEnd]) { continue }
                if rule == .bearer {
                    let strong = credential.count >= 16 && credential.contains(where: ByteText.isDigit)
                    guard strong || (context.isAuthorization && credential.count >= 8) else { continue }
                } else {
                    guard let decoded = ByteText.base64Decode(credential),
                        decoded.allSatisfy({ (0x20...0x7E).contains($0) }),
                        let colon = decoded.firstIndex(of: UInt8(ascii: ":")), colon + 1 < decoded.count,
                        !Self.isExempt(Array(decoded[(colon + 1)...]))
                    else { continue }
                }
                return [Hit(rule: rule, matched: credential, range: credentialStart..<credentialEnd)]
            }
        }
        return []
    }

    /// Authorization values in other schemes, and session cookies.
    private func headerValue() -> [Hit] {
        if context.isAuthorization {
            let credentialStart = (bytes.lastIndex(of: 0x20) ?? -1) + 1
            let credential = Array(bytes[credentialStart...])
            if credential.count >= 8 && !Self.isExempt(credential) {
                return [Hit(rule: .authorization, matched: bytes, range: credentialStart..<bytes.count)]
            }
            return []
        }
        let cookie = context.cookieHeader
        guard cookie.isCookie else { return [] }
        var pairs = bytes.split(separator: UInt8(ascii: ";"))
        if cookie.onlyFirstPair { pairs = Array(pairs.prefix(1)) }
        for pair in pairs {
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
            var value = pair[(equals + 1)...]
            while value.first == 0x20 || value.first == UInt8(ascii: "\"") { value = value.dropFirst() }
            while value.last == 0x20 || value.last == UInt8(ascii: "\"") { value = value.dropLast() }
            guard value.count >= 8, !Self.isExempt(Array(value)) else { continue }
            if value.contains(where: ByteText.isDigit) || ByteText.entropy(value) >= 3.0 {
                return [Hit(rule: .cookie, matched: Array(value), range: value.startIndex..<value.endIndex)]
            }
        }
        return []
    }

    private func highEntropy() -> [Hit] {
        guard context.isSecretLike, bytes.count >= 8, !bytes.contains(where: ByteText.isSpace) else { return [] }
        let bar = context.isPasswordLike ? 2.5 : 3.0
        guard ByteText.entropy(bytes) >= bar else { return [] }
        // A URL or a plain word list under "token" is not a token.
        if !urls.isEmpty || bytes.allSatisfy({ ByteText.isLower($0) }) && !context.isPasswordLike { return [] }
        return [Hit(rule: .highEntropy, matched: bytes, range: 0..<bytes.count)]
    }

    // MARK: Personal data

    private func email() -> Hit? {
        let n = bytes.count
        let isLocal: (UInt8) -> Bool = { ByteText.isAlphanumeric($0) || "._%+-".utf8.contains($0) }
        let isDomain: (UInt8) -> Bool = {
            ByteText.isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
        }
        for at in 0..<n where bytes[at] == UInt8(ascii: "@") {
            if inURLAuthority(at) { continue }
            var localStart = at
            while localStart > 0 && isLocal(bytes[localStart - 1]) { localStart -= 1 }
            var domainEnd = ByteText.runEnd(bytes, from: at + 1, isDomain)
            while domainEnd > at + 1
                && (bytes[domainEnd - 1] == UInt8(ascii: ".") || bytes[domainEnd - 1] == UInt8(ascii: "-"))
            {
                domainEnd -= 1
            }
            let local = bytes[localStart..<at]
            let domain = Array(bytes[(at + 1)..<domainEnd])
            guard !local.isEmpty, local.first != UInt8(ascii: "."), local.last != UInt8(ascii: ".") else { continue }
            let labels = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }), let tld = labels.last, tld.count >= 2,
                tld.allSatisfy(ByteText.isLetter)
            else { continue }
            // git@host:owner/repo is an SSH address, not a mailbox.
            if domainEnd < n && bytes[domainEnd] == UInt8(ascii: ":") { continue }
            if HostRules.isDocumentationDomain(domain) { continue }
            // noreply@, notifications@, support@ … at a service's own domain: a function, not a person.
            if PersonRules.isRoleAddress(local: local, domain: domain) { continue }
            return Hit(rule: .email, matched: Array(bytes[localStart..<domainEnd]), range: localStart..<domainEnd)
        }
        return nil
    }

    private func inURLAuthority(_ index: Int) -> Bool { authorityAts.contains(index) }

    private func phone() -> Hit? {
        let n = bytes.count
        let isSeparator: (UInt8) -> Bool = { " -.()".utf8.contains($0) }
        var start = 0
        while start < n {
            let byte = bytes[start]
            let boundary =
                start == 0 || !(ByteText.isAlphanumeric(bytes[start - 1]) || "+.-/:_".utf8.contains(bytes[start - 1]))
            guard boundary, byte == UInt8(ascii: "+") || byte == UInt8(ascii: "(") || ByteText.isDigit(byte),
                !inURL(start)
            else {
                start += 1
                continue
            }
            // The run of digits and single separators from here.
            var end = start + (byte == UInt8(ascii: "+") ? 1 : 0)
            var digits: [UInt8] = []
            var separators: [UInt8] = []
            var lastWasSeparator = false
            while end < n {
                let b = bytes[end]
                if ByteText.isDigit(b) {
                    digits.append(b)
                    lastWasSeparator = false
                } else if isSeparator(b)
                    && !(lastWasSeparator && b != UInt8(ascii: " ") && bytes[end - 1] != UInt8(ascii: ")"))
                {
                    separators.append(b)
                    lastWasSeparator = true
                } else {
                    break
                }
                end += 1
            }
            while end > start && isSeparator(bytes[end - 1]) && bytes[end - 1] != UInt8(ascii: ")") {
                end -= 1
                separators.removeLast()
            }
            let followedByWord = end < n && (ByteText.isAlphanumeric(bytes[end]) || bytes[end] == UInt8(ascii: "@"))
            let candidate = Array(bytes[start..<end])
            if !followedByWord, Self.looksLikePhone(candidate, digits: digits, separators: separators, context: context)
            {
                return Hit(rule: .phone, matched: candidate, range: start..<end)
            }
            start = max(end, start + 1)
        }
        return nil
    }

    /// E.164 (`+` and 8 to 15 digits), North American (555) 555-0100 / 555-555-0100 / 555.555.0100,
    /// or a national number with a leading 0 and 10 or 11 digits in groups; under a phone-like key,
    /// any 7 to 15 digits.
    static func looksLikePhone(_ candidate: [UInt8], digits: [UInt8], separators: [UInt8], context: KeyContext) -> Bool
    {
        guard !digits.isEmpty, !ByteText.isOneCharacterRun(digits) else { return false }
        let opens = separators.filter { $0 == UInt8(ascii: "(") }.count
        let closes = separators.filter { $0 == UInt8(ascii: ")") }.count
        guard opens == closes, opens <= 1 else { return false }
        if context.isPhoneLike && (7...15).contains(digits.count) { return true }
        if candidate.first == UInt8(ascii: "+") {
            guard (8...15).contains(digits.count), digits[0] != UInt8(ascii: "0") else { return false }
            if separators.count == 1 && separators[0] == UInt8(ascii: ".") { return false }
            return true
        }
        let groups = candidate.split(whereSeparator: { !ByteText.isDigit($0) }).map(\.count)
        if digits.count == 10, groups == [3, 3, 4] {
            let plain = separators.filter { $0 != UInt8(ascii: "(") && $0 != UInt8(ascii: ")") }
            // 555-555-0100 and 555.555.0100 use one separator; (555) 555-0100 a space and a dash.
            return plain.count == 2 && (plain[0] == plain[1] || opens == 1)
        }
        if digits.first == UInt8(ascii: "0"), (10...11).contains(digits.count), groups.count >= 2, groups.count <= 4,
            groups[0] >= 2, groups[0] <= 5, separators.allSatisfy({ $0 == 0x20 || $0 == UInt8(ascii: "-") }),
            Set(separators).count == 1
        {
            return true
        }
        return false
    }

    // MARK: Internal hosts

    private func internalHosts() -> [Hit] {
        var address: Hit?
        var name: Hit?
        func judge(_ host: [UInt8], range: Range<Int>) {
            switch HostRules.classify(host) {
            case .internalAddress: if address == nil { address = Hit(rule: .internalIP, matched: host, range: range) }
            case .internalName: if name == nil { name = Hit(rule: .internalHost, matched: host, range: range) }
            case .fine: break
            }
        }
        for url in urls { judge(url.host, range: url.hostRange) }
        // A bare host value: host, host:port, an IPv6 address.
        let isHostByte: (UInt8) -> Bool = { ByteText.isAlphanumeric($0) || ".-:[]%".utf8.contains($0) }
        if urls.isEmpty, bytes.allSatisfy(isHostByte) {
            let host = Self.stripPort(bytes[...])
            judge(host, range: 0..<host.count)
        }
        // Dotted quads in text.
        let n = bytes.count
        var start = 0
        while start < n {
            guard ByteText.isDigit(bytes[start]),
                start == 0 || !(ByteText.isDigit(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: "."))
            else {
                start += 1
                continue
            }
            let end = ByteText.runEnd(bytes, from: start) { ByteText.isDigit($0) || $0 == UInt8(ascii: ".") }
            var quadEnd = end
            while quadEnd > start && bytes[quadEnd - 1] == UInt8(ascii: ".") { quadEnd -= 1 }
            if let v4 = HostRules.ipv4(bytes[start..<quadEnd]), HostRules.isInternal(v4),
                end == n || !ByteText.isAlphanumeric(bytes[end])
            {
                if address == nil {
                    address = Hit(rule: .internalIP, matched: Array(bytes[start..<quadEnd]), range: start..<quadEnd)
                }
            }
            start = end
        }
        if address == nil && name == nil { return [] }
        return [address, name].compactMap { $0 }
    }
}
