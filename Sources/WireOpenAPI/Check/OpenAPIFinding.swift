import WireDecoder

/// One disagreement between what a model reads (its reader contract) and what an OpenAPI document
/// promises for the payload: with the reader path and the document's pointer.
///
/// `movie: Page<Movie> reads $.records[*].title as non-null, and the spec allows null
/// (#/components/schemas/Movie/properties/title)`.
package struct OpenAPIFinding: Hashable, Sendable, CustomStringConvertible {
    /// What kind of disagreement, by a stable rule id.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A member read as required that the spec does not require.
        case notRequired = "openapi.not-required"
        /// A member read as non-null where the spec allows `null`.
        case nullable = "openapi.nullable"
        /// A JSON type the spec allows that the reader does not take.
        case typeMismatch = "openapi.type-mismatch"
        /// A format the spec gives (or does not give) that the reader's Swift type cannot hold.
        case formatMismatch = "openapi.format-mismatch"
        /// A member read that the spec does not declare (undocumented, or a typo).
        case undeclaredMember = "openapi.undeclared-member"
        /// An enum value the spec allows that the reader rejects.
        case enumValueRejected = "openapi.enum-value-rejected"
    }

    package var kind: Kind
    /// The contract's name (`movie`, `github/search`: its file under the golden folder).
    package var contract: String
    /// The model, as the contract names it (`Page<Movie>`).
    package var model: String
    /// Where the model reads (`$.records[*].title`).
    package var readerPath: JSONPathPattern
    /// Where the document says it (`#/components/schemas/Movie/properties/title`).
    package var pointer: JSONPointer
    /// The payload's place in the document (`GET /api/v3/movie 200`).
    package var target: OpenAPITarget
    /// Whether a payload the spec allows fails to decode; false for one the reader copes with (a
    /// member read with `decodeIfPresent` that the spec does not declare).
    package var fails: Bool
    /// What the model does and what the spec says, as a clause: `reads $.x as non-null, and …`.
    package var detail: String

    /// `movie: Page<Movie> reads … (#/…)`.
    package var description: String { "\(contract): \(model) \(detail) (\(pointer); \(target))" }
}
