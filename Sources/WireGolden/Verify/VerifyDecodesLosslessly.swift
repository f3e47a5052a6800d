import Foundation
import WireDecoder
import WireDiagnostics
import WireJSONCore
import WireSupport

/// The lossless-decode check for models that are only `Decodable`: decode with
/// `WireJSONDecoder.decodeWithReport` and fail when the verification report has any entry. Pure:
/// bytes in, a verdict out (no file system, no test framework); `verifyDecodesLosslessly` reads the
/// fixture and `assertDecodesLosslessly` (WireLock) records the failure.
///
/// ```swift
/// let failure = LosslessDecoding.check(Movie.self, data: data, file: "movie.json", decoder: WireJSONDecoder())
/// // movie.json: Movie does not decode losslessly (1 entry):
/// //   movie.json:12:5: $.popularity dropped by Movie
/// ```
public enum LosslessDecoding {
    /// Decodes `data` as `T` with `decoder`'s report.
    /// - Parameters:
    ///   - type: the model.
    ///   - data: the payload.
    ///   - file: the name the message uses for the payload (`movies-extra-field.json`).
    ///   - decoder: the decoder, configured as the app configures it.
    /// - Returns: nil when the value decodes and the report is lossless; otherwise a failure with one
    ///   line per report entry (`FILE:LINE:COLUMN: PATH …`), or the decoding error located in `data`.
    public static func check<T: Decodable>(
        _ type: T.Type, data: Data, file: String, decoder: WireJSONDecoder
    ) -> WireLockFailure? {
        let report: WireDecodingReport
        do {
            report = try decoder.decodeWithReport(T.self, from: data).report
        } catch {
            return WireLockFailure(decodingFailureMessage(T.self, error, data: data, file: file, decoder: decoder))
        }
        guard !report.isLossless else { return nil }
        return WireLockFailure(message(for: report, type: "\(T.self)", file: file))
    }

    /// The failure message for a report that is not lossless: a headline, then one line per entry,
    /// grouped as the report groups them (dropped members, repeated names, precision losses,
    /// swallowed errors), each `FILE:LINE:COLUMN:` followed by the entry.
    ///
    /// ```swift
    /// LosslessDecoding.message(for: report, type: "Movie", file: "movie.json")
    /// // movie.json: Movie does not decode losslessly (2 entries):
    /// //   movie.json:12:5: $.popularity dropped by Movie
    /// //   movie.json:14:13: $.budget 9007199254740993 became 9007199254740992.0 as Double (rounded)
    /// ```
    ///
    /// Entries at the elements of one array fold to one line per path (`$.records[*].popularity`):
    /// the first entry, then how many more there are (a 100-element page that drops one member
    /// prints one line, not 100).
    public static func message(for report: WireDecodingReport, type: String, file: String) -> String {
        let groups = groupedLines(report)
        let lines = groups.map { "  \(file):\($0.line)" }
        let count = groups.reduce(0) { $0 + $1.count }
        let paths = lines.count == count ? "" : " at \(Text.pluralized(lines.count, "path"))"
        return "\(file): \(type) does not decode losslessly (\(count) entr\(count == 1 ? "y" : "ies")\(paths)):\n"
            + lines.joined(separator: "\n")
    }

    /// The report's entries grouped by kind and folded path (`JSONPathPattern`), in the report's
    /// order: each group's first entry (`LINE:COLUMN: …`), with `— and N more at PATH` when the
    /// group has more, and the group's size.
    public static func groupedLines(_ report: WireDecodingReport) -> [(line: String, count: Int)] {
        var order: [String] = []
        var groups: [String: (line: String, path: JSONPathPattern, count: Int)] = [:]
        func add(_ key: String, _ path: JSONPath, _ line: String) {
            let folded = JSONPathPattern(folding: path, dictionaries: report.dictionaries)
            let full = key + " " + folded.description
            if groups[full] != nil {
                groups[full]!.count += 1
            } else {
                order.append(full)
                groups[full] = (line, folded, 1)
            }
        }
        for entry in report.droppedMembers { add("dropped \(entry.droppedBy)", entry.path, entry.description) }
        for entry in report.duplicateKeys { add("duplicate", entry.path, entry.description) }
        for entry in report.precisionLosses {
            add("precision \(entry.type) \(entry.reason)", entry.path, entry.description)
        }
        for entry in report.swallowedErrors { add("swallowed \(entry.expected)", entry.path, entry.description) }
        return order.map { key in
            let group = groups[key]!
            let more = group.count == 1 ? "" : " — and \(group.count - 1) more at \(group.path)"
            return (group.line + more, group.count)
        }
    }

    /// The report's entries, one line each, `LINE:COLUMN: …` (each entry's own description), in the
    /// report's order: dropped members, repeated names, precision losses, swallowed errors.
    public static func entryLines(_ report: WireDecodingReport) -> [String] {
        report.droppedMembers.map(\.description) + report.duplicateKeys.map(\.description)
            + report.precisionLosses.map(\.description) + report.swallowedErrors.map(\.description)
    }

    /// A `WireJSONDecoder` with `decoder`'s strategies and user info, so a check made with the
    /// app's `JSONDecoder` decodes as the app does (strict acceptance, with the report).
    ///
    /// ```swift
    /// let wire = LosslessDecoding.decoder(configuredLike: .sampleAPI)
    /// ```
    public static func decoder(configuredLike decoder: JSONDecoder) -> WireJSONDecoder {
        WireJSONDecoder(configuredLike: decoder)
    }

