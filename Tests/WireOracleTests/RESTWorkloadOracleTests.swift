import Foundation
import Testing
import WireCommands
import WireDecoder
import WireDecoderOracle
import WireFuzz
import WireLockTestSupport
import WireOracle

/// The decoder oracle over mutants of the real-model workload's fixtures (the payloads and models
/// of `RESTWorkload.swift`, shaped like GitHub's REST API): `JSONDecoder` with the app's strategy
/// against `WireJSONDecoder` (`.jsonDecoder` acceptance) with the same strategy, the `.formatted`
/// ones through `WireJSONDecoder.formatted(_:)` so the date twins are what is compared.
///
/// `make proofs` (`WIRELOCK_PROOF=1`, run once and recorded in BENCHMARKS.md) decodes 10⁶
/// mutants; CI 40,000, the quick scale 4,000, so `make test` stays fast.
@Suite("Decoder oracle over the real-model workload")
struct RESTWorkloadOracleTests {
    /// The benchmark reads this very file (a symbolic link), so the workload it times is the one
    /// the oracle proves: a copy that could drift apart fails here.
    @Test func benchmarkLinksToThisWorkload() throws {
        let link = Repository.url("Benchmarks/Sources/wirelock-decoder-bench/RESTWorkload.swift")
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
        #expect(target == "../../../Tests/WireOracleTests/RESTWorkload.swift")
    }

    @Test("WireJSONDecoder decodes every mutant of the workload's fixtures as JSONDecoder does", .tags(.heavy))
    func mutantsAgree() throws {
        let total = TestScale.proofCount(1_000_000, otherwise: 40_000)
        let run = RESTOracle.run(total: total)
        #expect(run.unparseable.isEmpty, "fixtures that are no JSON: \(run.unparseable)")
        let report = run.report
        #expect(report.inputs == run.expected)
        #expect(report.isClean, "\(report)")
        if ProcessInfo.processInfo.environment["WIRELOCK_PRINT_ORACLE"] != nil { print(report) }
    }
}

/// What a debug `swift test` pays for WireLock's test-time decoding: a 3,000-mutant campaign of the
/// workload's largest model (the pull request, with its head and base repositories), each mutant
/// decoded by `JSONDecoder` (what the campaign checks the model with) and by
/// `WireJSONDecoder.decodeWithReport` (its lossless check). The two must accept the same mutants;
/// with `WIRELOCK_PRINT_TIMINGS` set the test prints each decoder's time (figures for BENCHMARKS.md,
/// never asserted).
@Suite("Debug-build campaign on the real-model workload")
struct RESTDebugCampaignTests {
    @Test(
        "JSONDecoder and WireJSONDecoder accept the same mutants of the pull request",
        arguments: [RESTDateStyle.iso8601, .formattedLiteralZ])
    func campaign(style: RESTDateStyle) throws {
        var random = RESTRandom(state: 0x27)
        let fixture = Array(RESTPayload.pullRequest(&random, style).text.utf8)
        let mutants = FixtureMutants(files: [("pull-request", fixture)], seed: 27)
        let count = TestScale.current == .full ? 3_000 : 300
        let documents = mutants.corpus(count: count, target: 0).map { Data($0.bytes) }
        let legacy = style.jsonDecoder()
        let candidate = WireJSONDecoder(configuredLike: style.jsonDecoder())
        if let format = style.format {
            candidate.dateDecodingStrategy = WireJSONDecoder.formatted(RESTDateStyle.formatter(format))
        }
        let clock = ContinuousClock()
        var legacyAccepted: [Bool] = []
        let legacyTime = clock.measure {
            for document in documents {
                legacyAccepted.append((try? legacy.decode(RESTPullRequest.self, from: document)) != nil)
            }
        }
        var plainAccepted: [Bool] = []
        let plainTime = clock.measure {
            for document in documents {
                plainAccepted.append((try? candidate.decode(RESTPullRequest.self, from: document)) != nil)
            }
        }
        var candidateAccepted: [Bool] = []
        let candidateTime = clock.measure {
            for document in documents {
                candidateAccepted.append((try? candidate.decodeWithReport(RESTPullRequest.self, from: document)) != nil)
            }
        }
        // Strict WireJSONDecoder refuses what is not RFC 8259 JSON; JSONDecoder's acceptance of those
        // is the oracle's business. Every mutant strict decoding accepts, JSONDecoder accepts.
        for (index, accepted) in candidateAccepted.enumerated() where accepted {
            #expect(legacyAccepted[index], "mutant \(index)")
        }
        #expect(candidateAccepted.contains(true))
        // decodeWithReport reports repeated member names instead of throwing; nothing else differs.
        for (index, accepted) in plainAccepted.enumerated() where accepted {
            #expect(candidateAccepted[index], "mutant \(index)")
        }
        if ProcessInfo.processInfo.environment["WIRELOCK_PRINT_TIMINGS"] != nil {
            print(
                "debug campaign \(style.rawValue): \(documents.count) mutants, JSONDecoder \(legacyTime), "
                    + "WireJSONDecoder.decode \(plainTime), WireJSONDecoder.decodeWithReport \(candidateTime), "
                    + "\(candidateAccepted.filter { $0 }.count) accepted by WireJSONDecoder, "
                    + "\(legacyAccepted.filter { $0 }.count) by JSONDecoder")
        }
    }

