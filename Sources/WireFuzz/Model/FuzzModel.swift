import Foundation
import WireDecoder
import WireDiagnostics
import WireJSONCore
import WireReaders
import WireShapes
import WireSupport

/// A model under fuzzing: how to decode bytes as it, and how a campaign tells what the model made of
/// a mutant it accepted: a `Codable` model's value written back by its encoder, or a dump of a
/// `Decodable` model's value (`DecodedDump`) compared with the seed's.
///
/// Decoding follows WireLock's pipeline (the one `roundtrip` and `assertDecodingFails` use): the
/// strict validator first — a syntax error is a `syntax` failure located by it — then the model's
/// `JSONDecoder`.
///
/// ```swift
/// let model = FuzzModel.codable(Page<Movie>.self, name: "movie", decoder: { .api }, encoder: { .api })
/// ```
public struct FuzzModel: Sendable {
    /// The model's name on the command line and in the regression folder (`movie`).
    public var name: String
    /// The Swift type (`Page<Movie>`).
    public var typeName: String
    /// The validator's depth limit (and the generator's, for ``Mutator/depth``).
    public var maxDepth: Int
    let decodeBytes: @Sendable ([UInt8]) -> Decoded
    /// The model decoded by `WireJSONDecoder` (strict, the model's strategies) with its report;
    /// nil for a model built without one.
    /// (With `full` false: byte offsets for locations and no reads, what a verdict reads.)
    let reportBytes: (@Sendable ([UInt8], _ full: Bool) throws -> WireDecodingReport)?
    /// The `WireJSONDecoder` configured like the model's decoder; nil without ``reportBytes``.
    let makeWireDecoder: (@Sendable () -> WireJSONDecoder)?
    /// For a model the app decodes with `WireJSONDecoder`: the verdict and the report of one
    /// decode (nil for a model decoded by `JSONDecoder`, whose report is a second decode).
    let decodeReportingBytes: (@Sendable ([UInt8]) -> (Decoded, WireDecodingReport?))?

    init(
        name: String, typeName: String, maxDepth: Int,
        reportBytes: (@Sendable ([UInt8], _ full: Bool) throws -> WireDecodingReport)? = nil,
        makeWireDecoder: (@Sendable () -> WireJSONDecoder)? = nil,
        decodeReportingBytes: (@Sendable ([UInt8]) -> (Decoded, WireDecodingReport?))? = nil,
        decodeBytes: @escaping @Sendable ([UInt8]) -> Decoded
    ) {
        self.name = name
        self.typeName = typeName
        self.maxDepth = maxDepth
        self.reportBytes = reportBytes
        self.makeWireDecoder = makeWireDecoder
        self.decodeReportingBytes = decodeReportingBytes
        self.decodeBytes = decodeBytes
    }

    /// Which decoder the app decodes the model with.
    public enum DecoderKind: String, Sendable {
        /// Foundation's `JSONDecoder`, after WireLock's strict validator.
        case jsonDecoder = "JSONDecoder"
        /// `WireJSONDecoder` in strict mode: the validation and the report come from the same decode.
        case wireJSONDecoder = "WireJSONDecoder"
    }

    /// The decoder this model is decoded with.
    public var decoderKind: DecoderKind { decodeReportingBytes == nil ? .jsonDecoder : .wireJSONDecoder }

    /// The verdict on some bytes and, when it comes from the same decode, the report; a model
    /// decoded by `JSONDecoder` returns a nil report (ask ``decodeWithReport(_:)``, a second
    /// decode, when it is needed).
    func decodeReporting(_ bytes: [UInt8]) -> (Decoded, WireDecodingReport?) {
        if let decodeReportingBytes { return decodeReportingBytes(bytes) }
        return (decodeBytes(bytes), nil)
    }

    /// What the model made of some bytes.
    public enum Decoded: Sendable {
        /// Accepted: the value written back as JSON (nil for a model that is only `Decodable`), or
        /// why writing it back failed; for a `Decodable` model, the dump of the decoded value.
        case accepted(view: JSONValue?, encodingError: String?, dump: JSONValue? = nil)
        /// Rejected, classified.
        case rejected(DecodingFailure)
    }

