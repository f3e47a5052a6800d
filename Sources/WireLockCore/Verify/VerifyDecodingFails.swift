import Foundation
import WireJSON

/// The category of a decoding failure, as WireLock classifies it.
public enum DecodingFailureKind: String, Sendable, CaseIterable {
    /// The bytes are not valid JSON (truncated, malformed); located by the strict validator.
    case syntax
    /// A value has the wrong JSON type (a string where a number is expected).
    case typeMismatch
    /// A required member is absent.
    case missingKey
    /// A required value is `null`.
    case missingValue
    /// The JSON is well formed and typed, but a value is not acceptable (a bad date, an unknown
    /// enum case).
    case invalidValue
}

/// A decoding failure with its category and JSON path, from either the validator or `DecodingError`.
public struct DecodingFailure: Sendable, CustomStringConvertible {
    /// The category: from the validator (`syntax`) or from the `DecodingError` case.
    public var kind: DecodingFailureKind
    /// Where it failed: the validator's path for syntax errors, the coding path (plus the missing key
    /// for `missingKey`) otherwise, `$` for an error that is not a `DecodingError`.
    public var path: JSONPath
    /// The validator's reason or a sentence built from the `DecodingError` context.
    public var detail: String
    /// For syntax errors: the line and column.
    public var location: JSONSourceLocation?

    /// Classifies an error thrown while decoding.
    public init(_ error: any Error) {
        location = nil
        switch error {
        case let syntax as JSONSyntaxError:
            kind = .syntax; path = syntax.path; detail = syntax.reason; location = syntax.location
        case DecodingError.typeMismatch(let type, let context):
            kind = .typeMismatch; path = Self.path(context.codingPath)
            detail = "expected \(type): \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, let context):
            kind = .missingKey; path = Self.path(context.codingPath + [key])
            detail = "no value for key \"\(key.stringValue)\""
        case DecodingError.valueNotFound(let type, let context):
            kind = .missingValue; path = Self.path(context.codingPath)
            detail = "expected \(type), found null"
        case DecodingError.dataCorrupted(let context):
            kind = .invalidValue; path = Self.path(context.codingPath); detail = context.debugDescription
        default:
            kind = .invalidValue; path = .root; detail = "\(error)"
        }
    }

    public var description: String {
        let at = location.map { " (line \($0.line), column \($0.column))" } ?? ""
        return "\(kind.rawValue) at \(path)\(at): \(detail)"
    }

    /// A `codingPath` as a JSON path: integer keys are array indices.
    public static func path(_ codingPath: [any CodingKey]) -> JSONPath {
        JSONPath(codingPath.map { key in
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" { return .index(index) }
            return .key(key.stringValue)
        })
    }
}

/// The reporting half of ``assertDecodingFails(_:fixture:as:at:decoder:fixturesDirectory:fileID:filePath:line:column:)``.
/// - Returns: nil when decoding the fixture fails with `kind` at `path` (the path's description,
///   such as `$.movies[2].releaseDate`); otherwise a ``WireLockFailure`` saying that it decoded, that
///   it failed differently (the category and path seen), or that the fixture could not be read.
public func verifyDecodingFails<T: Decodable>(
    _ type: T.Type, fixture: String, as kind: DecodingFailureKind, at path: String, decoder: JSONDecoder = JSONDecoder(),
    fixturesDirectory: URL? = nil, filePath: StaticString = #filePath
) -> WireLockFailure? {
    let url = FixtureFiles.url(fixture, directory: fixturesDirectory, filePath: "\(filePath)")
    guard let failure = decodingFailure(type, at: url, decoder: decoder) else {
        return WireLockFailure("\(url.lastPathComponent): \(T.self) decoded without error; expected \(kind.rawValue) at \(path)")
    }
    if case .failure(let message) = failure { return message }
    guard case .success(let seen) = failure else { return nil }
    if seen.kind != kind || seen.path.description != path {
        return WireLockFailure("\(url.lastPathComponent): expected \(kind.rawValue) at \(path), got \(seen)")
    }
    return nil
}

/// How decoding a fixture fails: nil if it decodes, the classified failure, or a read problem.
public func decodingFailure<T: Decodable>(_ type: T.Type, at url: URL, decoder: JSONDecoder) -> Result<DecodingFailure, WireLockFailure>? {
    guard let data = FileManager.default.contents(atPath: url.path) else {
        return .failure(WireLockFailure("cannot read fixture \(url.path)"))
    }
    do {
        _ = try JSONValue.parse(data)
    } catch {
        return .success(DecodingFailure(error))
    }
    do {
        _ = try decoder.decode(T.self, from: data)
        return nil
    } catch {
        return .success(DecodingFailure(error))
    }
}
