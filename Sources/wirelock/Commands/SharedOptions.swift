import WireJSON

/// Options and arguments that several commands share, declared once.
enum SharedOptions {
    static let allowDuplicateKeys = OptionDefinition.flag(
        "allow-duplicate-keys",
        help: "Accept objects that repeat a member name (plain RFC 8259). By default a repeated name is an error, because decoders disagree on which copy wins.")

    static let allowComments = OptionDefinition.flag(
        "allow-comments",
        help: "Accept /* ... */ and // comments.")

    static let maxDepth = OptionDefinition.option(
        "max-depth", valueName: "n", kind: .positiveInteger, defaultValue: "512",
        help: "The deepest nesting of arrays and objects accepted.")

    static let force = OptionDefinition.flag(
        "force",
        help: "Rewrite files WireLock would refuse: read-only ones (by their mode bits, even as root), ones with several hard links (the link is split) and ones whose owner this user cannot keep (they become this user's).")

    static let allowEmpty = OptionDefinition.flag(
        "allow-empty",
        help: "Accept a directory in which no JSON file is found. By default that is an error (status 2): it is usually a wrong path.")

    static let paths = ArgumentDefinition(
        "path",
        help: "Files, or directories searched recursively for .json, .jsonl and .ndjson files (names starting with '.' are skipped). Files ending in .jsonl or .ndjson are read as JSON Lines, one document per line.",
        isRepeating: true)

    /// Reads the strictness options a command declares (absent ones keep the strict default).
    static func parseOptions(from arguments: ParsedArguments) -> JSONParseOptions {
        JSONParseOptions(
            allowDuplicateKeys: arguments.flag(allowDuplicateKeys),
            allowComments: arguments.flag(allowComments),
            maxDepth: arguments.integer(maxDepth) ?? JSONParseOptions.strict.maxDepth)
    }
}