    /// `FILE: T could not decode the fixture: …`, then where (``explanation(of:in:file:decoder:)``).
    static func decodingFailureMessage<T>(
        _ type: T.Type, _ error: any Error, data: Data, file: String, decoder: WireJSONDecoder
    ) -> String {
        let place = explanation(of: error, in: data, file: file, decoder: decoder)
        return "\(file): \(T.self) could not decode the fixture: \(error)" + (place.isEmpty ? "" : "\n" + place)
    }

    /// Where in `data` a decoding error of `decoder` is, as lines without a final newline: for a
    /// syntax error (strict mode's `DecodingError.dataCorrupted` over a `JSONSyntaxError`) the
    /// validator's `FILE:LINE:COLUMN: reason (at PATH)`, excerpt and caret; for any other
    /// `DecodingError`, WireDiagnostics' explanation (`FILE:LINE:COLUMN: error: KIND at PATH:
    /// expected …, found …`, then the excerpt), the coding path resolved through the decoder's key
    /// strategy. Empty for an error that is not a `DecodingError`.
    ///
    /// ```swift
    /// LosslessDecoding.explanation(of: error, in: data, file: "movie.json", decoder: WireJSONDecoder())
    /// // movie.json:3:12: error: typeMismatch at $.year: expected Int, found a string "2001"
    /// //     3 |   "year": "2001",
    /// //       |           ^
    /// ```
    public static func explanation(of error: any Error, in data: Data, file: String, decoder: WireJSONDecoder)
        -> String
    {
        guard let error = error as? DecodingError else { return "" }
        if case .dataCorrupted(let context) = error, let syntax = context.underlyingError as? JSONSyntaxError {
            return String(JSONDiagnostic(syntax, file: file).block(indent: "    ").dropLast())
        }
        let keys: WireDiagnostics.KeyDecoding
        switch decoder.keyDecodingStrategy {
        case .convertFromSnakeCase: keys = .convertFromSnakeCase
        default: keys = .useDefaultKeys
        }
        return String(WireDiagnostics.explain(error, in: data, keyDecoding: keys).rendered(file: file).dropLast())
    }
}

/// The reporting half of `assertDecodesLosslessly` (WireLock): reads `Fixtures/<fixture>.json`
/// and decodes it as `T` with the verification report (in strict mode the decoder applies the
/// validator's rules, except that a repeated member name is an entry of the report).
///
/// ```swift
/// if let failure = verifyDecodesLosslessly(Page<Movie>.self, fixture: "API/v3/movies-success") {
///     print(failure.message)
/// }
/// ```
/// - Parameters:
///   - type: the model.
///   - fixture: `Fixtures/<fixture>.json` (an absolute path, or a name ending in `.json`, as is).
///   - decoder: the decoder, configured as the app configures it (strict acceptance by default).
///   - fixturesDirectory: where fixtures live; by default the `Fixtures/` folder of the package
///     that holds `filePath`.
///   - filePath: the caller's `#filePath`, where the fixtures are looked up from.
/// - Returns: nil when the report is lossless; a failure naming each dropped member, repeated
///   name, precision loss and swallowed error by JSON path and `FILE:LINE:COLUMN`, or the decoding
///   error, or a fixture that cannot be read (a missing one names the nearest fixtures).
public func verifyDecodesLosslessly<T: Decodable>(
    _ type: T.Type, fixture: String, decoder: WireJSONDecoder = WireJSONDecoder(), fixturesDirectory: URL? = nil,
    filePath: StaticString = #filePath
) -> WireLockFailure? {
    let url = FixtureFiles.url(fixture, directory: fixturesDirectory, filePath: "\(filePath)")
    guard FileManager.default.fileExists(atPath: url.path) else {
        return FixtureFiles.missing(url, directory: fixturesDirectory, filePath: "\(filePath)")
    }
    // The bytes go to the decoder as they are: in strict mode it applies the validator's rules itself
    // (a syntax error is located), and it reports a repeated member name instead of rejecting it.
    guard let data = FileManager.default.contents(atPath: url.path) else {
        return FixtureFiles.missing(url, directory: url.deletingLastPathComponent(), filePath: url.path)
    }
    return LosslessDecoding.check(T.self, data: data, file: url.lastPathComponent, decoder: decoder)
}

/// `verifyDecodesLosslessly` with the app's `JSONDecoder`: its strategies and user info are copied into a `WireJSONDecoder`
/// (``LosslessDecoding/decoder(configuredLike:)``).
///
/// ```swift
/// verifyDecodesLosslessly(Page<Movie>.self, fixture: "API/v3/movies-success", decoder: .sampleAPI)
/// ```
/// - Returns: what the `WireJSONDecoder` form returns.
public func verifyDecodesLosslessly<T: Decodable>(
    _ type: T.Type, fixture: String, decoder: JSONDecoder, fixturesDirectory: URL? = nil,
    filePath: StaticString = #filePath
) -> WireLockFailure? {
    verifyDecodesLosslessly(
        type, fixture: fixture, decoder: LosslessDecoding.decoder(configuredLike: decoder),
        fixturesDirectory: fixturesDirectory, filePath: filePath)
}
