// wirelock-fuzz-bench: fuzzing throughput on small fixtures, in mutants per second.
//
//   wirelock-fuzz-bench FIXTURE...      (make bench-fuzz passes the ~1.6 KB calendar fixtures)
//
// 1. validator only: generate each mutant and check it against the strict validator (wirelock fuzz);
// 2. JSONDecoder campaign in process: validator + JSONDecoder + write-back + comparison (swift test);
// 3. the same campaign in a worker process, as `wirelock-sample fuzz` runs it (this program started
//    again with --worker).
// Each figure is the best of three runs. Seed 7 throughout.
import Foundation
import WireCommands
import WireFuzz

/// A calendar entry as the sample app models it (a copy: the benchmark cannot import the demo).
struct Entry: Codable {
    struct Series: Codable {
        var id: Int
        var title: String
        var year: Int
        var network: String?
        var tvdbId: Int
    }
    var id: Int
    var seriesId: Int
    var series: Series
    var seasonNumber: Int
    var episodeNumber: Int
    var title: String
    var overview: String?
    var airDate: String
    var airDateUtc: String
    var runtime: Int
    var hasFile: Bool
    var episodeFileId: Int
    var monitored: Bool
    var unverifiedSceneNumbering: Bool
    var finaleType: String?
}

let arguments = Array(CommandLine.arguments.dropFirst())
let worker = arguments.first == "--worker"
let paths = worker ? Array(arguments.dropFirst()) : arguments
guard !paths.isEmpty else {
    FileHandle.standardError.write(Data("usage: wirelock-fuzz-bench FIXTURE...\n".utf8))
    exit(2)
}
let seeds = paths.map { try! FuzzSeed(name: $0, bytes: Array(FileManager.default.contents(atPath: $0)!)) }
let model = FuzzModel.codable([Entry].self, name: "calendar")
let campaign = ModelCampaign(model: model, seeds: seeds, seed: 7)
if !worker, campaign.generator.isEmpty {
    print("the benchmark model rejects the fixtures: \(campaign.skipped.map(\.reason))")
    exit(1)
}
if worker {
    ChildProcessCampaign.serve(campaign)
    exit(0)
}

func best(_ runs: Int = 3, _ body: () -> Int) -> (count: Int, seconds: Double) {
    var fastest = Double.infinity
    var count = 0
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        count = body()
        fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return (count, fastest)
}

func line(_ name: String, _ result: (count: Int, seconds: Double), findings: Int) {
    let rate = Double(result.count) / result.seconds
    print(
        name.padding(toLength: 36, withPad: " ", startingAt: 0)
            + String(format: "%7d mutants %7.2f s %9.0f mutants/s", result.count, result.seconds, rate)
            + "   findings: \(findings)")
}

let sizes = seeds.map { "\($0.name) (\($0.bytes.count) B)" }.joined(separator: ", ")
print("seeds: \(sizes); seed 7; best of 3")
var findings = 0
let validator = ValidatorCampaign(generator: MutantGenerator(seeds: seeds, seed: 7))
line(
    "validator only",
    best {
        let r = validator.run(count: 100_000)
        findings = r.findings.count
        return r.tally.total.mutants
    }, findings: findings)
line(
    "JSONDecoder campaign, in process",
    best {
        let r = campaign.run(count: 20_000)
        findings = r.findings.count
        return r.tally.total.mutants
    }, findings: findings)
let exe = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
let child = ChildProcessCampaign(campaign: campaign, workerCommand: [exe, "--worker"] + paths)
line(
    "JSONDecoder campaign, worker process",
    best {
        let r = try! child.run(count: 20_000)
        findings = r.findings.count
        return r.tally.total.mutants
    }, findings: findings)
