import Foundation
import WireDecoder
import WireDiagnostics
import WireJSONCore
import WireReaders
import WireSupport

/// A difference a round trip is allowed to have, declared per path with the reason.
///
/// ```swift
/// assertRoundTrip(Movie.self, fixture: "API/v3/movies-success", accepting: [
///     .init("$.records[*].added", because: "server sends 7 fractional digits; we keep milliseconds"),
/// ])
/// ```
public struct AcceptedDifference: Sendable {
    let pattern: Result<JSONPathPattern, JSONPathPattern.ParseError>
    /// Why the difference is accepted (shown by the model runner).
    public let reason: String

    /// Accepts any difference at paths matching `pattern` (wildcards as in `JSONPathPattern`).
    public init(_ pattern: String, because reason: String) {
        self.pattern = Result(catching: { () throws(JSONPathPattern.ParseError) -> JSONPathPattern in
            try JSONPathPattern(pattern)
        })
        self.reason = reason
    }

    /// The pattern as written (`$.records[*].added`).
    public var pathPattern: String {
        switch pattern {
        case .success(let pattern): pattern.description
        case .failure(let error): error.pattern
        }
    }

    /// Whether this declaration covers `difference` (its path matches the pattern). An invalid
    /// pattern covers nothing; ``RoundTrip/check(_:fixtureAt:decoder:encoder:accepting:strictNulls:)`` reports it.
    public func accepts(_ difference: JSONDifference) -> Bool {
        guard case .success(let pattern) = pattern else { return false }
        return pattern.matches(difference.path)
    }

    /// Whether the pattern names a value of `document` (some path of it matches).
    func names(anyPathOf document: JSONValue) -> Bool {
        guard case .success(let pattern) = pattern else { return false }
        var found = false
        document.walk { path, _ in
            found = pattern.matches(path)
            return found ? .stop : .descend
        }
        return found
    }
}

/// The outcome of a round trip, for reports: the differences found and which were accepted.
public struct RoundTripResult: Sendable {
    /// Every difference between the fixture and the re-encoded value.
    public var differences: [JSONDifference]
    /// The differences not covered by an ``AcceptedDifference``.
    public var unexpected: [JSONDifference]
    /// Declarations whose pattern names no value of either document (the fixture or the re-encoded
    /// value): stale, or naming the Swift property instead of the wire key.
    public var stale: [AcceptedDifference] = []
    /// Declarations that name a value but cover no difference: the round trip is lossless there.
    public var unused: [AcceptedDifference] = []
    /// For each stale declaration's pattern, the fixture's paths nearest to it (wire keys, with
    /// `[*]` for indices): `$.avatarUrl` → `$.avatar_url`.
    public var suggestions: [String: [String]] = [:]
    /// The `null`-versus-absent differences left out because the model's reader contract marks
    /// the member optional (empty under `strictNulls`).
    public var nullsAsAbsent: [JSONDifference] = []
    /// Whether the round trip lost, changed or added nothing unexpected.
    public var isLossless: Bool { unexpected.isEmpty }
}

/// The reporting half of `assertRoundTrip` (WireLock).
///
/// ```swift
/// let result = verifyRoundTrip(Movie.self, fixture: "movie-success", decoder: .api, encoder: .api,
///                              accepting: [.init("$.popularity", because: "not shown")])
/// ```
/// - Returns: the result when the round trip is lossless up to the declared differences and every
///   declaration covers a difference; a failure for a lossy round trip, for a declaration that is
///   stale (names no member of either document, or covers no difference), or for a fixture that
///   cannot be read (a missing one names the nearest existing fixtures).
///
/// A member the model reads as optional (its reader contract, learnt from the same decode, says it
/// may be null or absent — `decodeIfPresent`) round-trips when `null` in the fixture comes back
/// absent, or absent comes back `null`: synthesized `Codable` writes `nil` with
/// `encodeIfPresent`. `strictNulls: true` counts those differences as before.
public func verifyRoundTrip<T: Codable>(
    _ type: T.Type, fixture: String, decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder(),
    accepting: [AcceptedDifference] = [], strictNulls: Bool = false, fixturesDirectory: URL? = nil,
    filePath: StaticString = #filePath
) -> Result<RoundTripResult, WireLockFailure> {
    let url = FixtureFiles.url(fixture, directory: fixturesDirectory, filePath: "\(filePath)")
    guard FileManager.default.fileExists(atPath: url.path) else {
        return .failure(FixtureFiles.missing(url, directory: fixturesDirectory, filePath: "\(filePath)"))
    }
    let result = RoundTrip.check(
        type, fixtureAt: url, decoder: decoder, encoder: encoder, accepting: accepting, strictNulls: strictNulls)
    guard case .success(let outcome) = result, !(outcome.stale.isEmpty && outcome.unused.isEmpty) else { return result }
    let lines =
        outcome.stale.map { "  " + RoundTrip.describeStale($0, nearest: outcome.suggestions[$0.pathPattern] ?? []) }
        + outcome.unused.map { "  " + RoundTrip.describeUnused($0) }
    let count = lines.count
    return .failure(
        WireLockFailure(
            "\(url.lastPathComponent): \(count) stale accepted difference\(count == 1 ? "" : "s"); remove "
                + "\(count == 1 ? "it" : "them") or fix the pattern:\n" + lines.joined(separator: "\n")))
}

