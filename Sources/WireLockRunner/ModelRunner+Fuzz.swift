import Foundation
import WireCommandLine
import WireCommands
import WireFuzz
import WireJSON
import WireSupport
import WireToolSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An input problem of `fuzz` found after parsing (an unknown model, no fixture), in words.
struct RunnerError: Error {
    var text: String
    init(_ text: String) { self.text = text }
}

/// `fuzz MODEL [GLOB…] [options]` (see ``RunnerFuzzCommand``): a campaign over a model's
/// fixtures, run in a worker process (the same program, started with a hidden command).
extension ModelRunner {
    /// The hidden command a worker is started with.
    static let workerCommand = "__fuzz-worker"

    /// The campaign the arguments describe, or why there is none.
    func campaign(_ arguments: RunnerFuzzCommand) -> Result<(ModelCampaign, Model), RunnerError> {
        guard let model = models.first(where: { $0.name == arguments.model }) else {
            return .failure(
                RunnerError("unknown model '\(arguments.model)'; known: \(models.map(\.name).joined(separator: ", "))"))
        }
        let patterns = arguments.globs.isEmpty ? model.fixtures : arguments.globs
        let files = GlobPattern.expand(patterns)
        guard !files.isEmpty else {
            return .failure(RunnerError("no fixtures match \(patterns.joined(separator: " ")) for model \(model.name)"))
        }
        var seeds: [FuzzSeed] = []
        var skipped: [(name: String, reason: String)] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                return .failure(RunnerError("cannot read '\(file)'"))
            }
            do throws(JSONSyntaxError) { seeds.append(try FuzzSeed(name: file, bytes: Array(data))) } catch {
                skipped.append((file, "not valid JSON: " + JSONDiagnostic(error).inline))
            }
        }
        var campaign = ModelCampaign(
            model: model.fuzzModel, seeds: seeds, seed: arguments.seed, mutators: arguments.mutators)
        campaign.skippedInputs = skipped
        return .success((campaign, model))
    }

    #if WIRELOCK_SPAWN
        func fuzzWorker(_ parsed: RunnerFuzzCommand) -> ExitCode {
            guard case .success(let (campaign, _)) = self.campaign(parsed) else { return .failure }
            ChildProcessCampaign.serve(campaign)
            return .success
        }
    #endif

    func fuzz(_ parsed: RunnerFuzzCommand, output: (String) -> Void, progress: ((String) -> Void)?) -> ExitCode {
        let campaign: ModelCampaign
        let model: Model
        switch self.campaign(parsed) {
        case .success(let value): (campaign, model) = value
        case .failure(let message):
            reportError(message.text, output: output)
            return .failure
        }
        guard !campaign.generator.isEmpty else {
            reportError(
                "the model \(model.name) accepts none of its fixtures, so there is nothing to mutate", output: output)
            return .failure
        }
        let total = Array(parsed.shard.indices(upTo: parsed.count)).count
        let report: ((Int) -> Void) = { done in
            guard !parsed.quiet, let progress else { return }
            progress("\rfuzz \(model.name): \(done)/\(total) mutants" + (done == total ? "\n" : ""))
        }
        // A worker process survives a model that traps, where processes can be started and unless
        // asked to run in this one.
        var result: ModelCampaign.Result
        #if WIRELOCK_SPAWN
            let runner =
                parsed.inProcess
                ? nil
                : ChildProcessCampaign(
                    campaign: campaign,
                    workerCommand: [Self.executablePath(), Self.workerCommand] + parsed.campaignArguments,
                    timeLimit: Double(parsed.timeLimit))
            if let runner {
                do throws(ChildProcessCampaign.WorkerError) {
                    result = try runner.run(count: parsed.count, shard: parsed.shard, progress: report)
                } catch {
                    reportError("\(error)", output: output)
                    return .failure
                }
            } else {
                result = campaign.run(count: parsed.count, shard: parsed.shard, progress: report)
            }
        #else
            result = campaign.run(count: parsed.count, shard: parsed.shard, progress: report)
        #endif

        // One finding per root cause (outcome, path with indices as [*]) is shrunk and saved,
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
            let key = finding.rootCause
            if groups[key] == nil {
                order.append(key)
                groups[key] = (finding, 0)
            }
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
                    #if WIRELOCK_SPAWN
                        shrunk = runner != nil ? try? runner!.shrink(first.index) : campaign.shrink(first.index)
                    #else
                        shrunk = campaign.shrink(first.index)
                    #endif
                    if let shrunk, shrunk.finding.verdict.outcome == first.verdict.outcome {
                        finding = shrunk.finding
                        expectation = shrunk.expectation
                    }
                }
                newGroups += 1
                do {
                    try FuzzRegressions.save(finding, expectation: expectation, model: campaign.model, in: folder)
                    finding.reproducer =
                        casesPath + FuzzRegressions.caseName(of: finding)
                        + ".json (new: review it, fix the model or commit the case)"
                } catch {
                    reportError("cannot save a regression case in \(folder.path): \(error)", output: output)
                    writeFailed = true
                }
            }
            if size > 1 { finding.verdict.seen += " [\(size) mutants like this one]" }
            shown.append(finding)
        }
        let fuzzReport = FuzzReport(
            subject: "model \(model.name) (\(model.typeName))", seed: parsed.seed, count: parsed.count,
            shard: parsed.shard, mutators: campaign.generator.mutators, seeds: campaign.generator.productiveSeeds,
            skipped: campaign.skippedInputs + campaign.skipped, tally: result.tally, findings: shown,
            distinct: result.distinct, known: knownCount)
        if parsed.format == .json {
            output(CanonicalJSONWriter.text(fuzzReport.json()).dropLast().description)
        } else {
            output(String(fuzzReport.text().dropLast()))
        }
        if writeFailed { return .failure }
        return newGroups > 0 ? .findings : .success
    }

    /// This program's own path, to start a worker: what the system says it ran, not `argv[0]`
    /// (a bare name when the program was found on `PATH`).
    static func executablePath() -> String {
        #if canImport(Darwin)
            // <mach-o/dyld.h>: `_NSGetExecutablePath` gives the path the program was started by
            // (maybe relative or through a symlink, which `realpath` resolves).
            var size: UInt32 = 0
            _ = _NSGetExecutablePath(nil, &size)
            var buffer = [CChar](repeating: 0, count: Int(size) + 1)
            if _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) {
                defer { free(resolved) }
                return String(cString: resolved)
            }
        #elseif os(Linux)
            // Linux's procfs: the running executable, a symlink to its absolute path.
            var buffer = [CChar](repeating: 0, count: 4096)
            let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            if n > 0 { return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        #endif
        return CommandLine.arguments[0]
    }
}
