import WireCommandLine

/// The positional argument the JSON commands share, declared once. (The shared options are in
/// WireCommandLine: ``CommonOptions``, ``ParseOptionFlags``, ``InputOptions``.)
enum SharedOptions {
    static let paths = ArgumentDefinition(
        "path",
        help:
            "Files, or directories searched recursively for .json, .jsonl and .ndjson files (names starting with '.' are skipped). Files ending in .jsonl or .ndjson are read as JSON Lines, one document per line.",
        isRepeating: true)
}
