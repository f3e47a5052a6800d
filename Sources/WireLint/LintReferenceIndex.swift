/// Which fixture names the code, configuration and route tables mention, built in one pass over
/// those files (each file is split into name-like words once; looking a fixture up is a hash
/// lookup), for the `unreferenced.fixture` rule.
///
/// Only a file that can *use* a fixture counts (``isReferenceSource(_:)``): a mention inside
/// another fixture's or a golden's JSON (a `"next"` link, a quoted file name) is data, not a use,
/// and is ignored.
///
/// ```swift
/// var index = LintReferenceIndex()
/// index.add(Array(#"try fixture("movies-success.json")"#.utf8), from: "Tests/MovieTests.swift")
/// index.findings(forFixtures: ["Fixtures/movies-success.json", "Fixtures/movies-old.json"])
/// // [unreferenced.fixture for Fixtures/movies-old.json]
/// ```
package struct LintReferenceIndex: Sendable {
    /// For each word, the first file it was seen in and whether a second file has it too.
    private var words: [String: (file: String, inSeveralFiles: Bool)] = [:]

    /// An empty index.
    package init() {}

    /// Whether a file can refer to a fixture: code, configuration (`wirelock.json`, YAML), route
    /// tables (a JSON file with "route" in its name). Data files (`.json`, `.jsonl`, `.ndjson`,
    /// `.har`: fixtures, goldens, recordings) and prose (`.md`, `.txt`) cannot.
    ///
    /// ```swift
    /// LintReferenceIndex.isReferenceSource("Tests/UserTests.swift")          // true
    /// LintReferenceIndex.isReferenceSource("Tests/stub-routes.json")         // true
    /// LintReferenceIndex.isReferenceSource("Tests/Fixtures/issues.json")     // false
    /// ```
    package static func isReferenceSource(_ file: String) -> Bool {
        let name = String(file.split(separator: "/").last ?? Substring(file)).lowercased()
        if [".md", ".txt"].contains(where: { name.hasSuffix($0) }) { return false }
        guard [".json", ".jsonl", ".ndjson", ".har"].contains(where: { name.hasSuffix($0) }) else { return true }
        return name.contains("route") || name == "wirelock.json"
    }

    /// Adds one file's words (runs of letters, digits, `_` and `-`); a file that cannot refer to a
    /// fixture (``isReferenceSource(_:)``) adds nothing.
    package mutating func add(_ bytes: [UInt8], from file: String) {
        guard Self.isReferenceSource(file) else { return }
        let isWord: (UInt8) -> Bool = {
            ByteText.isAlphanumeric($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
        }
        var start = 0
        let n = bytes.count
        var seenHere = Set<String>()
        while start < n {
            guard isWord(bytes[start]) else {
                start += 1
                continue
            }
            let end = ByteText.runEnd(bytes, from: start, isWord)
            let word = String(decoding: bytes[start..<end], as: UTF8.self)
            if seenHere.insert(word).inserted {
                if let known = words[word] {
                    if known.file != file { words[word] = (known.file, true) }
                } else {
                    words[word] = (file, false)
                }
            }
            start = end
        }
    }

    /// Whether some file other than `fixture` itself mentions `name`.
    package func mentions(_ name: String, besides fixture: String) -> Bool {
        guard let known = words[name] else { return false }
        return known.inSeveralFiles || known.file != fixture
    }

    /// One `unreferenced.fixture` finding per fixture whose base name no indexed file (other than
    /// itself) mentions, filtered by `configuration`.
    package func findings(forFixtures fixtures: [String], configuration: LintConfiguration = LintConfiguration())
        -> [Finding]
    {
        fixtures.compactMap { fixture in
            let name = Lint.baseName(of: fixture)
            guard !mentions(name, besides: fixture) else { return nil }
            let rule = LintRule.unreferencedFixture
            let finding = Finding(
                ruleID: rule.id, file: fixture,
                message: "no code, configuration or route table mentions '\(name)'", hint: rule.help)
            return configuration.keeps(finding, valueSHA256: nil) ? finding : nil
        }
    }
}