/// Round trips over fixture files (used by the assertions and by WireLockRunner's `ModelRunner`).
public enum RoundTrip {
    /// Runs the round trip for the fixture at `url`.
    ///
    /// ```swift
    /// let result = RoundTrip.check(Movie.self, fixtureAt: url, decoder: .api, encoder: .api, accepting: [])
    /// ```
    /// - Returns: the differences, which declarations covered them, and which declarations are
    ///   ``RoundTripResult/stale`` or ``RoundTripResult/unused``; or a failure for a lossy round
    ///   trip (its unexpected differences, then any stale declaration), a fixture that cannot be
    ///   read or decoded (at wire keys), or an invalid pattern.
    ///
    /// Unless `strictNulls`, a `null` that comes back absent (or the reverse) at a member the
    /// model's reader contract marks optional is no difference (see ``RoundTripResult/nullsAsAbsent``).
    public static func check<T: Codable>(
        _ type: T.Type, fixtureAt url: URL, decoder: JSONDecoder, encoder: JSONEncoder,
        accepting: [AcceptedDifference], strictNulls: Bool = false
    ) -> Result<RoundTripResult, WireLockFailure> {
        let name = url.lastPathComponent
        let original: JSONValue
        let data: Data
        switch FixtureFiles.read(url) {
        case .failure(let failure): return .failure(failure)
        case .success(let (bytes, value)):
            data = bytes
            original = value
        }
        let decoded: T
        do {
            decoded = try decoder.decode(T.self, from: data)
        } catch {
            let failure = DecodingFailure(error, decoder: decoder, document: original)
            let explanation = DecodingExplanation.lines(for: error, in: data, file: name, decoder: decoder)
            return .failure(
                WireLockFailure(
                    "\(name): \(T.self) could not decode the fixture: \(failure.description)"
                        + (explanation.isEmpty ? "" : "\n" + explanation.dropLast())))
        }
        let reencoded: JSONValue
        do {
            reencoded = try JSONValue.parse(try encoder.encode(decoded))
        } catch {
            return .failure(WireLockFailure("\(name): \(T.self) could not be re-encoded: \(error)"))
        }
        for accepted in accepting {
            if case .failure(let error) = accepted.pattern { return .failure(WireLockFailure("\(name): \(error)")) }
        }
        var differences = JSONDiff.differences(expected: original, actual: reencoded)
        var nullsAsAbsent: [JSONDifference] = []
        if !strictNulls, differences.contains(where: isNullVersusAbsent),
            let contract = optionalMembers(T.self, data: data, decoder: decoder)
        {
            nullsAsAbsent = differences.filter { difference in
                guard isNullVersusAbsent(difference), let entry = contract.entry(matching: difference.path) else {
                    return false
                }
                if case .missing = difference.change { return entry.mayBeNull }
                return entry.mayBeAbsent
            }
            differences.removeAll { nullsAsAbsent.contains($0) }
        }
        let unexpected = differences.filter { difference in !accepting.contains { $0.accepts(difference) } }
        var result = RoundTripResult(differences: differences, unexpected: unexpected)
        result.nullsAsAbsent = nullsAsAbsent
        for declaration in accepting where !differences.contains(where: { declaration.accepts($0) }) {
            if declaration.names(anyPathOf: original) || declaration.names(anyPathOf: reencoded) {
                result.unused.append(declaration)
            } else {
                result.stale.append(declaration)
                result.suggestions[declaration.pathPattern] = PathSuggestions.nearest(
                    to: declaration.pathPattern, in: original, limit: 2)
            }
        }
        guard !result.isLossless else { return .success(result) }
        let lines = unexpected.prefix(40).map { "  " + describe($0) }
        let more = unexpected.count > 40 ? ["  … \(unexpected.count - 40) more"] : []
        let stale = result.stale.map { "  " + describeStale($0, nearest: result.suggestions[$0.pathPattern] ?? []) }
        return .failure(
            WireLockFailure(
                "\(name): \(T.self) does not round-trip losslessly (\(unexpected.count) difference\(unexpected.count == 1 ? "" : "s")):\n"
                    + (lines + more + stale).joined(separator: "\n"), differences: unexpected))
    }

