import Foundation
import WireFuzz
import WireJSON
import WireLockCore

/// Replays a model's fuzz regression cases, `Fixtures/fuzz-regressions/<model>/`, and records a
/// failure for each case that does not behave as its status says: a `fixed` case must now give the
/// expected outcome; an `open` case (a known bug kept on purpose) must still reproduce — when it
/// stops, the failure asks for its status to become `fixed`. Open crashes and hangs are not replayed
/// in process. No cases at all is a failure too (a wrong model name or folder).
///
/// ```swift
/// @Test func movieFuzzRegressions() {
///     assertFuzzRegressions(Page<Movie>.self, model: "movie", decoder: .api, encoder: .api)
/// }
/// ```
/// - Parameters:
///   - model: the model's name, as registered with WireLockRunner's `ModelRunner` (the folder's name).
///   - fixturesDirectory: where `fuzz-regressions/` is (default: the package's `Fixtures/`).
public func assertFuzzRegressions<T: Codable & SendableMetatype>(
    _ type: T.Type, model: String, decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder(),
    fixturesDirectory: URL? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    report(verifyFuzzRegressions(type, model: model, decoder: decoder, encoder: encoder,
                                 fixturesDirectory: fixturesDirectory, filePath: filePath),
           at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The reporting half of ``assertFuzzRegressions(_:model:decoder:encoder:fixturesDirectory:fileID:filePath:line:column:)``:
/// nil when every case behaves as its status says.
public func verifyFuzzRegressions<T: Codable & SendableMetatype>(
    _ type: T.Type, model: String, decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder(),
    fixturesDirectory: URL? = nil, filePath: StaticString = #filePath
) -> WireLockFailure? {
    let fixtures = fixturesDirectory ?? GoldenFiles.fixturesDirectory(for: "\(filePath)")
    let folder = FuzzRegressions.folder(for: model, in: fixtures)
    let cases: [FuzzRegressions.Case]
    do throws(FuzzRegressions.LoadError) { cases = try FuzzRegressions.load(from: folder) } catch {
        return WireLockFailure("fuzz regressions: \(error)")
    }
    guard !cases.isEmpty else { return WireLockFailure("no fuzz regression cases in \(folder.path)") }
    // Coders are classes: copy their settings into fresh ones for the @Sendable closures.
    let decoderData = CoderSettings(decoder), encoderData = CoderSettings(encoder)
    let fuzzModel = FuzzModel.codable(T.self, name: model, decoder: { decoderData.decoder() }, encoder: { encoderData.encoder() })
    let problems = cases.compactMap { FuzzRegressions.replay($0, model: fuzzModel) }
    guard !problems.isEmpty else { return nil }
    return WireLockFailure("\(problems.count) of \(cases.count) fuzz regression cases of \(model) in \(folder.path):\n"
                           + problems.joined(separator: "\n"))
}

/// A coder handed to an assertion, shared with `@Sendable` factories. The coder is only read, never
/// configured again, while the assertion runs.
private struct CoderSettings: @unchecked Sendable {
    let decoderValue: JSONDecoder?
    let encoderValue: JSONEncoder?
    init(_ decoder: JSONDecoder) { decoderValue = decoder; encoderValue = nil }
    init(_ encoder: JSONEncoder) { decoderValue = nil; encoderValue = encoder }
    func decoder() -> JSONDecoder { decoderValue! }
    func encoder() -> JSONEncoder { encoderValue! }
}
