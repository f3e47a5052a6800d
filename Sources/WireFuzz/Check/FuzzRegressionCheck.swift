import Foundation
import WireJSONCore
import WireSupport

/// The reporting half of `assertFuzzRegressions`: replays a model's fuzz regression cases,
/// `Fixtures/fuzz-regressions/<model>/`, and fails for each case that does not behave as its status
/// says: a `fixed` case must now give the expected outcome; an `open` case (a known bug kept on
/// purpose) must still reproduce — when it stops, the failure asks for its status to become
/// `fixed`. Open crashes and hangs are not replayed in process. No cases at all is a failure too (a
/// wrong model name or folder).
///
/// ```swift
/// let failure = verifyFuzzRegressions(Page<Movie>.self, model: "movie", decoder: .api, encoder: .api)
/// print(failure?.message ?? "every case behaves as its status says")
/// ```
/// - Parameters:
///   - type: the model the cases are decoded into.
///   - model: the model's name, as registered with the model runner (the folder's name).
///   - decoder: the decoder of the wire format under test.
///   - encoder: the encoder of the same wire format.
///   - fixturesDirectory: where `fuzz-regressions/` is (default: the package's `Fixtures/`, found
///     from `filePath`).
///   - filePath: the calling file (`#filePath`), where the package root is found.
/// - Returns: nil when every case behaves as its status says; otherwise the failure, listing each
///   case that does not.
public func verifyFuzzRegressions<T: Codable & SendableMetatype>(
    _ type: T.Type, model: String, decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder(),
    fixturesDirectory: URL? = nil, filePath: StaticString = #filePath
) -> FuzzFailure? {
    let fixtures =
        fixturesDirectory
        ?? URL(
            fileURLWithPath: PackageLocation.fixturesDirectory(
                ofFile: "\(filePath)", environment: ProcessInfo.processInfo.environment))
    let folder = FuzzRegressions.folder(for: model, in: fixtures)
    let cases: [FuzzRegressions.Case]
    do throws(FuzzRegressions.LoadError) { cases = try FuzzRegressions.load(from: folder) } catch {
        return FuzzFailure("fuzz regressions: \(error)")
    }
    guard !cases.isEmpty else { return FuzzFailure("no fuzz regression cases in \(folder.path)") }
    let coders = FuzzCampaignCheck.Coders(decoder: decoder, encoder: encoder)
    let fuzzModel = FuzzModel.codable(T.self, name: model, decoder: { coders.decoder }, encoder: { coders.encoder })
    let problems = cases.compactMap { FuzzRegressions.replay($0, model: fuzzModel) }
    guard !problems.isEmpty else { return nil }
    return FuzzFailure(
        "\(problems.count) of \(cases.count) fuzz regression cases of \(model) in \(folder.path):\n"
            + problems.joined(separator: "\n"))
}