    /// Round-trip wording for one difference; a dropped value says what it was.
    public static func describe(_ difference: JSONDifference) -> String {
        switch difference.change {
        case .missing(let expected):
            return
                "lossy decode: `\(difference.path)` is in the fixture but not in the re-encoded value (the fixture has \(JSONDiff.brief(expected)))"
        case .added(let actual):
            return
                "`\(difference.path)` appeared in the re-encoded value (\(JSONDiff.brief(actual))) but is not in the fixture"
        case .changed(let expected, let actual):
            return
                "`\(difference.path)` changed: fixture \(JSONDiff.brief(expected)) → re-encoded \(JSONDiff.brief(actual))"
        }
    }

    /// The line for a declaration that names no value of either document, with the fixture's
    /// paths nearest to its pattern (`did you mean `$.avatar_url`?`).
    public static func describeStale(_ declaration: AcceptedDifference, nearest: [String] = []) -> String {
        "stale: accepted difference `\(declaration.pathPattern)` (\(declaration.reason)) names no member of the fixture or of the "
            + "re-encoded value; patterns name wire keys, not Swift properties"
            + (nearest.isEmpty ? "" : "; did you mean " + nearest.map { "`\($0)`" }.joined(separator: " or ") + "?")
    }

    /// A `null` in the fixture that the re-encoded value leaves out, or the reverse.
    static func isNullVersusAbsent(_ difference: JSONDifference) -> Bool {
        switch difference.change {
        case .missing(let value), .added(let value): value == .null
        case .changed: false
        }
    }

    /// The model's reader contract for this fixture (which members it reads as optional), from a
    /// `WireJSONDecoder` configured like `decoder`; nil when that decoder cannot decode it.
    static func optionalMembers<T: Decodable>(_ type: T.Type, data: Data, decoder: JSONDecoder) -> ReaderContract? {
        let wire = WireJSONDecoder(configuredLike: decoder)
        wire.acceptance = .jsonDecoder
        guard let report = try? wire.decodeWithReport(T.self, from: data).report else { return nil }
        return ReaderContract(model: "\(T.self)", fixture: "", report: report)
    }

    /// The line for a declaration that covers no difference.
    public static func describeUnused(_ declaration: AcceptedDifference) -> String {
        "stale: accepted difference `\(declaration.pathPattern)` (\(declaration.reason)) covers no difference: the round trip is lossless there"
    }
}

/// Fixture lookup and strict reading.
public enum FixtureFiles {
    /// `Fixtures/<name>.json` (or `name` itself when it is absolute or already ends in `.json`).
    public static func url(_ name: String, directory: URL? = nil, filePath: String) -> URL {
        let dir = directory ?? GoldenFiles.fixturesDirectory(for: filePath)
        return URL(fileURLWithPath: FixturePaths.path(name, directory: dir.path))
    }

    /// Reads a fixture through the strict validator: its bytes and its tree, or a failure naming the
    /// file, line, column and path of the problem (a missing file names the nearest ones beside it).
    public static func read(_ url: URL) -> Result<(Data, JSONValue), WireLockFailure> {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return .failure(missing(url, directory: url.deletingLastPathComponent(), filePath: url.path))
        }
        do {
            return .success((data, try JSONValue.parse(data)))
        } catch {
            return .failure(WireLockFailure(JSONDiagnostic(error, file: url.lastPathComponent).headline))
        }
    }

    /// The failure for a fixture that cannot be read: a missing one names the existing fixtures
    /// nearest to it (by name, under the fixtures directory).
    ///
    /// ```swift
    /// FixtureFiles.missing(url, directory: nil, filePath: #filePath).message
    /// // no fixture movie-sucess.json in /repo/Fixtures; nearest: movie-success, movies-success
    /// ```
    package static func missing(_ url: URL, directory: URL?, filePath: String) -> WireLockFailure {
        let base = directory ?? GoldenFiles.fixturesDirectory(for: filePath)
        return WireLockFailure(FixturePaths.problem(path: url.path, directory: base.path))
    }
}
