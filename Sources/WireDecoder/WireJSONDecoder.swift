// WireJSONDecoder: JSONDecoder's surface, on WireJSON's strict reader.
import Foundation
import WireJSONCore
import WireSupportCore

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
/// A decoder may be shared between threads, as `JSONDecoder` can: its settings sit behind a
/// lock and each decode reads them once when it starts, so a setting changed during a decode
/// applies from the next one.
public final class WireJSONDecoder: Sendable {
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

    /// The settings, behind a lock: a decode copies them once when it starts.
    private struct Settings {
        var date: DateDecodingStrategy = .deferredToDate
        var data: DataDecodingStrategy = .base64
        var key: KeyDecodingStrategy = .useDefaultKeys
        var nonConforming: NonConformingFloatDecodingStrategy = .throw
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        var acceptance: Acceptance = .strict
        var recordsReads = true
    }

    private let settings = Locked(Settings())

    /// How dates are decoded; `JSONDecoder`'s default, `.deferredToDate`.
    public var dateDecodingStrategy: DateDecodingStrategy {
        get { settings.withLock { $0.date } }
        set { settings.withLock { $0.date = newValue } }
    }
    /// How `Data` is decoded; `JSONDecoder`'s default, `.base64`.
    public var dataDecodingStrategy: DataDecodingStrategy {
        get { settings.withLock { $0.data } }
        set { settings.withLock { $0.data = newValue } }
    }
    /// How member names map to coding keys; `JSONDecoder`'s default, `.useDefaultKeys`.
    public var keyDecodingStrategy: KeyDecodingStrategy {
        get { settings.withLock { $0.key } }
        set { settings.withLock { $0.key = newValue } }
    }
    /// How `"Infinity"`-like strings decode into floating-point values; default `.throw`.
    public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy {
        get { settings.withLock { $0.nonConforming } }
        set { settings.withLock { $0.nonConforming = newValue } }
    }
    /// Values handed to every `init(from:)` through `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { settings.withLock { $0.userInfo } }
        set { settings.withLock { $0.userInfo = newValue } }
    }
    /// Which inputs are JSON; ``Acceptance/strict`` by default.
    public var acceptance: Acceptance {
        get { settings.withLock { $0.acceptance } }
        set { settings.withLock { $0.acceptance = newValue } }
    }

    /// Whether ``decodeWithReport(_:from:)`` records what the model reads
    /// (``WireDecodingReport/reads``, the facts of a reader contract); true by default. A loop
    /// that needs only the report's losses (a fuzz campaign over thousands of mutants) sets it to
    /// false and saves their cost; the report's entries are the same.
    ///
    /// ```swift
    /// let decoder = WireJSONDecoder()
    /// decoder.recordsReads = false
    /// let report = try decoder.decodeWithReport(Movie.self, from: data).report   // report.reads is empty
    /// ```
    public var recordsReads: Bool {
        get { settings.withLock { $0.recordsReads } }
        set { settings.withLock { $0.recordsReads = newValue } }
    }

    /// Creates a decoder with `JSONDecoder`'s default strategies and strict acceptance.
    public init() {}

    /// Creates a decoder with the strategies and user info of an app's `JSONDecoder` (and strict
    /// acceptance unless told otherwise), so a switch keeps the app's configuration in one place.
    ///
    /// ```swift
    /// let decoder = WireJSONDecoder(configuredLike: .sampleAPI)   // the app's JSONDecoder
    /// ```
    public convenience init(configuredLike decoder: JSONDecoder, acceptance: Acceptance = .strict) {
        self.init()
        dateDecodingStrategy = decoder.dateDecodingStrategy
        dataDecodingStrategy = decoder.dataDecodingStrategy
        keyDecodingStrategy = decoder.keyDecodingStrategy
        nonConformingFloatDecodingStrategy = decoder.nonConformingFloatDecodingStrategy
        userInfo = decoder.userInfo
        self.acceptance = acceptance
    }

    /// Decodes a value of `type` from `data`.
    ///
    /// ```swift
    /// let movie = try WireJSONDecoder().decode(Movie.self, from: data)
    /// ```
    ///
    /// - Throws: `DecodingError`, with the same case and coding path as `JSONDecoder` would throw.
    ///   In strict mode a syntax error is `.dataCorrupted` with a `JSONSyntaxError` as underlying
    ///   error; a number or string that JSONDecoder cannot read is `.dataCorrupted` with an empty
    ///   coding path (as JSONDecoder reports it) and a description that names its JSON path, line
    ///   and column.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try run(type, from: data, reporting: false).value
    }

    /// Decodes a value and reports what the model did not take from the payload: members it never
    /// read, repeated member names, numbers that lost precision, and errors an `init(from:)`
    /// swallowed with `try?`.
    ///
    /// Repeated member names are reported rather than thrown, even in strict mode (the copy used
    /// is the first, as `JSONDecoder` does); every other syntax rule of ``acceptance`` still
    /// applies.
    ///
    /// ```swift
    /// let (page, report) = try WireJSONDecoder().decodeWithReport(Page<Movie>.self, from: data)
    /// for member in report.droppedMembers { print(member) }   // 7:5: $.records[0].tmdbId dropped by Movie
    /// ```
    ///
    /// - Throws: what ``decode(_:from:)`` throws.
    public func decodeWithReport<T: Decodable>(_ type: T.Type, from data: Data) throws -> (
        value: T, report: WireDecodingReport
    ) {
        try decodeWithReport(type, from: data, detail: .full)
    }

    /// How much a report holds: ``full`` for users; a fuzz verdict reads only its entries' paths.
    package struct ReportDetail: Sendable {
        /// Whether entries get their line and column (else their byte offset at line 0, column 0).
        package var locating: Bool
        /// Whether ``WireDecodingReport/reads`` is filled (the reader contract's raw material).
        package var reads: Bool

        /// Every part: what ``decodeWithReport(_:from:)`` returns.
        package static let full = ReportDetail(locating: true, reads: true)
        /// The entries and their paths only: what a fuzz verdict reads.
        package static let verdict = ReportDetail(locating: false, reads: false)
    }

    /// ``decodeWithReport(_:from:)`` with only the parts of the report `detail` asks for.
    package func decodeWithReport<T: Decodable>(_ type: T.Type, from data: Data, detail: ReportDetail) throws -> (
        value: T, report: WireDecodingReport
    ) {
        let result = try run(type, from: data, reporting: true, detail: detail)
        return (result.value, result.report ?? WireDecodingReport())
    }

    private func run<T: Decodable>(_ type: T.Type, from data: Data, reporting: Bool, detail: ReportDetail = .full)
        throws -> (
            value: T, report: WireDecodingReport?
        )
    {
        let current = settings.withLock { $0 }
        let options = DecodingOptions(
            date: current.date, data: current.data, key: current.key,
            keyIsDefault: { if case .useDefaultKeys = current.key { true } else { false } }(),
            nonConforming: current.nonConforming, userInfo: current.userInfo, strict: current.acceptance == .strict,
            recordsReads: current.recordsReads)
        return try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            if !options.strict, let transcoded = InputEncoding.utf8Representation(of: bytes) {
                guard var utf8 = transcoded.text else { throw InputEncoding.notConvertible }
                return try utf8.withUTF8 {
                    try Self.decode(type, bytes: $0, options: options, reporting: reporting, detail: detail)
                }
            }
            return try Self.decode(type, bytes: bytes, options: options, reporting: reporting, detail: detail)
        }
    }

    private static func decode<T: Decodable>(
        _ type: T.Type, bytes: UnsafeBufferPointer<UInt8>, options: DecodingOptions, reporting: Bool,
        detail: ReportDetail
    ) throws -> (value: T, report: WireDecodingReport?) {
        var builder = TapeBuilder(bytes: bytes, strict: options.strict, tolerateDuplicates: reporting)
        defer { builder.release() }
        do {
            try builder.build()
        } catch {
            builder.storage.discard()
            throw SyntaxFailure.error(for: bytes, at: error.offset, strict: options.strict)
        }
        let nullIndex = builder.storage.append(kind: .null, flags: 0, offset: bytes.count, second: 0)
        let storage = builder.storage.finish()
        let tape = storage.view
        let recorder =
            reporting
            ? ReportRecorder(
                entries: tape.count, dateStrategy: dateStrategyName(options.date), nullIndex: nullIndex,
                locating: detail.locating, recordsReads: detail.reads && options.recordsReads)
            : nil
        recorder?.read(0, type: T.self, method: .decode)
        var impl = DecoderImpl(
            base: builder.base, tape: tape, options: options, recorder: recorder, nullIndex: nullIndex)
        defer {
            // A container or decoder the model kept still refers to the document: keep it.
            if !isKnownUniquelyReferenced(&impl) { impl.keepDocument(bytes, tape: storage) }
        }
        let value = try withExtendedLifetime(storage) {
            try impl.unwrap(0, as: type, parent: .root, key: { nil })
        }
        let report = recorder?.finish(
            tape: tape, base: builder.base, length: bytes.count, duplicates: builder.duplicates)
        return (value, report)
    }
}

/// A date strategy's name, as a date read's form gives it (`.formatted` is `custom`: on Linux it
/// is a custom closure, and a contract reads the same on every platform).
private func dateStrategyName(_ strategy: JSONDecoder.DateDecodingStrategy) -> String {
    switch strategy {
    case .deferredToDate: "deferredToDate"
    case .secondsSince1970: "secondsSince1970"
    case .millisecondsSince1970: "millisecondsSince1970"
    case .iso8601: "iso8601"
    default: "custom"
    }
}
