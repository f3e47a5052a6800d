import Foundation
import WireJSONCore

/// The category of a decoding failure, as WireLock classifies it.
public enum DecodingFailureKind: String, Sendable, CaseIterable {
    /// The bytes are not valid JSON (truncated, malformed, a byte order mark): **the strict validator
    /// rejects them**, located with its line and column. The app's decoder is not asked and may well
    /// accept them (Foundation reads a BOM); to require that the app refuses a payload, expect
    /// ``decoderRejects``.
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
    /// An expectation only: **the app's decoder itself throws** on the bytes, asked directly without
    /// the strict validator, for any reason, at the path given (`$` for what Foundation calls "not
    /// valid JSON", which has no path). A classified ``DecodingFailure`` never has this kind.
    case decoderRejects
}

/// Who judged a payload: WireLock's strict validator, or the app's own decoder.
public enum DecodingJudge: String, Sendable, Hashable {
    /// The strict RFC 8259 validator, which reads the bytes before the app's decoder does.
    case strictValidator = "the strict validator"
    /// The app's `JSONDecoder` (with its strategies).
    case decoder = "the app's decoder (JSONDecoder)"
}

/// A decoding failure with its category and JSON path, from either the validator or `DecodingError`.
public struct DecodingFailure: Sendable, CustomStringConvertible {
    /// The category: from the validator (`syntax`) or from the `DecodingError` case.
    public var kind: DecodingFailureKind
    /// Where it failed, in wire keys: the validator's path for syntax errors, the coding path (plus
    /// the missing key for `missingKey`) mapped onto the document's member names otherwise, `$` for
    /// an error that is not a `DecodingError`.
    public var path: JSONPath
    /// The validator's reason or a sentence built from the `DecodingError` context.
    public var detail: String
    /// For syntax errors: the line and column.
    public var location: JSONSourceLocation?
    /// Who rejected the payload.
    public var judge: DecodingJudge

    /// Classifies an error thrown while decoding. Coding paths are taken as they are (Swift names);
    /// use ``init(_:decoder:document:)`` when the decoder renames keys.
    public init(_ error: any Error) {
        self.init(error, wirePath: { codingPath in Self.path(codingPath) }, missingKey: { $0 })
    }

    /// Classifies an error the app's `decoder` threw while decoding `document`, with the path in
    /// wire keys: under `convertFromSnakeCase` a missing `avatarUrl` is reported at `avatar_url`.
    ///
    /// ```swift
    /// let failure = DecodingFailure(error, decoder: decoder, document: try JSONValue.parse(data))
    /// print(failure.path)   // $.user.avatar_url
    /// ```
    public init(_ error: any Error, decoder: JSONDecoder, document: JSONValue?) {
        guard WireKeys.renamesKeys(decoder) else {
            self.init(error)
            return
        }
        self.init(
            error, wirePath: { WireKeys.wirePath($0, in: document, decoder: decoder) },
            missingKey: { WireKeys.missingKey($0, decoder) })
    }

    private init(_ error: any Error, wirePath: ([any CodingKey]) -> JSONPath, missingKey: (String) -> String) {
        location = nil
        judge = .decoder
        switch error {
        case let syntax as JSONSyntaxError:
            kind = .syntax
            path = syntax.path
            detail = syntax.reason
            location = syntax.location
            judge = .strictValidator
        case DecodingError.typeMismatch(let type, let context):
            kind = .typeMismatch
            path = wirePath(context.codingPath)
            detail = "expected \(type): \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, let context):
            kind = .missingKey
            path = wirePath(context.codingPath + [key])
            let wire = missingKey(key.stringValue)
            detail =
                wire == key.stringValue
                ? "no value for key \"\(wire)\"" : "no value for key \"\(wire)\" (Swift name \(key.stringValue))"
        case DecodingError.valueNotFound(let type, let context):
            kind = .missingValue
            path = wirePath(context.codingPath)
            detail = "expected \(type), found null"
        case DecodingError.dataCorrupted(let context):
            kind = .invalidValue
            path = wirePath(context.codingPath)
            detail = context.debugDescription
        default:
            kind = .invalidValue
            path = .root
            detail = "\(error)"
        }
    }

    public var description: String {
        let at = location.map { " (line \($0.line), column \($0.column))" } ?? ""
        return "\(kind.rawValue) at \(path)\(at): \(detail)"
    }

    /// A `codingPath` as a JSON path: integer keys are array indices.
    public static func path(_ codingPath: [any CodingKey]) -> JSONPath {
        JSONPath(
            codingPath.map { key in
                if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" {
                    return .index(index)
                }
                return .key(key.stringValue)
            })
    }
}
