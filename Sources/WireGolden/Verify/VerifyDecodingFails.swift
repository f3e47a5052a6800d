import Foundation
import WireDecoder
import WireDiagnostics
import WireJSONCore
import WireReaders

/// The reporting half of `assertDecodingFails` (WireLock).
///
/// ```swift
/// let failure = verifyDecodingFails(Movie.self, fixture: "movie-bom", as: .decoderRejects, at: "$", decoder: .api)
/// ```
/// - Parameters:
///   - type: the model the fixture is decoded into.
///   - fixture: the fixture's name under `Fixtures/`, with or without `.json`.
///   - kind: `.syntax` means the strict validator rejects the bytes; `DecodingFailureKind/decoderRejects`
///     means the app's decoder does; the other kinds are the app's decoder's, after the validator
///     accepted the bytes.
///   - path: where, in wire keys (`$.user.avatar_url`, also under `convertFromSnakeCase`).
///   - decoder: the app's decoder (its strategies decide what it rejects).
///   - fixturesDirectory: where the fixtures are (default: the package's `Fixtures/`).
///   - filePath: the calling file (`#filePath`), where the package root is found.
/// - Returns: nil when decoding the fixture fails with `kind` at `path`; otherwise a
///   ``WireLockFailure`` saying that it decoded, or how it failed instead and which decoder judged
///   (the strict validator or the app's decoder), or that the fixture is missing (naming the
///   nearest existing ones).
public func verifyDecodingFails<T: Decodable>(
    _ type: T.Type, fixture: String, as kind: DecodingFailureKind, at path: String,
    decoder: JSONDecoder = JSONDecoder(),
    fixturesDirectory: URL? = nil, filePath: StaticString = #filePath
) -> WireLockFailure? {
    let url = FixtureFiles.url(fixture, directory: fixturesDirectory, filePath: "\(filePath)")
    let name = url.lastPathComponent
    guard let data = FileManager.default.contents(atPath: url.path) else {
        return FixtureFiles.missing(url, directory: fixturesDirectory, filePath: "\(filePath)")
    }
    if kind == .decoderRejects {
        let document = try? JSONValue.parse(data)
        let strict: String
        do {
            _ = try JSONValue.parse(data)
            strict = "the strict validator accepts it"
        } catch {
            strict = "the strict validator rejects it: \(DecodingFailure(error).description)"
        }
        do {
            _ = try decoder.decode(T.self, from: data)
            return WireLockFailure(
                "\(name): the app's decoder (JSONDecoder) decodes it as \(T.self); expected it to reject the bytes "
                    + "at \(path) (decoderRejects). \(strict.prefix(1).uppercased() + strict.dropFirst()).")
        } catch {
            let seen = DecodingFailure(error, decoder: decoder, document: document)
            guard seen.path.description == path else {
                return WireLockFailure(
                    "\(name): expected the app's decoder to reject it at \(path), got \(seen) (judged by \(seen.judge.rawValue))"
                )
            }
            return nil
        }
    }
    switch decodingFailure(type, at: url, decoder: decoder) {
    case nil:
        return WireLockFailure(
            "\(name): \(T.self) decoded without error (the strict validator and the app's decoder both accept it); "
                + "expected \(kind.rawValue) at \(path)")
    case .failure(let message)?:
        return message
    case .success(let seen)?:
        guard seen.kind != kind || seen.path.description != path else { return nil }
        var judged = "judged by \(seen.judge.rawValue)"
        if seen.judge == .strictValidator {
            judged += ", before the app's decoder ran; "
            judged +=
                (try? decoder.decode(T.self, from: data)) != nil
                ? "the app's decoder alone accepts these bytes"
                : "the app's decoder alone rejects them too"
        }
        return WireLockFailure("\(name): expected \(kind.rawValue) at \(path), got \(seen) (\(judged))")
    }
}

/// How decoding a fixture fails: nil if it decodes, the classified failure, or a read problem (a
/// missing fixture names the nearest existing ones). The strict validator reads the bytes first; a
/// failure of the app's decoder is reported at wire keys.
public func decodingFailure<T: Decodable>(_ type: T.Type, at url: URL, decoder: JSONDecoder) -> Result<
    DecodingFailure, WireLockFailure
>? {
    guard let data = FileManager.default.contents(atPath: url.path) else {
        return .failure(FixtureFiles.missing(url, directory: url.deletingLastPathComponent(), filePath: url.path))
    }
    let document: JSONValue
    do {
        document = try JSONValue.parse(data)
    } catch {
        return .success(DecodingFailure(error))
    }
    do {
        _ = try decoder.decode(T.self, from: data)
        return nil
    } catch {
        return .success(DecodingFailure(error, decoder: decoder, document: document))
    }
}
