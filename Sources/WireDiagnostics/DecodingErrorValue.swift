import Foundation

/// A `DecodingError` as a plain value: which case it is, its coding path, the type or key it
/// names, and its debug description. Built from a real error (``init(_:)``) or from its parts
/// (``init(kind:codingPath:type:missingKey:debugDescription:)``: `wirelock explain --error` reads
/// them back from the text a log shows), so the same explanation serves both.
///
/// ```swift
/// do {
///     _ = try JSONDecoder().decode(Movie.self, from: data)
/// } catch let error as DecodingError {
///     let failure = DecodingErrorValue(error)
///     // failure.kind == .typeMismatch, failure.codingPath.map(\.stringValue) == ["records", "Index 0", "id"]
/// }
/// ```
public struct DecodingErrorValue: Hashable, Sendable {
    /// Which `DecodingError` case.
    public enum Kind: String, Hashable, Sendable {
        /// `typeMismatch`: a value of another JSON kind than the type needs.
        case typeMismatch
        /// `valueNotFound`: `null` (or nothing) where a non-optional value is needed.
        case valueNotFound
        /// `keyNotFound`: an object without a member the type needs.
        case keyNotFound
        /// `dataCorrupted`: the data is not valid JSON (at the root) or a value is not acceptable.
        case dataCorrupted
    }

    /// One step of a coding path, as a `CodingKey` spells it.
    public struct Key: Hashable, Sendable, CustomStringConvertible {
        /// The key's `stringValue` (`"Index 3"` for the fourth element of an array).
        public var stringValue: String
        /// The key's `intValue`: an array index, or the key of an `Int`-keyed dictionary.
        public var intValue: Int?

        /// A key with the given values.
        public init(stringValue: String, intValue: Int? = nil) {
            self.stringValue = stringValue
            self.intValue = intValue
        }

        /// The key of array element `index`, as `JSONDecoder` writes it (`"Index 3"`, 3).
        public static func index(_ index: Int) -> Key { Key(stringValue: "Index \(index)", intValue: index) }

        /// Whether this is an array element's key (`"Index N"` with `intValue` N).
        public var isArrayIndex: Bool { intValue.map { stringValue == "Index \($0)" } ?? false }

        /// The `stringValue`.
        public var description: String { stringValue }
    }

    /// The case.
    public var kind: Kind
    /// The coding path of the context, outermost first (for `keyNotFound`, the path of the
    /// container that lacks the key).
    public var codingPath: [Key]
    /// The type the error names (`Int`, `String`, `Dictionary<String, Any>`) for `typeMismatch`
    /// and `valueNotFound`; `nil` otherwise.
    public var type: String?
    /// The missing key of a `keyNotFound`; `nil` otherwise.
    public var missingKey: Key?
    /// The context's debug description.
    public var debugDescription: String

    /// A failure from its parts.
    public init(kind: Kind, codingPath: [Key], type: String? = nil, missingKey: Key? = nil, debugDescription: String) {
        self.kind = kind
        self.codingPath = codingPath
        self.type = type
        self.missingKey = missingKey
        self.debugDescription = debugDescription
    }

    /// The value form of a real `DecodingError`. An unknown future case becomes `dataCorrupted`
    /// with an empty path.
    public init(_ error: DecodingError) {
        func keys(_ path: [any CodingKey]) -> [Key] {
            path.map { Key(stringValue: $0.stringValue, intValue: $0.intValue) }
        }
        switch error {
        case .typeMismatch(let type, let context):
            self.init(
                kind: .typeMismatch, codingPath: keys(context.codingPath), type: String(describing: type),
                debugDescription: context.debugDescription)
        case .valueNotFound(let type, let context):
            self.init(
                kind: .valueNotFound, codingPath: keys(context.codingPath), type: String(describing: type),
                debugDescription: context.debugDescription)
        case .keyNotFound(let key, let context):
            self.init(
                kind: .keyNotFound, codingPath: keys(context.codingPath),
                missingKey: Key(stringValue: key.stringValue, intValue: key.intValue),
                debugDescription: context.debugDescription)
        case .dataCorrupted(let context):
            self.init(
                kind: .dataCorrupted, codingPath: keys(context.codingPath), debugDescription: context.debugDescription)
        @unknown default:
            self.init(kind: .dataCorrupted, codingPath: [], debugDescription: String(describing: error))
        }
    }
}
