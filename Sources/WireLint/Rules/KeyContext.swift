/// What a value's key says about it: the nearest member name (for an array element, its array's
/// name; for a HAR-style `{"name": …, "value": …}` pair, the pair's name).
///
/// The facts are worked out once, when the context is made (`FileScan` makes one per distinct
/// key of a file), so judging a value reads stored flags and allocates nothing.
struct KeyContext: Sendable {
    /// id-like: see the key rules below.
    let isIDLike: Bool
    /// Authorization or Proxy-Authorization.
    let isAuthorization: Bool
    /// Cookie (every pair counts) or Set-Cookie (only the first pair is the cookie).
    let cookieHeader: (isCookie: Bool, onlyFirstPair: Bool)
    /// token, apiKey, secret, password and the like.
    let isSecretLike: Bool
    /// password, passwd, pwd.
    let isPasswordLike: Bool
    /// phone, mobile, tel, fax.
    let isPhoneLike: Bool

    /// The context of a value with no key (a document's root, a JWT's claims).
    static let none = KeyContext(key: nil)

    init(key: String?) {
        let facts = KeyFacts(key: key)
        isIDLike = facts.isIDLike
        isAuthorization = facts.isAuthorization
        cookieHeader = facts.cookieHeader
        isSecretLike = facts.isSecretLike
        isPasswordLike = facts.isPasswordLike
        isPhoneLike = facts.isPhoneLike
    }
}

/// The rules that read a key, evaluated once per key by `KeyContext`.
private struct KeyFacts {
    /// The key as written.
    var key: String?
    /// Lower-case, without `_` and `-`: `client_secret` and `clientSecret` are both `clientsecret`.
    private var normalized: [UInt8]
    private var lower: [UInt8]

    init(key: String?) {
        self.key = key
        lower = key.map { Array($0.utf8).map(ByteText.lowercased) } ?? []
        normalized = lower.filter { $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: "-") }
    }

    private func normalizedHas(suffix: [UInt8]) -> Bool {
        normalized.count >= suffix.count && normalized.suffix(suffix.count).elementsEqual(suffix)
    }
    private func normalizedContains(_ needle: [UInt8]) -> Bool {
        guard normalized.count >= needle.count else { return false }
        for start in 0...(normalized.count - needle.count) where ByteText.has(needle, in: normalized, at: start) {
            return true
        }
        return false
    }

    /// The word lists, as bytes made once (not per key).
    private enum Words {
        static func bytes(_ words: [String]) -> [[UInt8]] { words.map { Array($0.utf8) } }
        static let secretParts = bytes(["accesskey", "secret", "apikey", "password"])
        static let identifierNames = bytes(["uuid", "guid", "etag"])
        static let hashParts = bytes(["integrity", "hash", "checksum", "digest"])
        static let notSecretParts = bytes(["page", "cursor", "next", "type", "count", "url", "uri"])
        static let secretSuffixes = bytes([
            "token", "apikey", "secret", "password", "passwd", "pwd", "secretkey", "privatekey", "accesskey",
            "credential", "credentials",
        ])
        static let passwordSuffixes = bytes(["password", "passwd", "pwd"])
        static let phoneParts = bytes(["phone", "mobile", "telephone", "fax"])
    }

    /// id, *Id, *ID, *_id, uuid, guid, etag, integrity, hash, checksum, sha*, digest: values that are
    /// identifiers or content hashes, never secrets or personal data.
    var isIDLike: Bool {
        guard let key else { return false }
        // accessKeyId, client_secret_id, apiKeyId: named after a secret, whatever the suffix.
        if Words.secretParts.contains(where: { normalizedContains($0) }) { return false }
        if lower.elementsEqual("id".utf8) || key.hasSuffix("Id") || key.hasSuffix("ID") { return true }
        if lower.suffix(3).elementsEqual("_id".utf8) || lower.suffix(3).elementsEqual("-id".utf8) { return true }
        if Words.identifierNames.contains(where: { normalized == $0 }) { return true }
        if normalized.starts(with: "sha".utf8) { return true }
        return Words.hashParts.contains { normalizedContains($0) }
    }

    /// Authorization or Proxy-Authorization.
    var isAuthorization: Bool {
        lower.elementsEqual("authorization".utf8) || lower.elementsEqual("proxy-authorization".utf8)
    }

    /// Cookie (every pair counts) or Set-Cookie (only the first pair is the cookie).
    var cookieHeader: (isCookie: Bool, onlyFirstPair: Bool) {
        if lower.elementsEqual("cookie".utf8) { return (true, false) }
        if lower.elementsEqual("set-cookie".utf8) { return (true, true) }
        return (false, false)
    }

    /// token, apiKey, api_key, secret, client_secret, password and the like (not page tokens or cursors).
    var isSecretLike: Bool {
        guard key != nil else { return false }
        if Words.notSecretParts.contains(where: { normalizedContains($0) }) { return false }
        return Words.secretSuffixes.contains { normalizedHas(suffix: $0) }
    }

    /// password, passwd, pwd: a lower entropy bar (people choose them).
    var isPasswordLike: Bool {
        Words.passwordSuffixes.contains { normalizedHas(suffix: $0) }
    }

    /// phone, mobile, tel, fax: any number-like value there is a phone number.
    var isPhoneLike: Bool {
        Words.phoneParts.contains { normalizedContains($0) } || normalized.elementsEqual("tel".utf8)
    }
}
