import Foundation
import WireOracle

/// What a thrown decoding error says, reduced to what the decoder oracle compares: the
/// `DecodingError` case, the coding path (each key's `stringValue` and `intValue`) and, for
/// `keyNotFound`, the missing key. The description is kept for reports and never compared.
///
/// ```swift
/// let summary = DecodingErrorSummary(error)
/// summary.errorCase          // .typeMismatch
/// summary.pathText           // ["records", 0, "id"]
/// ```
public struct DecodingErrorSummary: Hashable, Sendable, CustomStringConvertible {
    /// The `DecodingError` case, or `other` for an error that is not a `DecodingError`.
    public enum Case: String, Hashable, Sendable, CaseIterable {
        /// `DecodingError.typeMismatch`.
        case typeMismatch
        /// `DecodingError.valueNotFound`.
        case valueNotFound
        /// `DecodingError.keyNotFound`.
        case keyNotFound
        /// `DecodingError.dataCorrupted`.
        case dataCorrupted
        /// Any other error type (an error thrown by a model's own `init(from:)`, say).
        case other
    }

    /// One coding key. Two keys are the same key when their `stringValue` and `intValue` are;
    /// `typeName` (the key's Swift type) is kept to recognise dictionary keys, not compared.
    public struct Key: Hashable, Sendable, CustomStringConvertible {
        /// The key's `stringValue`.
        public var stringValue: String
        /// The key's `intValue`.
        public var intValue: Int?
        /// The key's dynamic type, e.g. `_DictionaryCodingKey` for a dictionary's member.
        public var typeName: String

        /// Creates a key.
        public init(stringValue: String, intValue: Int?, typeName: String = "") {
            self.stringValue = stringValue
            self.intValue = intValue
            self.typeName = typeName
        }

        /// Captures a coding key.
        public init(_ key: any CodingKey) {
            self.init(stringValue: key.stringValue, intValue: key.intValue, typeName: "\(type(of: key))")
        }

        /// Equal `stringValue` and `intValue`.
        public static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.stringValue == rhs.stringValue && lhs.intValue == rhs.intValue
        }

        /// Hashes what `==` compares.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(stringValue)
            hasher.combine(intValue)
        }

        /// `"name"`, `3` (an index whose string is `Index 3`), or `3 "three"` when both differ.
        public var description: String {
            guard let intValue else { return stringValue.debugDescription }
            return stringValue == "Index \(intValue)" || stringValue == "\(intValue)"
                ? String(intValue) : "\(intValue) \(stringValue.debugDescription)"
        }
    }

    /// The case.
    public var errorCase: Case
    /// The coding path of the error's context.
    public var codingPath: [Key]
    /// For `keyNotFound`, the key that was missing.
    public var missingKey: Key?
    /// The error's debug description (or `String(describing:)` for another error); not compared.
    public var message: String

    /// Creates a summary from its parts.
    public init(errorCase: Case, codingPath: [Key], missingKey: Key? = nil, message: String = "") {
        self.errorCase = errorCase
        self.codingPath = codingPath
        self.missingKey = missingKey
        self.message = message
    }

    /// Summarises any thrown error.
    public init(_ error: any Error) {
        guard let error = error as? DecodingError else {
            self.init(errorCase: .other, codingPath: [], message: String(describing: error))
            return
        }
        switch error {
        case .typeMismatch(_, let context):
            self.init(errorCase: .typeMismatch, context)
        case .valueNotFound(_, let context):
            self.init(errorCase: .valueNotFound, context)
        case .keyNotFound(let key, let context):
            self.init(errorCase: .keyNotFound, context)
            missingKey = Key(key)
        case .dataCorrupted(let context):
            self.init(errorCase: .dataCorrupted, context)
        @unknown default:
            self.init(errorCase: .other, codingPath: [], message: String(describing: error))
        }
    }

    private init(errorCase: Case, _ context: DecodingError.Context) {
        self.init(errorCase: errorCase, codingPath: context.codingPath.map(Key.init), message: context.debugDescription)
    }

    /// Whether two errors are the same for the oracle: case, coding path and missing key.
    public func sameError(as other: DecodingErrorSummary) -> Bool {
        errorCase == other.errorCase && codingPath == other.codingPath && missingKey == other.missingKey
    }

    /// The coding path as `["records", 0, "id"]`.
    public var pathText: String { "[" + codingPath.map(\.description).joined(separator: ", ") + "]" }

    /// `keyNotFound "id" at ["records", 0]: No value associated with key …`.
    public var description: String {
        var text = errorCase.rawValue
        if let missingKey { text += " \(missingKey)" }
        text += " at \(pathText)"
        if !message.isEmpty { text += ": " + message }
        return text
    }
}

/// What one decode gave: the value, as its canonical bytes, or the error.
public enum DecodeOutcome: Hashable, Sendable, CustomStringConvertible {
    /// Decoded; the bytes are the value's canonical rendering (see ``DecoderPair``).
    case value(canonical: [UInt8])
    /// Threw.
    case error(DecodingErrorSummary)

    /// Runs a decode and a canonical rendering of its value.
    public init<T>(decoding body: () throws -> T, canonical: (T) -> [UInt8]) {
        do { self = .value(canonical: canonical(try body())) } catch { self = .error(DecodingErrorSummary(error)) }
    }

    /// `value {"a":1}` or `error typeMismatch at ["a"]: …`.
    public var description: String {
        switch self {
        case .value(let bytes): return "value " + OracleText.quotedUTF8(bytes)
        case .error(let summary): return "error " + summary.description
        }
    }
}
