import Foundation
import WireJSONCore
import WireShapes
import WireSupport

/// Who asserts a golden: the test, and the line that calls the assertion. Two writers that put
/// different documents into one golden in one test run are a clash (one of them fails on every
/// later run), reported with both call sites.
///
/// The assertions in `WireLock` fill this in (the Swift Testing test's name, or the XCTest call
/// site); a direct ``verifyGolden(_:named:encoder:redacting:record:goldenDirectory:environment:writer:filePath:function:line:)``
/// call without one is identified by its file and function.
///
/// ```swift
/// let writer = GoldenWriter(test: "MovieTests/moviePage()", location: "Tests/MovieTests.swift:12")
/// ```
public struct GoldenWriter: Sendable, Hashable {
    /// What identifies the test: two assertions with the same `test` are one test (which may assert
    /// one golden twice on purpose, for example to show that a changed value fails).
    public var test: String
    /// Where the assertion is called, `FILE:LINE`, for the message.
    public var location: String

    /// A writer.
    public init(test: String, location: String) {
        self.test = test
        self.location = location
    }
}

/// The claims a test run holds on golden files: the first writer of each golden and a hash of what
/// it wrote. The processes of one `swift test` (its XCTest and Swift Testing passes, parallel
/// workers) share a parent process, so their claims live under
/// `<root>/.wirelock/claims/<parent pid>-<parent start>/`, one small file per golden, created with
/// `link` so two writers racing for one golden cannot both win. An assertion reads at most one
/// claim file, and only the first writer of a golden in a run writes one: the check costs the same
/// however many goldens the run has, and nothing for a golden this process already holds.
///
/// A claim older than an hour, or made in another process by the same test, belongs to an earlier
/// run and is replaced. Without a package root the claims are kept in memory, for this process only.
enum GoldenClaims {
    /// A golden's first writer in this run.
    struct Claim: Equatable {
        var pid: Int32
        var time: Int
        var hash: String
        var writer: GoldenWriter

        var line: String {
            func clean(_ s: String) -> String {
                s.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
            }
            return "\(pid)\t\(time)\t\(hash)\t\(clean(writer.test))\t\(clean(writer.location))\n"
        }

        init(pid: Int32, time: Int, hash: String, writer: GoldenWriter) {
            self.pid = pid
            self.time = time
            self.hash = hash
            self.writer = writer
        }

        init?(line: String) {
            let parts = line.trimmingCharacters(in: .newlines).split(separator: "\t", omittingEmptySubsequences: false)
                .map(String.init)
            guard parts.count == 5, let pid = Int32(parts[0]), let time = Int(parts[1]) else { return nil }
            self.init(pid: pid, time: time, hash: parts[2], writer: GoldenWriter(test: parts[3], location: parts[4]))
        }
    }

    /// Claims for processes without a package root.
    final class MemoryTable: Sendable {
        private let claims = Locked([String: Claim]())

        func claim(_ key: String, _ new: Claim, decide: (Claim) -> Decision) -> Claim? {
            claims.withLock { claims in
                guard let old = claims[key] else {
                    claims[key] = new
                    return nil
                }
                switch decide(old) {
                case .keep: return nil
                case .replace:
                    claims[key] = new
                    return nil
                case .clash: return old
                }
            }
        }
    }

    static let memory = MemoryTable()

    /// The goldens whose claim file this process has seen holding its own hash: asserting one of
    /// them again with the same document cannot clash (equal hashes always keep), so it needs no
    /// file system work. A suite that compares one golden many times (a loop, a benchmark) pays
    /// for the claim file once.
    final class HeldTable: Sendable {
        private let held = Locked([String: String]())

        func holds(_ path: String, hash: String) -> Bool {
            held.withLock { $0[path] == hash }
        }

        func record(_ path: String, hash: String) {
            held.withLock { $0[path] = hash }
        }
    }

    static let held = HeldTable()

    enum Decision { case keep, replace, clash }

    /// What to do with the claim already there when `new` writes another document.
    static func decide(_ old: Claim, _ new: Claim) -> Decision {
        if old.hash == new.hash { return .keep }
        if new.time - old.time > 3600 { return .replace }
        let sameProcess = old.pid == new.pid
        if old.writer.test != new.writer.test { return .clash }
        // One call site writing two documents in one process: a loop, or parameterized cases
        // sharing a name. The same test in another process is an earlier run from the same parent.
        if sameProcess && old.writer.location == new.writer.location { return .clash }
        return sameProcess ? .keep : .replace
    }

