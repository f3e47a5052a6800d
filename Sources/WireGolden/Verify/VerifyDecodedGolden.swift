import Foundation
import WireJSONCore
import WireShapes
import WireSupport

/// The reporting half of `assertDecodedGolden` (WireLock): decodes a fixture as `T` and compares a
/// dump of the decoded value with `golden/<name>.decoded.json`, returning the failure instead of
/// recording it.
///
/// The fixture is read through the strict validator first (a syntax error fails with its line and
/// column), then decoded with `decoder`. The dump (see `DecodedDump`) lists the value's stored
/// properties by name, dates exactly (RFC 3339 with every digit and the `Double`'s bits), `URL`,
/// `Data`, `Decimal` and enum cases; it goes through the golden workflow of `assertGolden`: record
/// modes, a pending `<name>.decoded.actual.json` for `wirelock accept`, redactions at paths of the
/// dump, a line `<name> decoded=<sha256>` in `golden/wirelock.lock`, and orphans.
///
/// ```swift
/// if let failure = verifyDecodedGolden(LibraryEvent.self, fixture: "API/v3/library-event", named: "library-event") {
///     print(failure.message)
///     // golden golden/library-event.decoded.json does not match (1 difference):
///     //   $.records[0].notification.sentAt (golden → actual): 2020-01-08T14:18:51.2030001Z → 2020-01-08T14:18:51.203Z: Δ -1.1920928955078125e-07 s, 1 ulp
/// }
/// ```
/// - Parameters:
///   - type: the model.
///   - fixture: `Fixtures/<fixture>.json` (an absolute path, or a name ending in `.json`, as is).
///   - name: the golden's name inside the golden directory (`library-event` is
///     `golden/library-event.decoded.json`); a name that would leave it fails.
///   - decoder: the decoder the app decodes the model with (default: a strict `WireJSONDecoder`).
///   - redactions: values of the dump to replace before comparing and writing, at paths of the dump
///     (Swift property names: `$.records[*].notification.messageID`).
///   - record: the record mode for this call (see `RecordMode`).
///   - fixturesDirectory: where fixtures live (default: the package's `Fixtures/`).
///   - goldenDirectory: where the goldens are (default: `WIRELOCK_GOLDEN_DIR`, else the package's
///     `golden/`).
///   - environment: the variables read for the record mode, CI and the golden directory.
///   - writer: who asserts (see ``GoldenWriter``); by default the calling file and function.
///   - filePath: the calling file (`#filePath`): the package root, `Fixtures/` and `golden/`.
///   - function: the calling function (`#function`), part of the default writer.
///   - line: the calling line (`#line`), shown with the default writer.
/// - Returns: nil when the dump matches its golden; otherwise the failure: the fixture could not be
///   read or decoded (located in it), a mismatch with its differences by path (a date with both
///   instants, Δ seconds and ulps), a recorded golden, a failed redaction, or a write error.
public func verifyDecodedGolden<T: Decodable>(
    _ type: T.Type, fixture: String, named name: String, decoder: ModelDecoder = .wire(),
    redacting redactions: [Redaction] = [], record: RecordMode? = nil, fixturesDirectory: URL? = nil,
    goldenDirectory: URL? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
    writer: GoldenWriter? = nil,
    filePath: StaticString = #filePath, function: StaticString = #function, line: UInt = #line
) -> WireLockFailure? {
    let context = GoldenContext(filePath: "\(filePath)", goldenDirectory: goldenDirectory, environment: environment)
    let caller =
        writer ?? GoldenWriter(test: "\(context.shownFile) \(function)", location: "\(context.shownFile):\(line)")
    switch DecodedGolden.dump(
        T.self, fixture: fixture, decoder: decoder, directory: fixturesDirectory, filePath: "\(filePath)")
    {
    case .failure(let failure): return failure
    case .success(let dump):
        return GoldenComparison.verify(
            dump, named: name, redacting: redactions, record: record, environment: environment, writer: caller,
            context: context, kind: .decoded)
    }
}

/// Decoded goldens: a fixture decoded and dumped.
package enum DecodedGolden {
    /// The dump of `Fixtures/<fixture>.json` decoded as `T`, or the failure that says why there is
    /// none (the fixture is missing, is not JSON, or does not decode: located in it).
    package static func dump<T: Decodable>(
        _ type: T.Type, fixture: String, decoder: ModelDecoder, directory: URL?, filePath: String
    ) -> Result<JSONValue, WireLockFailure> {
        let url = FixtureFiles.url(fixture, directory: directory, filePath: filePath)
        guard FileManager.default.fileExists(atPath: url.path) else {
            return .failure(FixtureFiles.missing(url, directory: directory, filePath: filePath))
        }
        return dump(T.self, fileAt: url, decoder: decoder)
    }

    /// The dump of the file at `url` decoded as `T`, or why there is none.
    package static func dump<T: Decodable>(_ type: T.Type, fileAt url: URL, decoder: ModelDecoder) -> Result<
        JSONValue, WireLockFailure
    > {
        let data: Data
        switch FixtureFiles.read(url) {
        case .success(let read): data = read.0
        case .failure(let failure): return .failure(failure)
        }
        do {
            return .success(DecodedDump.value(of: try decoder.decode(T.self, from: data)))
        } catch {
            return .failure(
                WireLockFailure(
                    LosslessDecoding.decodingFailureMessage(
                        T.self, error, data: data, file: url.lastPathComponent, decoder: decoder.wireDecoder)))
        }
    }
}
