import Foundation
import SampleAPI
import Testing
import WireFuzz
import WireJSON
import WireLockTestSupport

@testable import WireLock
@testable import WireLockRunner

/// A committed fuzz regression is the same bug after `wirelock fmt Fixtures` reorders and
/// re-indents the fixture it came from: findings are matched to cases by what they are (mutator,
/// outcome, path), not by the bytes of the seed.
@Suite("Fuzz regressions survive a reformatted fixture")
struct FuzzRegressionMatchingTests {
    static let repository = Repository.root

    /// The error-429 fixture with its members in reverse order, four spaces of indent.
    static func reformatted() throws -> String {
        let value = try JSONValue.parse(
            Data(contentsOf: repository.appendingPathComponent("Fixtures/API/v3/error-429.json")))
        guard case .object(let object) = value else { throw CocoaError(.fileReadCorruptFile) }
        let members = object.members.reversed().map {
            "    \(CanonicalJSONWriter.text(.string($0.key), style: .compact)): "
                + CanonicalJSONWriter.text($0.value, style: .compact)
        }
        return "{\n" + members.joined(separator: ",\n") + "\n}\n"
    }

    @Test func committedCasesStillMatchAfterTheFixtureIsReformatted() throws {
        let work = TemporaryDirectory.uniqueURL("wirelock-fmt-fuzz")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("regressions"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.repository.appendingPathComponent("Fixtures/fuzz-regressions/rate-limit"),
            to: work.appendingPathComponent("regressions/rate-limit"))
        let fixture = work.appendingPathComponent("error-429.json")
        let text = try Self.reformatted()
        try Data(text.utf8).write(to: fixture)
        #expect(
            try JSONValue.parse(text)
                == JSONValue.parse(
                    Data(contentsOf: Self.repository.appendingPathComponent("Fixtures/API/v3/error-429.json"))))
        let before = try FileManager.default.contentsOfDirectory(
            atPath: work.appendingPathComponent("regressions/rate-limit").path
        ).sorted()

        var runner = ModelRunner(toolName: "t")
        runner.register(
            RateLimitNotice.self, as: "rate-limit", fixtures: [fixture.path], decoder: { .sampleAPI },
            encoder: { .sampleAPI })
        var lines: [String] = []
        let status = runner.run([
            "fuzz", "rate-limit", "--in-process", "--seed", "7", "--count", "4000",
            "--out", work.appendingPathComponent("regressions").path,
        ]) { lines.append($0) }
        let output = lines.joined(separator: "\n")
        #expect(status == 0, "\(output)")
        #expect(output.contains("matching committed regressions"), "the campaign found the known bugs: \(output)")
        #expect(!output.contains("(new: review it"), "\(output)")
        let after = try FileManager.default.contentsOfDirectory(
            atPath: work.appendingPathComponent("regressions/rate-limit").path
        ).sorted()
        #expect(after == before, "no case was added for a bug already pinned")
    }
}
