import WireJSON

extension Lint {
    /// The `naming.file-name` finding for a file whose base name does not follow `pattern` (by default
    /// `<resource>-<scenario>`: lower-case letters and digits, at least two words joined by single
    /// dashes), or `nil`.
    ///
    /// ```swift
    /// Lint.namingFinding(file: "Fixtures/movies-success.json")   // nil
    /// Lint.namingFinding(file: "Fixtures/MoviesOK.json")         // naming.file-name
    /// Lint.namingFinding(file: "Fixtures/list_repos.json", pattern: try FileNamePattern("snake_case"))   // nil
    /// ```
    package static func namingFinding(file: String, pattern: FileNamePattern = .resourceScenario) -> Finding? {
        let name = baseName(of: file)
        if pattern.accepts(name) { return nil }
        let rule = LintRule.fileName
        let hint =
            pattern == .resourceScenario
            ? rule.help : "rename the file to follow \(pattern), or change lint.naming.pattern in wirelock.json"
        return Finding(ruleID: rule.id, file: file, message: "'\(name)' is not named \(pattern)", hint: hint)
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
