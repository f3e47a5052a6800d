import Foundation
import SampleAPI
import Testing
import WireJSON
import WireLockTestSupport

@testable import WireCommands
@testable import WireLock
@testable import WireLockRunner

/// Issue 33, "What to build" 4: a model that is only `Decodable`, registered with the runner, gets
/// its fixtures, decoded goldens, reader contract and a fuzz campaign from the runner's `check`
/// (which `wirelock check` runs through wirelock.json's `runner`); a refactor of its date wrapper
/// fails it at the date's path.
@Suite("The model runner's check")
struct RunnerCheckTests {
    static let fixture = Repository.url("Fixtures/API/v3/webhook-delivery.json").path
    static let golden = Repository.url("golden").path
    static let regressions = Repository.url("Fixtures/fuzz-regressions").path

    func run(_ runner: ModelRunner, _ arguments: [String]) -> (status: Int32, lines: [String]) {
        var lines: [String] = []
        let status = runner.run(arguments) { lines.append($0) }
        return (status, lines)
    }

    func runner<T: Decodable & SendableMetatype>(_ type: T.Type) -> ModelRunner {
        var runner = ModelRunner(toolName: "t")
        runner.register(T.self, as: "webhook-delivery", fixtures: [Self.fixture], decoder: .foundation(.sampleAPI))
        return runner
    }

    var options: [String] {
        ["--golden", Self.golden, "--regressions", Self.regressions, "--count", "200", "--seed", "7"]
    }

    @Test func theSampleDeliveryIsCheckedClean() {
        let result = run(runner(WebhookDelivery.self), ["check"] + options)
        #expect(result.status == 0, "\(result.lines)")
        #expect(
            result.lines == [
                "ok   webhook-delivery (WebhookDelivery): 1 fixture, 1 decoded golden, reader contract, "
                    + "200 mutants (seed 7)",
                "1 model: no findings",
            ])
        // No round trip without an encoder: `roundtrip` says it decodes.
        let roundTrip = run(runner(WebhookDelivery.self), ["roundtrip"])
        #expect(roundTrip.status == 0)
        #expect(roundTrip.lines.first?.contains(": decoded (only Decodable: no round trip") == true, "\(roundTrip)")
    }

    @Test func aRefactoredDateWrapperFailsAtTheDate() throws {
        let result = run(runner(WebhookVariants.StyleDates.self), ["check", "--format", "json"] + options)
        #expect(result.status == 1, "\(result.lines)")
        let report = try JSONValue.parse(Array(result.lines.joined(separator: "\n").utf8))
        guard case .array(let findings)? = report["findings"] else {
            Issue.record("no findings array in \(result.lines)")
            return
        }
        let golden = findings.filter { $0["rule"] == .string("model.decoded-golden") }
        #expect(golden.count == 1, "\(findings)")
        #expect(golden.first?["path"] == .string("$.records[0].notification.sentAt"))
        guard case .string(let message)? = golden.first?["message"] else { return }
        #expect(
            message.hasSuffix(
                "2020-01-08T14:18:51.2030001Z → 2020-01-08T14:18:51.203Z: Δ -1.1920928955078125e-07 s, 1 ulp"))
        // `wirelock check` reads the same document into its findings.
        let read = try CheckPipeline.modelsReport(Array(result.lines.joined(separator: "\n").utf8), status: 1).get()
        #expect(read.models == 1 && read.fixtures == 1 && read.mutants == 200)
        #expect(
            read.findings.contains {
                $0.ruleID == "model.decoded-golden" && $0.path?.description == "$.records[0].notification.sentAt"
            })
    }

    @Test func aRunnerThatPrintsNoReportIsNamed() {
        #expect(throws: CheckPipeline.ModelsReport.Problem.self) {
            try CheckPipeline.modelsReport(Array("ok\n".utf8), status: 0).get()
        }
        guard case .failure(let problem) = CheckPipeline.modelsReport([], status: 2) else {
            Issue.record("a runner that exits 2 gives a report")
            return
        }
        #expect(problem.reason == "exited with status 2; run its `check` command to see why")
    }
}