    /// Issue 27's criterion: the same 3,000-mutant campaign of the pull request run twice in this
    /// debug build, once over the model decoded by `JSONDecoder` (the strict validator, then
    /// `JSONDecoder`, then `decodeWithReport` for the report) and once decoded by `WireJSONDecoder`
    /// (one `decodeWithReport` per mutant). Both must give the same tally and findings; the times are
    /// printed with `WIRELOCK_PRINT_TIMINGS` (never asserted).
    @Test(
        "A campaign decoded by WireJSONDecoder judges as one decoded by JSONDecoder",
        .tags(.heavy), arguments: [RESTDateStyle.iso8601, .formattedLiteralZ])
    func modelCampaign(style: RESTDateStyle) throws {
        var random = RESTRandom(state: 0x27)
        let fixture = Array(RESTPayload.pullRequest(&random, style).text.utf8)
        let seeds = [try FuzzSeed(name: "pull-request.json", bytes: fixture)]
        // The criterion's 3,000 when the times are asked for; CI checks the verdicts on 1,000.
        let timed = ProcessInfo.processInfo.environment["WIRELOCK_PRINT_TIMINGS"] != nil
        let count = timed ? 3_000 : TestScale.current.count(1_000)
        let coders = Coders(decoder: style.jsonDecoder(), encoder: JSONEncoder())
        if let format = style.format {
            coders.encoder.dateEncodingStrategy = .formatted(RESTDateStyle.formatter(format))
        } else {
            coders.encoder.dateEncodingStrategy = .iso8601
        }
        let wire = WireJSONDecoder(configuredLike: style.jsonDecoder())
        if let format = style.format {
            wire.dateDecodingStrategy = WireJSONDecoder.formatted(RESTDateStyle.formatter(format))
        }
        let legacyModel = FuzzModel.codable(
            RESTPullRequest.self, name: "pull-request", decoder: { coders.decoder }, encoder: { coders.encoder })
        let wireModel = FuzzModel.codable(
            RESTPullRequest.self, name: "pull-request", wireDecoder: { wire }, encoder: { coders.encoder })
        let legacy = ModelCampaign(model: legacyModel, seeds: seeds, seed: 27)
        let candidate = ModelCampaign(model: wireModel, seeds: seeds, seed: 27)
        #expect(legacy.skipped.isEmpty && candidate.skipped.isEmpty)
        var legacyResult: ModelCampaign.Result?
        var candidateResult: ModelCampaign.Result?
        // CPU time of this thread: on a shared machine wall time mostly measures the neighbours.
        let legacyTime = ThreadCPUTime.measure { legacyResult = legacy.run(count: count) }
        let candidateTime = ThreadCPUTime.measure { candidateResult = candidate.run(count: count) }
        let one = try #require(legacyResult)
        let two = try #require(candidateResult)
        #expect(one.tally.table() == two.tally.table())
        #expect(one.findings.map(\.index) == two.findings.map(\.index))
        #expect(one.tally.total.mutants == count)
        if timed {
            print(
                "debug model campaign \(style.rawValue): \(count) mutants, CPU seconds decoded by JSONDecoder "
                    + "\(legacyTime), by WireJSONDecoder \(candidateTime)")
        }
    }

    /// The coders, shared by the campaign's `@Sendable` factories on its one thread.
    final class Coders: @unchecked Sendable {
        let decoder: JSONDecoder
        let encoder: JSONEncoder
        init(decoder: JSONDecoder, encoder: JSONEncoder) {
            self.decoder = decoder
            self.encoder = encoder
        }
    }
}
