#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WireFuzz
import WireJSON

/// A usage or input problem of `fuzz`, in words.
struct RunnerError: Error {
    var text: String
    init(_ text: String) { self.text = text }
}

/// `fuzz MODEL [GLOB…] [--seed S] [--count N] [--mutators LIST] [--shard I/N] [--out DIR]
/// [--time-limit SECONDS] [--format text|json] [--quiet] [--in-process]`: a campaign over a
/// model's fixtures, run in a worker process (the same program, started with a hidden command).
extension ModelRunner {
    /// The hidden command a worker is started with.
    static let workerCommand = "__fuzz-worker"

    /// The options of `fuzz`, parsed.
    struct FuzzArguments {
        var model: String
        var globs: [String] = []
        var seed: UInt64 = 0
        var count = 10000
        var mutators = Mutator.allCases
        var shard = Shard.whole
        var out = "Fixtures/fuzz-regressions"
        var timeLimit = 5
        var json = false
        var quiet = false
        var inProcess = false
        /// The arguments that rebuild the same campaign in a worker.
        var campaignArguments: [String] = []

        static func parse(_ arguments: [String]) -> Result<FuzzArguments, RunnerError> {
            guard let model = arguments.first, !model.hasPrefix("-") else { return .failure(RunnerError("fuzz needs a MODEL")) }
            var parsed = FuzzArguments(model: model)
            parsed.campaignArguments = [model]
            var i = 1
            func value(_ name: String) -> Result<String, RunnerError> {
                guard i + 1 < arguments.count else { return .failure(RunnerError("missing value for '\(name)'")) }
                i += 1
                return .success(arguments[i])
            }
            while i < arguments.count {
                let argument = arguments[i]
                switch argument {
                case "--seed", "--count", "-n", "--mutators", "--shard", "--out", "-o", "--time-limit", "--format":
                    let text: String
                    switch value(argument) { case .success(let v): text = v; case .failure(let e): return .failure(e) }
                    switch argument {
                    case "--seed":
                        guard let seed = UInt64(text) else { return .failure(RunnerError("invalid value '\(text)' for '--seed': expected a whole number from 0 to 18446744073709551615")) }
                        parsed.seed = seed
                    case "--count", "-n":
                        guard let count = Int(text), count > 0 else { return .failure(RunnerError("invalid value '\(text)' for '--count': expected a positive whole number")) }
                        parsed.count = count
                    case "--mutators":
                        switch Mutator.parseList(text) {
                        case .success(let list) where !list.isEmpty: parsed.mutators = list
                        case .success: return .failure(RunnerError("invalid value '\(text)' for '--mutators': expected at least one mutator"))
                        case .failure(let error): return .failure(RunnerError("invalid value '\(text)' for '--mutators': \(error)"))
                        }
                    case "--shard":
                        do throws(Shard.ParseError) { parsed.shard = try Shard.parse(text) } catch { return .failure(RunnerError("\(error)")) }
                    case "--out", "-o": parsed.out = text
                    case "--time-limit":
                        guard let limit = Int(text), limit > 0 else { return .failure(RunnerError("invalid value '\(text)' for '--time-limit': expected a positive whole number")) }
                        parsed.timeLimit = limit
                    default:
                        guard text == "text" || text == "json" else { return .failure(RunnerError("invalid value '\(text)' for '--format': expected text or json")) }
                        parsed.json = text == "json"
                    }
                    if argument == "--seed" || argument == "--mutators" { parsed.campaignArguments += [argument, text] }
                case "--quiet", "-q": parsed.quiet = true
                case "--in-process": parsed.inProcess = true
                default:
                    if argument.hasPrefix("-") { return .failure(RunnerError("unknown option '\(argument)'")) }
                    parsed.globs.append(argument)
                    parsed.campaignArguments.append(argument)
                }
                i += 1
            }
            return .success(parsed)
        }
    }

