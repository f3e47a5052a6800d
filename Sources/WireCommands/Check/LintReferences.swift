import WireLint
import WireSupport
import WireToolSupport

/// Where `lint` and `check` look for what names a fixture: the code and configuration under
/// `Tests/` and `golden/`, every JSON file under the package whose name contains "route" (route
/// tables), and `wirelock.json`. Fixtures, goldens and other data files are not read for names
/// (``LintReferenceIndex/isReferenceSource(_:)``): a fixture named only in another fixture is unused.
extension LintReferenceIndex {
    /// The extensions of the files under `Tests/` and `golden/` that are read for names: code and
    /// configuration.
    package static let referencingExtensions: Set<String> = [
        "swift", "m", "h", "kt", "java", "js", "ts", "py", "rb", "yaml", "yml", "plist", "xcconfig",
    ]

    /// Whether the file at `absolute` is one the index reads, so a command that already read it
    /// can hand its bytes over instead of the index reading it again.
    package static func mayReference(_ absolute: RawPath, root: RawPath) -> Bool {
        let base = PackageLocation.absolute(root).withTrailingSlash.bytes
        guard absolute.bytes.starts(with: base) else { return false }
        let relative = absolute.bytes.dropFirst(base.count)
        let name = String(decoding: absolute.lastComponent, as: UTF8.self).lowercased()
        let inFolder = ["Tests/", "golden/"].contains { relative.starts(with: Array($0.utf8)) }
        return (inFolder && referencingExtensions.contains { name.hasSuffix("." + $0) })
            || (name.hasSuffix(".json") && name.contains("route"))
            || (relative.elementsEqual(WireLockConfiguration.fileName.utf8))
    }

    /// One pass over what may name a fixture under `root`; a file whose bytes are in
    /// `alreadyRead` (by absolute path) is not read again.
    package static func build(root: RawPath, alreadyRead: [String: [UInt8]] = [:]) -> LintReferenceIndex {
        var index = LintReferenceIndex()
        var seen = Set<[UInt8]>()
        func add(_ path: RawPath) {
            let absolute = PackageLocation.absolute(path)
            guard seen.insert(absolute.bytes).inserted else { return }
            if let bytes = alreadyRead[absolute.text] {
                index.add(bytes, from: absolute.text)
            } else if case .success(let bytes) = FileSystem.readFile(absolute) {
                index.add(bytes, from: absolute.text)
            }
        }
        add(root.appending(WireLockConfiguration.fileName))
        let everything = InputWalker(extensions: referencingExtensions)
        for entry in everything.entries(for: [root.appending("Tests"), root.appending("golden")]) {
            if case .file(let path, _) = entry { add(path) }
        }
        for entry in InputWalker(extensions: ["json"]).entries(for: [root]) {
            if case .file(let path, _) = entry,
                String(decoding: path.lastComponent, as: UTF8.self).lowercased().contains("route")
            {
                add(path)
            }
        }
        return index
    }

    /// The `unreferenced.fixture` findings for `fixtures` (as reported, and absolute), filtered by
    /// `configuration` on the names as reported (which its globs are written for).
    package static func unreferencedFindings(
        _ fixtures: [(display: String, absolute: String)], root: RawPath, alreadyRead: [String: [UInt8]] = [:],
        configuration: LintConfiguration
    ) -> [Finding] {
        guard configuration.categories?.contains(.unreferenced) ?? true else { return [] }
        let index = build(root: root, alreadyRead: alreadyRead)
        let byAbsolute = Dictionary(fixtures.map { ($0.absolute, $0.display) }) { first, _ in first }
        return index.findings(forFixtures: fixtures.map(\.absolute), configuration: LintConfiguration(disabled: []))
            .compactMap { finding in
                var shown = finding
                shown.file = byAbsolute[finding.file] ?? finding.file
                return configuration.keeps(shown) ? shown : nil
            }
    }
}

extension Lint.Result {
    /// The finding as reports show it: with the value's hash, which the JSON report prints for
    /// suppressions.
    package var reportedFinding: Finding {
        var finding = finding
        finding.valueSHA256 = valueSHA256
        return finding
    }
}

extension RuleDescription {
    /// The lint rules' descriptions, for SARIF's `rules[]`.
    package static let lintRules: [RuleDescription] = LintRule.all.map {
        RuleDescription(
            id: $0.id, shortDescription: $0.shortDescription, fullDescription: $0.fullDescription, help: $0.help)
    }
}