    /// Decodes bytes through the strict validator and the model.
    public func decode(_ bytes: [UInt8]) -> Decoded { decodeBytes(bytes) }

    /// Decodes bytes as the model with `WireJSONDecoder` (strict acceptance, the strategies of the
    /// model's `JSONDecoder`) and returns the verification report: the members the model did not
    /// read, repeated names, precision losses, errors its `init(from:)` swallowed.
    ///
    /// ```swift
    /// let report = try FuzzModel.decodable(RateLimitNotice.self, name: "rate-limit").decodeWithReport(bytes)
    /// ```
    /// - Returns: the report, or nil for a model that has no `WireJSONDecoder` path.
    /// - Throws: the `DecodingError` `WireJSONDecoder` throws (a syntax error carries its location).
    public func decodeWithReport(_ bytes: [UInt8]) throws -> WireDecodingReport? {
        try reportBytes?(bytes, true)
    }

    /// The report a verdict reads: its entries' paths, without lines and columns.
    func verdictReport(_ bytes: [UInt8]) -> WireDecodingReport? {
        (try? reportBytes?(bytes, false)) ?? nil
    }

    /// A `WireJSONDecoder` configured like the model's decoder (for locating its errors); nil for
    /// a model that has none.
    public func wireDecoder() -> WireJSONDecoder? { makeWireDecoder?() }

