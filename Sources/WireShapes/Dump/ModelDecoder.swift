import Foundation
import WireDecoder

/// The decoder a test decodes a model with, as one argument value: Foundation's `JSONDecoder` or
/// `WireJSONDecoder`, configured as the app configures it. The assertions that decode
/// (`assertDecodedGolden`, `assertFuzzCampaign`) take it as `decoder:`.
///
/// ```swift
/// assertDecodedGolden(LibraryEvent.self, fixture: "API/v3/library-event", decoder: .foundation(.sampleAPI))
/// assertFuzzCampaign(LibraryEvent.self, fixtures: ["API/v3/library-event"], decoder: .wire(WireJSONDecoder()))
/// ```
public struct ModelDecoder: @unchecked Sendable {
    // @unchecked: a decoder is configured before it is handed over and only decodes afterwards
    // (JSONDecoder is not marked Sendable in every SDK this package builds with).
    enum Kind {
        case foundation(JSONDecoder)
        case wire(WireJSONDecoder)
    }

    let kind: Kind

    /// Foundation's `JSONDecoder`, with the app's strategies. A check that needs the verification
    /// report decodes again with a `WireJSONDecoder` configured like it.
    /// - Parameter decoder: the app's decoder (default: `JSONDecoder()`).
    public static func foundation(_ decoder: JSONDecoder = JSONDecoder()) -> ModelDecoder {
        ModelDecoder(kind: .foundation(decoder))
    }

    /// `WireJSONDecoder`: one decode gives the value and, where a check needs it, the report.
    /// - Parameter decoder: the app's decoder (default: strict, default strategies).
    public static func wire(_ decoder: WireJSONDecoder = WireJSONDecoder()) -> ModelDecoder {
        ModelDecoder(kind: .wire(decoder))
    }

    /// Decodes `data` as `type` with the chosen decoder.
    package func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        switch kind {
        case .foundation(let decoder): try decoder.decode(type, from: data)
        case .wire(let decoder): try decoder.decode(type, from: data)
        }
    }

    /// The `JSONDecoder`, for a choice of Foundation's.
    package var jsonDecoder: JSONDecoder? {
        if case .foundation(let decoder) = kind { return decoder }
        return nil
    }

    /// The `WireJSONDecoder`: the chosen one, or one configured like the chosen `JSONDecoder`.
    package var wireDecoder: WireJSONDecoder {
        switch kind {
        case .foundation(let decoder): WireJSONDecoder(configuredLike: decoder)
        case .wire(let decoder): decoder
        }
    }

    /// `JSONDecoder` or `WireJSONDecoder`, for messages.
    package var name: String { jsonDecoder == nil ? "WireJSONDecoder" : "JSONDecoder" }
}
