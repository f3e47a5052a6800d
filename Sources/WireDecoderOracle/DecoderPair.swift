import Foundation
import WireDecoder

/// One type decoded by both sides under one set of strategies: `JSONDecoder` (legacy) and
/// `WireJSONDecoder` with `.jsonDecoder` acceptance (candidate).
///
/// Values are compared by their canonical bytes: by default the value re-encoded by
/// ``DecoderPair/canonicalEncoder()`` (sorted keys, every `Double` and `Float` by its shortest
/// round-trip text so `-0` and `0` differ, non-finite numbers as fixed strings, a `Date` by the bit
/// pattern of its interval, `Data` in base64), or by a rendering the pair is given.
///
/// ```swift
/// let pair = DecoderPair.codable([String: Int].self, name: "string-int-dictionary")
/// let result = pair.check(Array(#"{"a":1}"#.utf8))
/// result.verdict          // .sameValue
/// ```
public struct DecoderPair: Sendable {
    /// The pair's name in reports: what is decoded, and under which strategies.
    public var name: String
    /// The strategies both sides use.
    public var strategies: DecoderStrategies
    /// Key types whose members are visited in hash order (see ``DecoderComparison``).
    public var mapKeyTypes: Set<String>
    let legacy: @Sendable ([UInt8]) -> DecodeOutcome
    let candidate: @Sendable ([UInt8]) -> DecodeOutcome

    /// A pair from two decode functions: for tests (a deliberately wrong candidate) and for types
    /// that need their own set-up.
    public init(
        name: String, strategies: DecoderStrategies = DecoderStrategies(),
        mapKeyTypes: Set<String> = DecoderComparison.dictionaryKeyTypes,
        legacy: @escaping @Sendable ([UInt8]) -> DecodeOutcome,
        candidate: @escaping @Sendable ([UInt8]) -> DecodeOutcome
    ) {
        self.name = name
        self.strategies = strategies
        self.mapKeyTypes = mapKeyTypes
        self.legacy = legacy
        self.candidate = candidate
    }

    /// The pair for a `Decodable` type, both decoders built once from `strategies` and shared.
    ///
    /// - Parameters:
    ///   - type: the type both decoders decode.
    ///   - name: the pair's name in reports (`[Int: String]`).
    ///   - strategies: the strategies both decoders get.
    ///   - mapKeyTypes: key types whose members a decoder visits in hash order (the dictionary rule).
    ///   - canonical: how a value becomes the bytes that decide equality.
    public static func decodable<T: Decodable & SendableMetatype>(
        _ type: T.Type, name: String, strategies: DecoderStrategies = DecoderStrategies(),
        mapKeyTypes: Set<String> = DecoderComparison.dictionaryKeyTypes,
        canonical: @escaping @Sendable (T) -> [UInt8]
    ) -> DecoderPair {
        let legacyDecoder = strategies.legacyDecoder()
        let candidateDecoder = strategies.candidateDecoder()
        return DecoderPair(
            name: name, strategies: strategies, mapKeyTypes: mapKeyTypes,
            legacy: { bytes in
                DecodeOutcome(decoding: { try legacyDecoder.decode(T.self, from: Data(bytes)) }, canonical: canonical)
            },
            candidate: { bytes in
                DecodeOutcome(
                    decoding: { try candidateDecoder.decode(T.self, from: Data(bytes)) }, canonical: canonical)
            })
    }

    /// The pair for a `Codable` type, values compared by their canonical re-encoding.
    public static func codable<T: Codable & SendableMetatype>(
        _ type: T.Type, name: String, strategies: DecoderStrategies = DecoderStrategies(),
        mapKeyTypes: Set<String> = DecoderComparison.dictionaryKeyTypes
    ) -> DecoderPair {
        let encoder = canonicalEncoder()
        return decodable(T.self, name: name, strategies: strategies, mapKeyTypes: mapKeyTypes) { value in
            do { return Array(try encoder.encode(value)) } catch {
                return Array("<not encodable: \(error)>".utf8)
            }
        }
    }

    /// The encoder of canonical renderings: sorted keys, `+Infinity`/`-Infinity`/`NaN` for
    /// non-finite numbers, a `Date` as the hex of its interval's bit pattern, `Data` in base64.
    public static func canonicalEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode("date:" + String(date.timeIntervalSinceReferenceDate.bitPattern, radix: 16))
        }
        encoder.dataEncodingStrategy = .base64
        return encoder
    }

    /// Decodes `bytes` on both sides and compares.
    public func check(_ bytes: [UInt8]) -> DecoderCheck {
        let a = legacy(bytes)
        let b = candidate(bytes)
        var verdict = DecoderComparison.compare(legacy: a, candidate: b, mapKeyTypes: mapKeyTypes) { request in
            DecoderReduction.reduce(bytes, request, strategies: strategies).map(legacy)
        }
        verdict = DecoderComparison.confirmByKeepingLast(verdict, legacy: a, candidate: b) {
            DecoderReduction.keepingLastOfEachKey(bytes).map(legacy)
        }
        if verdict.isMismatch, case .error = a {
            // A dictionary's hash order depends on where its storage lands; buffers of changing
            // sizes kept alive between the runs move it, so the runs see different orders.
            var ballast: [[UInt8]] = []
            verdict = DecoderComparison.confirmByResampling(verdict, candidate: b) {
                ballast.append([UInt8](repeating: 0, count: 24 + (ballast.count * 40) % 520))
                return legacy(bytes)
            }
        }
        return DecoderCheck(legacy: a, candidate: b, verdict: verdict)
    }
}

/// Both outcomes of one decode and the verdict.
public struct DecoderCheck: Hashable, Sendable {
    /// `JSONDecoder`'s outcome.
    public var legacy: DecodeOutcome
    /// `WireJSONDecoder`'s outcome.
    public var candidate: DecodeOutcome
    /// How they compare.
    public var verdict: DecoderVerdict
}
