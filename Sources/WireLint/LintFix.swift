import WireJSON

/// One replacement `--fix` makes: in the string token at `span` of the file (its bytes, quotes
/// included), the bytes `range` of the decoded value become `replacement`.
struct LintFix: Hashable, Sendable {
    var span: Range<Int>
    /// The decoded value the range is in.
    var value: [UInt8]
    var range: Range<Int>
    var replacement: [UInt8]

    /// Replaces the whole string at `span` (decoded `value`) with `<redacted>`.
    static func whole(_ span: Range<Int>, value: String) -> LintFix {
        LintFix(
            span: span, value: Array(value.utf8), range: 0..<value.utf8.count, replacement: Array("<redacted>".utf8))
    }

    /// The placeholder for what a rule found: an unsigned JWT with the same claim keys,
    /// user@example.com, a documentation address or host, `<phone>`, or `<redacted>`.
    /// `nil` when the rule has no value to replace.
    static func replacement(for rule: LintRule, matched: [UInt8]) -> [UInt8]? {
        switch rule {
        case .email: return Array("user@example.com".utf8)
        case .phone: return Array("<phone>".utf8)
        case .internalIP:
            if !matched.contains(UInt8(ascii: ":")) { return Array("192.0.2.1".utf8) }
            return Array((matched.first == UInt8(ascii: "[") ? "[2001:db8::1]" : "2001:db8::1").utf8)
        case .internalHost: return Array("api.example.com".utf8)
        case .slackWebhook: return Array("https://hooks.example.com/services/<redacted>".utf8)
        case .jwt: return unsignedJWT(like: matched)
        case .urlCredentials: return urlWithoutPassword(matched)
        case .invalid, .nonCanonical, .duplicateKey, .fileName, .unreferencedFixture: return nil
        default: return Array("<redacted>".utf8)
        }
    }

    /// `{"alg":"none","typ":"JWT"}`, the same claims with every string, array and object value
    /// replaced by `<redacted>` (numbers, booleans and null kept: `exp`, `iat`), and no signature.
    static func unsignedJWT(like token: [UInt8]) -> [UInt8]? {
        let parts = token.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = ByteText.base64Decode(parts[1]),
            case .object(let claims)? = try? JSONValue.parse(payload)
        else { return nil }
        let redacted = JSONObject(
            claims.members.map { member in
                switch member.value {
                case .number, .bool, .null: member
                default: JSONObject.Member(key: member.key, value: .string("<redacted>"))
                }
            })
        let header = JSONValue.object(JSONObject(["alg": .string("none"), "typ": .string("JWT")]))
        return ByteText.base64URLEncode(CanonicalJSONWriter.bytes(header, style: .compact)) + [UInt8(ascii: ".")]
            + ByteText.base64URLEncode(CanonicalJSONWriter.bytes(.object(redacted), style: .compact))
            + [UInt8(ascii: ".")]
    }

    /// `scheme://user:<redacted>@host…`.
    static func urlWithoutPassword(_ url: [UInt8]) -> [UInt8]? {
        guard
            let schemeEnd = (0..<max(0, url.count - 2)).first(where: {
                ByteText.has(Array("://".utf8), in: url, at: $0)
            })
        else { return nil }
        let authorityStart = schemeEnd + 3
        // As the scanner reads it: a `#` before the `@` is part of the password.
        let authorityEnd = ByteText.runEnd(url, from: authorityStart) { !"/?".utf8.contains($0) }
        guard let at = url[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")),
            let colon = url[authorityStart..<at].firstIndex(of: UInt8(ascii: ":"))
        else { return nil }
        return Array(url[..<(colon + 1)]) + Array("<redacted>".utf8) + Array(url[at...])
    }
}

extension Lint {
    /// What ``fix(_:file:configuration:)`` produced.
    package struct FixOutcome: Hashable, Sendable {
        /// The new file contents.
        package var bytes: [UInt8]
        /// How many findings were replaced by placeholders.
        package var fixedCount: Int
    }

    /// Replaces what the value rules found with format-preserving placeholders (an unsigned JWT
    /// with the same claim keys, `user@example.com`, `192.0.2.1`, `api.example.com`, `<redacted>`),
    /// touching only the string tokens concerned: every other byte of the file stays as it was.
    ///
    /// Findings inside a JSON document nested in a string, and file-level findings (format,
    /// naming, unreferenced) are not fixed; lint the result to see what is left.
    ///
    /// ```swift
    /// let outcome = Lint.fix(Array(#"{"email": "jane@corp.io"}"#.utf8), file: "user-default.json")
    /// // outcome?.bytes == {"email": "user@example.com"}
    /// ```
    /// - Returns: the new bytes, or `nil` when there is nothing to fix or the result would not be
    ///   valid JSON (then nothing must be written).
    package static func fix(
        _ bytes: [UInt8], file: String, configuration: LintConfiguration = LintConfiguration()
    ) -> FixOutcome? {
        let fixes = results(in: bytes, file: file, configuration: configuration).compactMap(\.fix)
        guard !fixes.isEmpty else { return nil }
        // Group by token, in file order; within a token, apply non-overlapping ranges in order.
        var bySpan: [Int: [LintFix]] = [:]
        for fix in fixes { bySpan[fix.span.lowerBound, default: []].append(fix) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var copied = 0
        var fixedCount = 0
        for start in bySpan.keys.sorted() {
            let group = bySpan[start]!.sorted { $0.range.lowerBound < $1.range.lowerBound }
            let span = group[0].span
            guard span.lowerBound >= copied else { continue }
            var value: [UInt8] = []
            var valueCopied = 0
            for fix in group where fix.range.lowerBound >= valueCopied {
                value += group[0].value[valueCopied..<fix.range.lowerBound]
                value += fix.replacement
                valueCopied = fix.range.upperBound
                fixedCount += 1
            }
            value += group[0].value[valueCopied...]
            out += bytes[copied..<span.lowerBound]
            out += CanonicalJSONWriter.bytes(.string(String(decoding: value, as: UTF8.self)), style: .compact)
            copied = span.upperBound
        }
        out += bytes[copied...]
        var options = JSONParseOptions(allowDuplicateKeys: true)
        options.framing = isJSONLines(file) ? .lines : .document
        guard JSONValidator(options: options).validate(out).isValid else { return nil }
        return FixOutcome(bytes: out, fixedCount: fixedCount)
    }
}