    /// A `Codable` model: accepted mutants are written back with `encoder` and compared with the wire.
    public static func codable<T: Codable & SendableMetatype>(
        _ type: T.Type, name: String, decoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() },
        encoder: @escaping @Sendable () -> JSONEncoder = { JSONEncoder() },
        maxDepth: Int = JSONParseOptions.strict.maxDepth
    ) -> FuzzModel {
        judged(T.self, name: name, decoder: decoder, maxDepth: maxDepth) { writtenBack($0, by: encoder()) }
    }

    /// A model that is only `Decodable`: with no encoder to write an accepted mutant back, the
    /// campaign compares a dump of what the model decoded (`DecodedDump`) with the dump of the
    /// seed's value. What the mutation changed on the wire must change the same way in the dump (a
    /// dropped optional becomes `null`, a new string the same string), and nothing else may
    /// change; otherwise the mutant is `silently-accepted` (a required field defaulted, a wrong
    /// type coerced), as the write-back of a `Codable` model would show. An error the verification
    /// report shows the model swallowed at the mutated value is `silently-accepted` too.
    public static func decodable<T: Decodable & SendableMetatype>(
        _ type: T.Type, name: String, decoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() },
        maxDepth: Int = JSONParseOptions.strict.maxDepth
    ) -> FuzzModel {
        judged(T.self, name: name, decoder: decoder, maxDepth: maxDepth) { dumped($0) }
    }

    /// A `Codable` model an app decodes with `WireJSONDecoder`: each mutant is decoded once, in
    /// strict mode, and that one decode gives the verdict (a syntax error is the strict validator's,
    /// at the same line and column) and the verification report. A campaign over such a model
    /// decodes each mutant once where a `JSONDecoder` model needs the validator, `JSONDecoder` and
    /// a second decode for the report, so it is the cheaper of the two, in a debug build too.
    ///
    /// ```swift
    /// let model = FuzzModel.codable(Issue.self, name: "issue", wireDecoder: { WireJSONDecoder(configuredLike: .github) })
    /// ```
    /// - Parameters:
    ///   - type: the model.
    ///   - name: the model's name on the command line and in the regression folder.
    ///   - wireDecoder: makes the app's decoder (called once); the campaign decodes in strict
    ///     acceptance, with a strict copy when the app's decoder is not strict.
    ///   - encoder: writes an accepted value back, to compare it with the wire.
    public static func codable<T: Codable & SendableMetatype>(
        _ type: T.Type, name: String, wireDecoder: @escaping @Sendable () -> WireJSONDecoder,
        encoder: @escaping @Sendable () -> JSONEncoder = { JSONEncoder() }
    ) -> FuzzModel {
        wireJudged(T.self, name: name, wireDecoder: wireDecoder) { writtenBack($0, by: encoder()) }
    }

    /// A model that is only `Decodable`, decoded with `WireJSONDecoder` (see
    /// ``codable(_:name:wireDecoder:encoder:)``).
    public static func decodable<T: Decodable & SendableMetatype>(
        _ type: T.Type, name: String, wireDecoder: @escaping @Sendable () -> WireJSONDecoder
    ) -> FuzzModel {
        wireJudged(T.self, name: name, wireDecoder: wireDecoder) { dumped($0) }
    }

    /// A `Decodable` model decoded with `decoder` (the app's `JSONDecoder` or `WireJSONDecoder`),
    /// judged by dumps (see ``decodable(_:name:decoder:maxDepth:)``).
    package static func decodable<T: Decodable & SendableMetatype>(_ type: T.Type, name: String, decoder: ModelDecoder)
        -> FuzzModel
    {
        if decoder.jsonDecoder != nil {
            return decodable(T.self, name: name, decoder: { decoder.jsonDecoder! })
        }
        return decodable(T.self, name: name, wireDecoder: { decoder.wireDecoder })
    }

    /// A `Codable` model decoded with `decoder` and written back with `encoder` (see
    /// ``codable(_:name:decoder:encoder:maxDepth:)``).
    package static func codable<T: Codable & SendableMetatype>(
        _ type: T.Type, name: String, decoder: ModelDecoder, encoder: @escaping @Sendable () -> JSONEncoder
    ) -> FuzzModel {
        if decoder.jsonDecoder != nil {
            return codable(T.self, name: name, decoder: { decoder.jsonDecoder! }, encoder: encoder)
        }
        return codable(T.self, name: name, wireDecoder: { decoder.wireDecoder }, encoder: encoder)
    }

    /// An accepted value of a model that is only `Decodable`: its dump.
    private static func dumped<T>(_ value: T) -> Decoded {
        .accepted(view: nil, encodingError: nil, dump: DecodedDump.value(of: value))
    }

    /// An accepted value written back as JSON, or why it could not be.
    private static func writtenBack<T: Encodable>(_ value: T, by encoder: JSONEncoder) -> Decoded {
        do {
            return .accepted(view: try JSONValue.parse(Array(try encoder.encode(value))), encodingError: nil)
        } catch {
            return .accepted(view: nil, encodingError: "\(error)")
        }
    }

    private static func wireJudged<T: Decodable & SendableMetatype>(
        _ type: T.Type, name: String, wireDecoder: @escaping @Sendable () -> WireJSONDecoder,
        accepted: @escaping @Sendable (T) -> Decoded
    ) -> FuzzModel {
        let decoder = strictCopy(of: wireDecoder())
        let strict: @Sendable () -> WireJSONDecoder = { decoder }
        let both: @Sendable ([UInt8]) -> (Decoded, WireDecodingReport?) = { bytes in
            do {
                let (value, report) = try decoder.decodeWithReport(T.self, from: Data(bytes), detail: .verdict)
                // The report lists a repeated name the strict validator rejects: reject it as
                // the validator does, with its location.
                if !report.duplicateKeys.isEmpty,
                    let error = ExactValidation.firstError(in: bytes)
                {
                    return (.rejected(DecodingFailure(error)), nil)
                }
                return (accepted(value), report)
            } catch {
                return (.rejected(wireFailure(error, decoder, bytes)), nil)
            }
        }
        return FuzzModel(
            name: name, typeName: "\(T.self)", maxDepth: JSONParseOptions.strict.maxDepth,
            reportBytes: { bytes, full in
                try strict().decodeWithReport(T.self, from: Data(bytes), detail: full ? .full : .verdict).report
            },
            makeWireDecoder: strict, decodeReportingBytes: both, decodeBytes: { both($0).0 })
    }

    /// The app's decoder in strict acceptance: itself when it is strict, else a new decoder with its
    /// strategies and user info (the app's decoder is never changed).
    private static func strictCopy(of decoder: WireJSONDecoder) -> WireJSONDecoder {
        if decoder.acceptance == .strict { return decoder }
        let copy = WireJSONDecoder()
        copy.dateDecodingStrategy = decoder.dateDecodingStrategy
        copy.dataDecodingStrategy = decoder.dataDecodingStrategy
        copy.keyDecodingStrategy = decoder.keyDecodingStrategy
        copy.nonConformingFloatDecodingStrategy = decoder.nonConformingFloatDecodingStrategy
        copy.userInfo = decoder.userInfo
        return copy
    }

    /// A `WireJSONDecoder` error classified as the validator and `JSONDecoder` path classifies
    /// it: a syntax error (`.dataCorrupted` carrying the validator's `JSONSyntaxError`) is the
    /// validator's, with its location; the rest at wire keys.
    private static func wireFailure(_ error: any Error, _ decoder: WireJSONDecoder, _ bytes: [UInt8]) -> DecodingFailure
    {
        if case DecodingError.dataCorrupted(let context) = error,
            let syntax = context.underlyingError as? JSONSyntaxError
        {
            return DecodingFailure(syntax)
        }
        if case .useDefaultKeys = decoder.keyDecodingStrategy { return DecodingFailure(error) }
        let keys = JSONDecoder()
        keys.keyDecodingStrategy = decoder.keyDecodingStrategy
        return DecodingFailure(error, decoder: keys, document: try? JSONValue.parse(bytes))
    }

    /// The one judge both kinds of model share: the strict validator first, then the app's decoder
    /// (its error mapped to wire keys), then `accepted` for what a decoded value says.
    private static func judged<T: Decodable & SendableMetatype>(
        _ type: T.Type, name: String, decoder: @escaping @Sendable () -> JSONDecoder, maxDepth: Int,
        accepted: @escaping @Sendable (T) -> Decoded
    ) -> FuzzModel {
        let options = strictOptions(maxDepth)
        let wire: @Sendable () -> WireJSONDecoder = { WireJSONDecoder(configuredLike: decoder()) }
        return FuzzModel(
            name: name, typeName: "\(T.self)", maxDepth: maxDepth,
            reportBytes: { bytes, full in
                try wire().decodeWithReport(T.self, from: Data(bytes), detail: full ? .full : .verdict).report
            },
            makeWireDecoder: wire
        ) { bytes in
            if let error = ExactValidation.firstError(in: bytes, options: options) {
                return .rejected(DecodingFailure(error))
            }
            let value: T
            let reader = decoder()
            do { value = try reader.decode(T.self, from: Data(bytes)) } catch {
                return .rejected(wireFailure(error, reader, bytes))
            }
            return accepted(value)
        }
    }

    /// The decoder's error at wire keys: under `convertFromSnakeCase` the mutated `avatar_url`, not
    /// the Swift name `avatarUrl`, so it can be compared with the mutation's path. The document is
    /// parsed only for a decoder that renames keys.
    private static func wireFailure(_ error: any Error, _ decoder: JSONDecoder, _ bytes: [UInt8]) -> DecodingFailure {
        if case .useDefaultKeys = decoder.keyDecodingStrategy { return DecodingFailure(error) }
        return DecodingFailure(error, decoder: decoder, document: try? JSONValue.parse(bytes))
    }

    /// RFC 8259 as the validator checks it, nested at most `maxDepth` deep: the exact pass alone
    /// (what `JSONValidator` reports, without its fast pass), so a fuzzed model compiles no more of
    /// WireJSON than its decoder does.
    private static func strictOptions(_ maxDepth: Int) -> JSONParseOptions {
        var options = JSONParseOptions.strict
        options.maxDepth = maxDepth
        return options
    }
}
