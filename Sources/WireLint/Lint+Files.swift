import WireJSON

extension Lint {
    /// The `naming.file-name` finding for a file whose base name is not `<resource>-<scenario>`
    /// (lower-case letters and digits, at least two words joined by single dashes), or `nil`.
    ///
    /// ```swift
    /// Lint.namingFinding(file: "Fixtures/movies-success.json")   // nil
    /// Lint.namingFinding(file: "Fixtures/MoviesOK.json")         // naming.file-name
    /// ```
    package static func namingFinding(file: String) -> Finding? {
        let name = baseName(of: file)
        let words = name.split(separator: "-", omittingEmptySubsequences: false)
        let valid =
            words.count >= 2
            && words.allSatisfy { word in
                !word.isEmpty && word.utf8.allSatisfy { ByteText.isLower($0) || ByteText.isDigit($0) }
            }
        if valid { return nil }
        let rule = LintRule.fileName
        return Finding(
            ruleID: rule.id, file: file, message: "'\(name)' is not named <resource>-<scenario>", hint: rule.help)
    }

    /// A file's base name without its directory and its `.json`, `.jsonl` or `.ndjson` extension.
    package static func baseName(of file: String) -> String {
        var name = file.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? file
        for suffix in [".json", ".jsonl", ".ndjson"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
            break
        }
        return name
    }
}