    /// The campaign the arguments describe, or why there is none.
    func campaign(_ arguments: FuzzArguments) -> Result<(ModelCampaign, Model), RunnerError> {
        guard let model = models.first(where: { $0.name == arguments.model }) else {
            return .failure(RunnerError("unknown model '\(arguments.model)'; known: \(models.map(\.name).joined(separator: ", "))"))
        }
        let patterns = arguments.globs.isEmpty ? model.fixtures : arguments.globs
        let files = Glob.expand(patterns)
        guard !files.isEmpty else { return .failure(RunnerError("no fixtures match \(patterns.joined(separator: " ")) for model \(model.name)")) }
        var seeds: [FuzzSeed] = []
        var skipped: [(name: String, reason: String)] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { return .failure(RunnerError("cannot read '\(file)'")) }
            do throws(JSONSyntaxError) { seeds.append(try FuzzSeed(name: file, bytes: Array(data))) } catch {
                skipped.append((file, "not valid JSON: \(error.reason) (line \(error.location.line), column \(error.location.column))"))
            }
        }
        var campaign = ModelCampaign(model: model.fuzzModel, seeds: seeds, seed: arguments.seed, mutators: arguments.mutators)
        campaign.skippedInputs = skipped
        return .success((campaign, model))
    }

    func fuzzWorker(_ arguments: [String], output: (String) -> Void) -> Int32 {
        guard case .success(let parsed) = FuzzArguments.parse(arguments), case .success(let (campaign, _)) = self.campaign(parsed) else {
            return 2
        }
        ChildProcessCampaign.serve(campaign)
        return 0
    }

    func fuzz(_ arguments: [String], output: (String) -> Void, progress: ((String) -> Void)?) -> Int32 {
        let parsed: FuzzArguments
        switch FuzzArguments.parse(arguments) {
        case .success(let value): parsed = value
        case .failure(let message):
            output("\(toolName): error: \(message.text)\n\n" + usage)
            return 2
        }
        let campaign: ModelCampaign
        let model: Model
        switch self.campaign(parsed) {
        case .success(let value): (campaign, model) = value
        case .failure(let message):
            output("\(toolName): error: \(message.text)")
            return 2
        }
        guard !campaign.generator.isEmpty else {
            output("\(toolName): error: the model \(model.name) accepts none of its fixtures, so there is nothing to mutate")
            return 2
        }
        let total = Array(parsed.shard.indices(upTo: parsed.count)).count
        let report: ((Int) -> Void) = { done in
            guard !parsed.quiet, let progress else { return }
            progress("\rfuzz \(model.name): \(done)/\(total) mutants" + (done == total ? "\n" : ""))
        }
        let runner = ChildProcessCampaign(campaign: campaign, workerCommand: [Self.executablePath(), Self.workerCommand] + parsed.campaignArguments,
                                          timeLimit: Double(parsed.timeLimit))
        var result: ModelCampaign.Result
        if parsed.inProcess {
            result = campaign.run(count: parsed.count, shard: parsed.shard, progress: report)
        } else {
            do throws(ChildProcessCampaign.WorkerError) { result = try runner.run(count: parsed.count, shard: parsed.shard, progress: report) } catch {
                output("\(toolName): error: \(error)")
                return 2
            }
        }

        // One finding per group (mutator, outcome, path with indices as [*]) is shrunk and saved,
        // unless a committed case already pins its group: matched by structure, not by bytes, so a
        // reformatted fixture does not turn a known bug into a new one.
        let folder = URL(fileURLWithPath: parsed.out).appendingPathComponent(model.name)
        let known = FuzzRegressions.groups(in: folder)
        let casesPath = (parsed.out.hasSuffix("/") ? parsed.out : parsed.out + "/") + model.name + "/"
        var shown: [FuzzFinding] = []
        var knownCount = 0
        var newGroups = 0
        var groups: [String: (finding: FuzzFinding, count: Int)] = [:]
        var order: [String] = []
        for finding in result.findings {
            let key = finding.groupKey
            if groups[key] == nil { order.append(key); groups[key] = (finding, 0) }
            groups[key]!.count += 1
        }
        var writeFailed = false
        for key in order {
            let (first, size) = groups[key]!
            var finding = first
            if let name = FuzzRegressions.knownCase(for: first, in: known) {
                knownCount += size
                finding.reproducer = casesPath + name + ".json (already there: a committed regression case)"
            } else {
                var expectation = campaign.expectation(first.index)
                if first.verdict.outcome != .crash && first.verdict.outcome != .hang {
                    let shrunk: (finding: FuzzFinding, expectation: ModelExpectation)?
                    if parsed.inProcess { shrunk = campaign.shrink(first.index) } else { shrunk = try? runner.shrink(first.index) }
                    if let shrunk, shrunk.finding.verdict.outcome == first.verdict.outcome {
                        finding = shrunk.finding
                        expectation = shrunk.expectation
                    }
                }
                newGroups += 1
                do {
                    try FuzzRegressions.save(finding, expectation: expectation, model: campaign.model, in: folder)
                    finding.reproducer = casesPath + FuzzRegressions.caseName(of: finding) + ".json (new: review it, fix the model or commit the case)"
                } catch {
                    output("\(toolName): error: cannot save a regression case in \(folder.path): \(error)")
                    writeFailed = true
                }
            }
            if size > 1 { finding.verdict.seen += " [\(size) mutants like this one]" }
            shown.append(finding)
        }
        let fuzzReport = FuzzReport(subject: "model \(model.name) (\(model.typeName))", seed: parsed.seed, count: parsed.count,
                                    shard: parsed.shard, mutators: campaign.generator.mutators, seeds: campaign.generator.productiveSeeds,
                                    skipped: campaign.skippedInputs + campaign.skipped, tally: result.tally, findings: shown,
                                    distinct: result.distinct, known: knownCount)
        if parsed.json {
            output(CanonicalJSONWriter.text(fuzzReport.json()).dropLast().description)
        } else {
            output(String(fuzzReport.text().dropLast()))
        }
        if writeFailed { return 2 }
        return newGroups > 0 ? 1 : 0
    }

    /// This program's own path, to start a worker.
    static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 { return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return CommandLine.arguments[0]
    }
}