    /// Claims `golden` for `writer`, who writes the document hashed `hash`.
    ///
    /// A golden this process already holds with the same hash costs a table lookup. Otherwise the
    /// claim file is read first: a claim of the same document (another process of the run made it)
    /// is kept as it is, so only the first writer of a golden in a run writes a file.
    /// - Parameters:
    ///   - root: the package root; nil keeps the claims in memory, for this process only.
    ///   - runKey: the run the claims belong to (see `RunIdentity.runKey`).
    /// - Returns: the earlier writer whose different document clashes with this one, or nil.
    static func claim(
        _ golden: URL, hash: String, writer: GoldenWriter, root: URL?, runKey: String = RunIdentity.runKey
    ) -> Claim? {
        let path = golden.standardizedFileURL.path
        func new() -> Claim {
            Claim(pid: getpid(), time: Int(Date().timeIntervalSince1970), hash: hash, writer: writer)
        }
        guard let root else {
            let new = new()
            return memory.claim(path, new) { decide($0, new) }
        }
        if held.holds(path, hash: hash) { return nil }
        let new = new()
        let dir = directory(root: root).appendingPathComponent(runKey)
        let file = dir.appendingPathComponent(SHA256.hex(SHA256.hash(Array(path.utf8)).prefix(8)) + ".claim")
        if let old = read(file) {
            switch decide(old, new) {
            case .keep:
                if old.hash == hash { held.record(path, hash: hash) }
                return nil
            case .clash: return old
            case .replace: break
            }
        }
        guard (try? FileWriteError.makeDirectory(dir)) != nil else {
            return memory.claim(path, new) { decide($0, new) }
        }
        let temp = dir.appendingPathComponent(".\(UUID().uuidString).tmp")
        // A claim lives for one run and needs no durability: written without fsync (Data.write
        // syncs, which cost every golden assertion ~10 ms on a busy disk).
        guard writeUnsynced(Array(new.line.utf8), to: temp.path) else {
            return memory.claim(path, new) { decide($0, new) }
        }
        defer { unlink(temp.path) }
        if link(temp.path, file.path) == 0 {
            held.record(path, hash: hash)
            return nil
        }
        // Another writer created the file since it was read (or it was to be replaced).
        guard let old = read(file) else {
            rename(temp.path, file.path)  // unreadable: take it over
            held.record(path, hash: hash)
            return nil
        }
        switch decide(old, new) {
        case .keep:
            if old.hash == hash { held.record(path, hash: hash) }
            return nil
        case .replace:
            rename(temp.path, file.path)
            held.record(path, hash: hash)
            return nil
        case .clash: return old
        }
    }

    /// The claim in `file`, or nil when there is none or it cannot be read.
    private static func read(_ file: URL) -> Claim? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        return Claim(line: String(decoding: data, as: UTF8.self))
    }

    /// Writes a new file (it must not exist) with `bytes`, without syncing it.
    private static func writeUnsynced(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { return false }
        let failed = FileSystem.writeAll(bytes, to: fd) != nil
        return close(fd) == 0 && !failed
    }

    /// `<root>/.wirelock/claims`.
    static func directory(root: URL) -> URL {
        root.appendingPathComponent(".wirelock/claims")
    }

    /// Deletes the claim folders of runs that ended more than a day before `now`.
    static func prune(root: URL, now: Date = Date()) {
        let dir = directory(root: root)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        for name in names where name != RunIdentity.runKey {
            let folder = dir.appendingPathComponent(name)
            let modified = (try? FileManager.default.attributesOfItem(atPath: folder.path)[.modificationDate]) as? Date
            if let modified, now.timeIntervalSince(modified) > 86_400 {
                try? FileManager.default.removeItem(at: folder)
            }
        }
    }

    /// The failure message for a clash.
    static func message(golden shown: String, earlier: Claim, writer: GoldenWriter) -> String {
        let sameSite = earlier.writer.location == writer.location
        let head =
            sameSite
            ? "one assertion writes golden \(shown) with two different documents in this run (a loop, or test cases sharing one name):"
            : "two tests write golden \(shown) with different documents in this run:"
        return """
            \(head)
              \(earlier.writer.location) (\(earlier.writer.test)) wrote it first
              \(writer.location) (\(writer.test)): this assertion
            One of them fails on every run after this one. Give each its own name, or make them encode the same \
            document. Nothing was written.
            """
    }
}
