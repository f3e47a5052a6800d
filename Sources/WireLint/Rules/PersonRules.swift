/// What the `personal.*` rules know about people: which objects describe one (person-like
/// objects, for `personal.profile`) and which e-mail addresses belong to a service rather than a
/// person (role addresses, never `personal.email`). Pure and byte-level; each question costs a
/// constant number of passes over one key or value.
enum PersonRules {
    /// A key as the word lists hold it: lower-case, without `_`, `-` and `.`
    /// (`avatar_url`, `avatarURL` and `avatar-url` are all `avatarurl`).
    static func normalizedKey(_ key: some Collection<UInt8>) -> [UInt8] {
        key.compactMap { byte in
            byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                ? nil : ByteText.lowercased(byte)
        }
    }

    private static func set(_ words: [String]) -> Set<[UInt8]> { Set(words.map { Array($0.utf8) }) }

    /// What a member name means for the person rules, worked out once per distinct key.
    enum KeyRole: Equatable {
        /// An identity member; `isEmail` for `email`, whose role addresses are no identity.
        case identity(isEmail: Bool)
        /// `type`.
        case type
        /// A profile member (``profileKeys``).
        case profile
        /// A count whose name says private.
        case privateCount
        case other
    }

    /// The role of a member name.
    static func role(ofKey key: String) -> KeyRole {
        let normalized = normalizedKey(key.utf8)
        if identityKeys.contains(normalized) { return .identity(isEmail: emailKeys.contains(normalized)) }
        if normalized.elementsEqual("type".utf8) { return .type }
        if profileKeys.contains(normalized) { return .profile }
        return isPrivateCount(normalized) ? .privateCount : .other
    }

    /// Members that name an account: an object with one of them (a non-empty string) describes a
    /// person, unless its `type` says otherwise (``nonPersonTypes``) or its only identity is a role
    /// address.
    static let identityKeys = set([
        "login", "username", "screenname", "email", "emailaddress", "avatarurl", "avatar", "gravatarid",
        "profileimageurl",
    ])

    /// The identity members that hold an e-mail address (a role address there is no identity).
    static let emailKeys = set(["email", "emailaddress"])

    /// `type` values of account objects that are not people (GitHub's organisations and apps).
    static let nonPersonTypes = set(["organization", "organisation", "bot", "team", "enterprise", "app"])

    /// Members of a person-like object that are personal data about the person: names, employer,
    /// whereabouts, biography, own web site, social handles, birthday, postal address.
    static let profileKeys = set([
        "name", "fullname", "displayname", "realname", "firstname", "lastname", "givenname", "familyname",
        "middlename", "company", "employer", "jobtitle", "location", "city", "address", "streetaddress", "street",
        "postalcode", "postcode", "zip", "zipcode", "bio", "biography", "blog", "website", "birthday", "birthdate",
        "dateofbirth", "dob", "twitterusername", "twitter", "twitterhandle", "instagram", "facebook", "linkedin",
        "mastodon", "skype", "telegram",
    ])

    /// A member of a person's object whose name says it is private (`private_gists`,
    /// `total_private_repos`, `owned_private_repos`): counts only the person sees.
    static func isPrivateCount(_ normalizedKey: [UInt8]) -> Bool {
        let word = Array("private".utf8)
        guard normalizedKey.count >= word.count else { return false }
        return (0...(normalizedKey.count - word.count)).contains { ByteText.has(word, in: normalizedKey, at: $0) }
    }

    /// An identity that names an app, not a person: a login or address local part with `[bot]`
    /// (`dependabot[bot]`, `49699333+dependabot[bot]@users.noreply.github.com`).
    static func isBotIdentity(_ value: [UInt8]) -> Bool {
        let marker = Array("[bot]".utf8)
        guard value.count >= marker.count else { return false }
        return (0...(value.count - marker.count)).contains { ByteText.hasIgnoringCase(marker, in: value, at: $0) }
    }

    // MARK: Role addresses

    /// Local parts (normalised like keys, any `+tag` removed) that name a function, not a person.
    static let roleLocalParts = set([
        "noreply", "donotreply", "notifications", "notification", "notify", "support", "help", "helpdesk", "info",
        "contact", "hello", "feedback", "admin", "administrator", "postmaster", "hostmaster", "webmaster", "abuse",
        "security", "privacy", "legal", "billing", "sales", "press", "jobs", "careers", "team", "mailerdaemon",
        "bounce", "bounces", "alerts", "newsletter", "reply",
    ])

    /// Public mailbox providers: anyone can register `support@` or `info@` there, so a role-like
    /// local part at one of them is still somebody's own address.
    static let mailboxProviders = set([
        "gmail.com", "googlemail.com", "outlook.com", "hotmail.com", "live.com", "msn.com", "yahoo.com", "ymail.com",
        "icloud.com", "me.com", "mac.com", "aol.com", "proton.me", "protonmail.com", "pm.me", "gmx.com", "gmx.de",
        "gmx.net", "web.de", "mail.com", "mail.ru", "yandex.ru", "yandex.com", "qq.com", "163.com", "126.com",
        "zoho.com", "fastmail.com", "hey.com", "tutanota.com",
    ])

    /// Whether `local@domain` is a role address at a service's own domain: its local part, without
    /// a `+tag` and ignoring case, `.`, `-` and `_`, is a role word (`noreply`, `no-reply`,
    /// `notifications`, `support`, `postmaster`, …; ``roleLocalParts``) and the domain is not a
    /// public mailbox provider (``mailboxProviders``). `notifications@github.com` and
    /// `no-reply+ci@acme.io` are role addresses; `support@gmail.com`,
    /// `1234+octocat@users.noreply.github.com` (one user's own) and `jane@acme.io` are not.
    static func isRoleAddress(local: some Collection<UInt8>, domain: some Collection<UInt8>) -> Bool {
        let untagged = local.prefix { $0 != UInt8(ascii: "+") }
        guard roleLocalParts.contains(normalizedKey(untagged)) else { return false }
        return !mailboxProviders.contains(domain.map(ByteText.lowercased))
    }

    /// ``isRoleAddress(local:domain:)`` for a whole `local@domain` value (`false` when it is not one).
    static func isRoleAddress(_ address: [UInt8]) -> Bool {
        guard let at = address.lastIndex(of: UInt8(ascii: "@")), at > 0, at + 1 < address.count else { return false }
        return isRoleAddress(local: address[..<at], domain: address[(at + 1)...])
    }
}
