import Foundation
import WireJSON

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

    /// Accepts any difference at paths matching `pattern` (wildcards as in ``JSONPathPattern``).
    public init(_ pattern: String, because reason: String) {
        self.pattern = Result(catching: { () throws(JSONPathPattern.ParseError) -> JSONPathPattern in try JSONPathPattern(pattern) })
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
    /// pattern covers nothing; ``RoundTrip/check(_:fixtureAt:decoder:encoder:accepting:)`` reports it.
    public func accepts(_ difference: JSONDifference) -> Bool {
        guard case .success(let pattern) = pattern else { return false }
        return pattern.matches(difference.path)
    }
}

/// The outcome of a round trip, for reports: the differences found and which were accepted.
public struct RoundTripResult: Sendable {
    /// Every difference between the fixture and the re-encoded value.
    public var differences: [JSONDifference]
    /// The differences not covered by an ``AcceptedDifference``.
    public var unexpected: [JSONDifference]
    /// Whether the round trip lost, changed or added nothing unexpected.
    public var isLossless: Bool { unexpected.isEmpty }
}

/// The reporting half of ``assertRoundTrip(_:fixture:decoder:encoder:accepting:fixturesDirectory:fileID:filePath:line:column:)``.
public func verifyRoundTrip<T: Codable>(
    _ type: T.Type, fixture: String, decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder(),
    accepting: [AcceptedDifference] = [], fixturesDirectory: URL? = nil, filePath: StaticString = #filePath
) -> Result<RoundTripResult, WireLockFailure> {
    let url = FixtureFiles.url(fixture, directory: fixturesDirectory, filePath: "\(filePath)")
    return RoundTrip.check(type, fixtureAt: url, decoder: decoder, encoder: encoder, accepting: accepting)
}

/// Round trips over fixture files (used by the assertions and by ``ModelRunner``).
public enum RoundTrip {
    /// Runs the round trip for the fixture at `url`.
    public static func check<T: Codable>(_ type: T.Type, fixtureAt url: URL, decoder: JSONDecoder, encoder: JSONEncoder,
                                         accepting: [AcceptedDifference]) -> Result<RoundTripResult, WireLockFailure> {
        let name = url.lastPathComponent
        let original: JSONValue
        let data: Data
        switch FixtureFiles.read(url) {
        case .failure(let failure): return .failure(failure)
        case .success(let (bytes, value)): data = bytes; original = value
        }
        let decoded: T
        do {
            decoded = try decoder.decode(T.self, from: data)
        } catch {
            return .failure(WireLockFailure("\(name): \(T.self) could not decode the fixture: \(DecodingFailure(error).description)"))
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
        let differences = JSONDiff.differences(expected: original, actual: reencoded)
        let unexpected = differences.filter { difference in !accepting.contains { $0.accepts(difference) } }
        let result = RoundTripResult(differences: differences, unexpected: unexpected)
        guard !result.isLossless else { return .success(result) }
        let lines = unexpected.prefix(40).map { "  " + describe($0) }
        let more = unexpected.count > 40 ? ["  … \(unexpected.count - 40) more"] : []
        return .failure(WireLockFailure("\(name): \(T.self) does not round-trip losslessly (\(unexpected.count) difference\(unexpected.count == 1 ? "" : "s")):\n"
                                        + (lines + more).joined(separator: "\n"), differences: unexpected))
    }

    /// Round-trip wording for one difference.
    public static func describe(_ difference: JSONDifference) -> String {
        switch difference.change {
        case .missing:
            return "lossy decode: `\(difference.path)` is in the fixture but not in the re-encoded value"
        case .added(let actual):
            return "`\(difference.path)` appeared in the re-encoded value (\(JSONDiff.brief(actual))) but is not in the fixture"
        case .changed(let expected, let actual):
            return "`\(difference.path)` changed: fixture \(JSONDiff.brief(expected)) → re-encoded \(JSONDiff.brief(actual))"
        }
    }
}

/// Fixture lookup and strict reading.
public enum FixtureFiles {
    /// `Fixtures/<name>.json` (or `name` itself when it is absolute or already ends in `.json`).
    public static func url(_ name: String, directory: URL? = nil, filePath: String) -> URL {
        if name.hasPrefix("/") { return URL(fileURLWithPath: name) }
        let dir = directory ?? GoldenFiles.fixturesDirectory(for: filePath)
        return dir.appendingPathComponent(name.hasSuffix(".json") ? name : name + ".json")
    }

    /// Reads a fixture through the strict validator: its bytes and its tree, or a failure naming the
    /// file, line, column and path of the problem.
    public static func read(_ url: URL) -> Result<(Data, JSONValue), WireLockFailure> {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return .failure(WireLockFailure("cannot read fixture \(url.path)"))
        }
        do {
            return .success((data, try JSONValue.parse(data)))
        } catch {
            return .failure(WireLockFailure("\(url.lastPathComponent):\(error.location.line):\(error.location.column): \(error.reason) (at \(error.path))"))
        }
    }
}
