// WireJSONDecoder: JSONDecoder's surface, on WireJSON's strict reader.
import Foundation
import WireJSON

/// Decodes `Decodable` values from JSON, as `JSONDecoder` does, and can say what a model dropped.
///
/// It has `JSONDecoder`'s surface (the same strategy types, `userInfo`, `decode(_:from:)`), so
/// switching is one line. Two things differ by design:
///
/// - **Strict by default.** Input that is not RFC 8259 JSON (a trailing comma, invalid UTF-8, a
///   repeated member name) is a `DecodingError.dataCorrupted` whose underlying error is the
///   validator's `JSONSyntaxError`, with byte offset, line, column, JSON path and excerpt. Set
///   ``acceptance`` to ``Acceptance/jsonDecoder`` to accept exactly what `JSONDecoder` accepts.
/// - **A verification report** on request: ``decodeWithReport(_:from:)``.
///
/// ```swift
/// let decoder = WireJSONDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// decoder.dateDecodingStrategy = .iso8601
/// let page = try decoder.decode(Page<Movie>.self, from: data)
/// ```
///
/// A decoder may be shared between threads once configured; changing a strategy while another
/// thread decodes is safe but the other decode may see either setting.
public final class WireJSONDecoder: @unchecked Sendable {
    /// Which inputs are JSON.
    public enum Acceptance: Hashable, Sendable {
        /// RFC 8259 and no repeated member names: the rules of `wirelock validate`.
        case strict
        /// Exactly what Foundation's `JSONDecoder` on this platform accepts, including which copy
        /// of a repeated member it keeps, so an oracle can compare like with like.
        case jsonDecoder
    }

    /// The strategy types are `JSONDecoder`'s own, so existing configuration code compiles as is.
    public typealias DateDecodingStrategy = JSONDecoder.DateDecodingStrategy
    /// `JSONDecoder`'s data strategy type.
    public typealias DataDecodingStrategy = JSONDecoder.DataDecodingStrategy
    /// `JSONDecoder`'s key strategy type.
    public typealias KeyDecodingStrategy = JSONDecoder.KeyDecodingStrategy
    /// `JSONDecoder`'s non-conforming float strategy type.
    public typealias NonConformingFloatDecodingStrategy = JSONDecoder.NonConformingFloatDecodingStrategy

    /// How dates are decoded; `JSONDecoder`'s default, `.deferredToDate`.
    public var dateDecodingStrategy: DateDecodingStrategy = .deferredToDate
    /// How `Data` is decoded; `JSONDecoder`'s default, `.base64`.
    public var dataDecodingStrategy: DataDecodingStrategy = .base64
    /// How member names map to coding keys; `JSONDecoder`'s default, `.useDefaultKeys`.
    public var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
    /// How `"Infinity"`-like strings decode into floating-point values; default `.throw`.
    public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy = .throw
    /// Values handed to every `init(from:)` through `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// Which inputs are JSON; ``Acceptance/strict`` by default.
    public var acceptance: Acceptance = .strict

    /// Creates a decoder with `JSONDecoder`'s default strategies and strict acceptance.
    public init() {}

    /// Decodes a value of `type` from `data`.
    ///
    /// - Throws: `DecodingError`, with the same case and coding path as `JSONDecoder` would throw.
    ///   In strict mode a syntax error is `.dataCorrupted` with a `JSONSyntaxError` as underlying
    ///   error.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        // Skeleton: the real decoder replaces this delegation.
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = dateDecodingStrategy
        decoder.dataDecodingStrategy = dataDecodingStrategy
        decoder.keyDecodingStrategy = keyDecodingStrategy
        decoder.nonConformingFloatDecodingStrategy = nonConformingFloatDecodingStrategy
        decoder.userInfo = userInfo
        return try decoder.decode(type, from: data)
    }

    /// Decodes a value and reports what the model did not take from the payload: members it never
    /// read, repeated member names, numbers that lost precision, and errors an `init(from:)`
    /// swallowed with `try?`.
    ///
    /// Repeated member names are reported rather than thrown, even in strict mode (the copy kept is
    /// the one `JSONDecoder` keeps); every other syntax rule of ``acceptance`` still applies.
    ///
    /// ```swift
    /// let (page, report) = try WireJSONDecoder().decodeWithReport(Page<Movie>.self, from: data)
    /// for member in report.droppedMembers { print(member) }   // $.records[0].tmdbId dropped by Movie
    /// ```
    ///
    /// - Throws: what ``decode(_:from:)`` throws.
    public func decodeWithReport<T: Decodable>(_ type: T.Type, from data: Data) throws -> (
        value: T, report: WireDecodingReport
    ) {
        (try decode(type, from: data), WireDecodingReport())
    }
}
