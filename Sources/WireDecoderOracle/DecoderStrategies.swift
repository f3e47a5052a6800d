import Foundation
import WireDecoder

/// The strategies a decode runs under, given once and applied to both sides of the decoder oracle,
/// so that `JSONDecoder` and `WireJSONDecoder` are always configured alike.
///
/// ```swift
/// var strategies = DecoderStrategies(name: "iso8601")
/// strategies.date = .iso8601
/// let legacy = strategies.legacyDecoder()        // a JSONDecoder
/// let candidate = strategies.candidateDecoder()  // a WireJSONDecoder in .jsonDecoder acceptance
/// ```
public struct DecoderStrategies: @unchecked Sendable, CustomStringConvertible {
    // @unchecked: the strategy enums' `.custom` and `.formatted` payloads are closures and a
    // DateFormatter; the ones the oracle builds are never mutated after configuration.

    /// A short name for reports (`default`, `iso8601`, `snake-case`).
    public var name: String
    /// How dates are decoded.
    public var date: JSONDecoder.DateDecodingStrategy = .deferredToDate
    /// How `Data` is decoded.
    public var data: JSONDecoder.DataDecodingStrategy = .base64
    /// How member names become keys.
    public var keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
    /// How non-conforming floats are read.
    public var nonConformingFloats: JSONDecoder.NonConformingFloatDecodingStrategy = .throw

    /// `JSONDecoder`'s defaults, under a name.
    public init(name: String = "default") { self.name = name }

    /// The strategies of an existing `JSONDecoder` (an app's configured decoder).
    public init(name: String, copying decoder: JSONDecoder) {
        self.name = name
        date = decoder.dateDecodingStrategy
        data = decoder.dataDecodingStrategy
        keys = decoder.keyDecodingStrategy
        nonConformingFloats = decoder.nonConformingFloatDecodingStrategy
    }

    /// A `JSONDecoder` with these strategies.
    public func legacyDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = date
        decoder.dataDecodingStrategy = data
        decoder.keyDecodingStrategy = keys
        decoder.nonConformingFloatDecodingStrategy = nonConformingFloats
        return decoder
    }

    /// A `WireJSONDecoder` with these strategies, accepting what `JSONDecoder` accepts.
    public func candidateDecoder() -> WireJSONDecoder {
        let decoder = WireJSONDecoder()
        decoder.dateDecodingStrategy = date
        decoder.dataDecodingStrategy = data
        decoder.keyDecodingStrategy = keys
        decoder.nonConformingFloatDecodingStrategy = nonConformingFloats
        decoder.acceptance = .jsonDecoder
        return decoder
    }

    /// Whether member names are used as keys unchanged.
    var usesDefaultKeys: Bool {
        if case .useDefaultKeys = keys { return true }
        return false
    }

    public var description: String { name }
}
