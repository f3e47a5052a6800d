import WireJSON
import WireLint
import WireShapes
import WireSupport

/// What a failed run used, kept beside its log so a failure can be reproduced later: the commit,
/// the `wirelock.lock` line of each format the run checked, and the SHA-256 of each file behind a
/// failing finding. `wirelock check --run-record FILE` writes it; CI keeps it as an artifact.
///
/// ```json
/// {
///   "accepted": 0,
///   "command": "wirelock check",
///   "commit": "9fe2100…",
///   "failures": [{ "file": "Fixtures/user.json", "rules": ["personal.email"], "sha256": "5f0c…" }],
///   "findings": 1,
///   "formats": { "movie": "movie shape=… golden=…" },
///   "status": 1,
///   "wirelock-run": 1
/// }
/// ```
package struct RunRecord: Hashable, Sendable {
    /// A file behind failing findings.
    package struct Failure: Hashable, Sendable {
        package var file: String
        /// Its SHA-256 (lower-case hex), nil when it could not be read.
        package var sha256: String?
        /// The rules that failed on it, sorted, once each.
        package var rules: [String]

        package init(file: String, sha256: String?, rules: [String]) {
            self.file = file
            self.sha256 = sha256
            self.rules = rules
        }
    }

    package var command: String
    /// The commit checked out (`GITHUB_SHA`, else `.git`'s `HEAD`), nil outside a repository.
    package var commit: String?
    /// The exit status.
    package var status: Int32
    /// Failing findings (after the baseline).
    package var findings: Int
    /// Findings the baseline accepted.
    package var accepted: Int
    /// The lock file's line of each format, by format name.
    package var formats: [String: String]
    /// The files behind failing findings, in file order.
    package var failures: [Failure]

    /// A record of a `check` run.
    /// - Parameters:
    ///   - read: reads a reported file (relative to the root) for its checksum; nil when it cannot.
    package init(
        command: String, commit: String?, status: Int32, findings: [Finding], accepted: Int, lockFile: [UInt8]?,
        read: (String) -> [UInt8]?
    ) {
        self.command = command
        self.commit = commit
        self.status = status
        self.findings = findings.count
        self.accepted = accepted
        formats = lockFile.map(Self.lockLines) ?? [:]
        var rules: [String: Set<String>] = [:]
        for finding in findings where finding.severity == .error {
            rules[finding.file, default: []].insert(finding.ruleID)
        }
        failures = rules.keys.sorted().map { file in
            Failure(file: file, sha256: read(file).map { SHA256.hex($0) }, rules: rules[file]!.sorted())
        }
    }

    /// The lines of a lock file by format name (comments and blank lines left out).
    package static func lockLines(_ bytes: [UInt8]) -> [String: String] {
        var out: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let text = line.trimmingCharacters(in: [" ", "\r"])
            guard !text.isEmpty, !text.hasPrefix("#"), let name = text.split(separator: " ").first else { continue }
            out[String(name)] = text
        }
        return out
    }

    /// The record as canonical JSON.
    package var fileBytes: [UInt8] {
        func string(_ text: String) -> JSONValue { .string(text) }
        func number(_ value: some BinaryInteger) -> JSONValue { .number(JSONNumber(text: String(value))) }
        let failureItems: [JSONValue] = failures.map { failure in
            .object(
                JSONObject([
                    .init(key: "file", value: string(failure.file)),
                    .init(key: "sha256", value: failure.sha256.map(string) ?? .null),
                    .init(key: "rules", value: .array(failure.rules.map(string))),
                ]))
        }
        let object = JSONObject([
            .init(key: "wirelock-run", value: number(1)),
            .init(key: "command", value: string(command)),
            .init(key: "commit", value: commit.map(string) ?? .null),
            .init(key: "status", value: number(status)),
            .init(key: "findings", value: number(findings)),
            .init(key: "accepted", value: number(accepted)),
            .init(
                key: "formats",
                value: .object(JSONObject(formats.keys.sorted().map { .init(key: $0, value: string(formats[$0]!)) }))),
            .init(key: "failures", value: .array(failureItems)),
        ])
        return CanonicalJSONWriter.bytes(.object(object))
    }

    /// The commit checked out under `root`: `GITHUB_SHA` when set, else `HEAD` read from the
    /// repository's files (a worktree's `.git` file and packed refs followed), nil when there is none.
    package static func commit(root: RawPath, environment: [String: String]) -> String? {
        if let sha = environment["GITHUB_SHA"], !sha.isEmpty { return sha }
        func text(_ path: RawPath) -> String? {
            guard case .success(let bytes) = FileSystem.readFile(path) else { return nil }
            return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: [" ", "\n", "\r"])
        }
        var folder = root
        var gitDirectory: RawPath?
        for _ in 0..<64 {
            let dotGit = folder.appending(".git")
            if FileSystem.isDirectory(dotGit) {
                gitDirectory = dotGit
                break
            }
            if let pointer = text(dotGit), pointer.hasPrefix("gitdir: ") {
                let target = String(pointer.dropFirst("gitdir: ".count))
                gitDirectory = target.hasPrefix("/") ? RawPath(target) : folder.appending(target)
                break
            }
            let parent = folder.directoryAndName.directory.withoutTrailingSlash
            if parent == folder || parent.bytes.isEmpty { break }
            folder = parent
        }
        guard let gitDirectory, let head = text(gitDirectory.appending("HEAD")) else { return nil }
        guard head.hasPrefix("ref: ") else { return head.isEmpty ? nil : head }
        let ref = String(head.dropFirst("ref: ".count))
        // A worktree keeps its HEAD; the refs live in the common directory it names.
        let common = text(gitDirectory.appending("commondir")).map { name in
            name.hasPrefix("/") ? RawPath(name) : gitDirectory.appending(name)
        }
        for directory in [gitDirectory, common].compactMap({ $0 }) {
            if let sha = text(directory.appending(ref)), !sha.isEmpty { return sha }
            if let packed = text(directory.appending("packed-refs")) {
                for line in packed.split(separator: "\n") where line.hasSuffix(" " + ref) {
                    return String(line.prefix { $0 != " " })
                }
            }
        }
        return nil
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
