import WireDecoder
import WireJSON

/// One response-side change between two versions of an OpenAPI document, named by the rule id
/// oasdiff gives it (`response-property-became-nullable`), at a reader path inside the body.
///
/// ```swift
/// change.rule          // "response-required-property-removed"
/// change.description   // GET /repos/{owner}/{repo} 200: response-required-property-removed at $.owner.login: …
/// ```
package struct OpenAPIChange: Hashable, Sendable, CustomStringConvertible {
    /// What changed.
    package enum What: Hashable, Sendable {
        /// The operation is gone (`pathRemoved`: its whole path is).
        case operationRemoved(pathRemoved: Bool, deprecated: Bool)
        /// A schema compared on its own (a contract mapped to a pointer) is gone.
        case schemaRemoved
        /// A success status is gone.
        case statusRemoved
        /// A JSON media type of a response is gone.
        case mediaTypeRemoved
        /// A member is no longer declared (it was required, or not).
        case propertyRemoved(required: Bool)
        /// A required member is no longer required.
        case becameOptional
        /// `null` is allowed where it was not.
        case becameNullable
        /// The allowed types or formats changed (nil types: not constrained).
        case typeChanged(old: [JSONType]?, new: [JSONType]?, oldFormats: [String], newFormats: [String])
        /// The enum allows values it did not.
        case enumValuesAdded([JSONValue])
        /// The enum no longer allows values.
        case enumValuesRemoved([JSONValue])
        /// A member is declared that was not.
        case propertyAdded(required: Bool)
        /// An optional member became required.
        case becameRequired
        /// `null` is no longer allowed.
        case becameNotNullable
    }

    package var what: What
    /// `GET /repos/{owner}/{repo}`, or the pointer of a schema compared on its own.
    package var operation: String
    /// The response status (`200`), nil for a whole operation or a schema.
    package var status: String?
    /// The media type (`application/json`), when the change is inside one.
    package var mediaType: String?
    /// Where in the body (`$` for the body or the response itself).
    package var path: JSONPathPattern
    /// Where in the document (the new one; the old one for something removed).
    package var pointer: JSONPointer?

    /// The oasdiff rule id.
    package var rule: String {
        let body = path.steps.isEmpty
        switch what {
        case .operationRemoved(let pathRemoved, let deprecated):
            return (pathRemoved ? "api-path-removed-" : "api-removed-") + (deprecated ? "with" : "without")
                + "-deprecation"
        case .schemaRemoved: return "api-schema-removed"
        case .statusRemoved: return "response-success-status-removed"
        case .mediaTypeRemoved: return "response-media-type-removed"
        case .propertyRemoved(let required):
            return required ? "response-required-property-removed" : "response-optional-property-removed"
        case .becameOptional: return "response-property-became-optional"
        case .becameNullable: return body ? "response-body-became-nullable" : "response-property-became-nullable"
        case .typeChanged: return body ? "response-body-type-changed" : "response-property-type-changed"
        case .enumValuesAdded: return "response-property-enum-value-added"
        case .enumValuesRemoved: return "response-property-enum-value-removed"
        case .propertyAdded(let required):
            return required ? "response-required-property-added" : "response-optional-property-added"
        case .becameRequired: return "response-property-became-required"
        case .becameNotNullable:
            return body ? "response-body-became-not-nullable" : "response-property-became-not-nullable"
        }
    }

    /// Whether some reader could be broken by it (the judgement says whether one is).
    package var mayBreak: Bool {
        switch what {
        case .operationRemoved, .schemaRemoved, .statusRemoved, .mediaTypeRemoved, .propertyRemoved, .becameOptional,
            .becameNullable,
            .typeChanged, .enumValuesAdded:
            true
        case .enumValuesRemoved, .propertyAdded, .becameRequired, .becameNotNullable: false
        }
    }

    /// What changed, shortly: `integer → string`, `adds "merged"`.
    package var detail: String {
        func types(_ list: [JSONType]?, _ formats: [String]) -> String {
            let text = list.map { $0.isEmpty ? "null" : $0.map(\.rawValue).joined(separator: "|") } ?? "any"
            return formats.isEmpty ? text : "\(text) (\(formats.joined(separator: ", ")))"
        }
        switch what {
        case .operationRemoved(let pathRemoved, _):
            return pathRemoved ? "the path is removed" : "the operation is removed"
        case .schemaRemoved: return "the schema is removed"
        case .statusRemoved: return "the \(status ?? "") response is removed"
        case .mediaTypeRemoved: return "\(mediaType ?? "the media type") is removed"
        case .propertyRemoved(let required): return required ? "a required member is removed" : "a member is removed"
        case .becameOptional: return "no longer required"
        case .becameNullable: return "may be null now"
        case .typeChanged(let old, let new, let oldFormats, let newFormats):
            return "\(types(old, oldFormats)) → \(types(new, newFormats))"
        case .enumValuesAdded(let values): return "the enum adds \(OpenAPIContractCheck.texts(values))"
        case .enumValuesRemoved(let values): return "the enum drops \(OpenAPIContractCheck.texts(values))"
        case .propertyAdded(let required): return required ? "a required member is added" : "a member is added"
        case .becameRequired: return "now required"
        case .becameNotNullable: return "no longer null"
        }
    }

    /// `GET /repos/{owner}/{repo} 200 application/json`.
    package var place: String {
        [operation, status, mediaType].compactMap { $0 }.joined(separator: " ")
    }

    /// `PLACE: RULE at PATH: DETAIL`.
    package var description: String { "\(place): \(rule) at \(path): \(detail)" }
}
