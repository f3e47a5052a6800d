// wirelock-bench: how fast WireJSON validates, next to yajl's json_verify and Foundation.
//
//   wirelock-bench --file Benchmarks/data/records-100mb.json
//   wirelock-bench --stream-rss --size-mb 1100 --wirelock .build/release/wirelock
//
// Every run happens in a child process of its own (this program re-executes itself with
// `--child WORKLOAD`), so each starts from the same state and `wait4` reports its own peak RSS.
// Results go to standard output as markdown; progress goes to standard error.

import Foundation
import WireLockBenchSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One run of `workload` in a fresh process; returns its seconds and how it ended.
func runOnce(_ workload: Workload, file: String, options: BenchOptions) throws -> (Double, Subprocess.Outcome) {
    switch workload {
    case .jsonVerify:
        let start = monotonicSeconds()
        let process = try Subprocess.spawnMeasured([options.jsonVerify, "-q"], stdin: .file(file), stdout: .null)
        let outcome = process.wait()
        let seconds = monotonicSeconds() - start
        guard outcome.exitCode == 0 else { throw BenchError("json_verify exited with \(outcome.exitCode)") }
        return (seconds, outcome)
    default:
        let output = Subprocess.temporaryPath("child")
        defer { unlink(output) }
        let process = try Subprocess.spawnMeasured(
            [ownExecutable(), "--child", workload.rawValue, "--file", file],
            stdin: .null, stdout: .file(output)
        )
        let outcome = process.wait()
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard outcome.exitCode == 0, let seconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchError("\(workload.rawValue) run failed (exit \(outcome.exitCode)): \(text)")
        }
        return (seconds, outcome)
    }
}

func compareWorkloads(_ options: BenchOptions, file: String) throws {
    let bytes = try warmPageCache(file)
    progress("wirelock-bench: \(file): \(bytes) bytes, \(options.runs) runs per workload")
    var workloads: [Workload] = [
        .wireJSON, .wireJSONSwift, .jsonVerify, .wireJSONExact, .wireJSONSwiftExact, .jsonSerialization,
    ]
    if !options.skipDecoder { workloads.append(.jsonDecoder) }

    // Round-robin: each round runs every workload once, so a slow stretch of the shared host
    // falls on all of them alike rather than on whichever ran then.
    var results = workloads.map { WorkloadRuns(workload: $0, bytes: bytes) }
    var rssIsExact = true
    for run in 1...options.runs {
        for (index, workload) in workloads.enumerated() {
            let (seconds, outcome) = try runOnce(workload, file: file, options: options)
            results[index].seconds.append(seconds)
            results[index].maxRSSKiB.append(outcome.maxRSSKiB)
            rssIsExact = rssIsExact && outcome.rssIsExact
            progress(
                "  \(workload.rawValue) run \(run): \(fixed(seconds, 3)) s, \(fixed(results[index].megabytesPerSecond(seconds), 1)) MB/s, peak RSS \(outcome.maxRSSKiB / 1024) MiB"
            )
        }
    }
    func result(_ workload: Workload) -> WorkloadRuns<Workload> { results[workloads.firstIndex(of: workload)!] }

    let wire = results[0]
    var table = """
        ## Validating a \(fixed(Double(bytes) / 1_000_000, 1)) MB file (best and median of \(options.runs) runs, 1 MB = 10⁶ bytes)

        | workload | what is timed | best MB/s | median MB/s | best s | peak RSS MiB | WireJSON speed ÷ this |
        |---|---|--:|--:|--:|--:|--:|

        """
    for result in results {
        let ratio = wire.bestMBps / result.bestMBps
        table +=
            "| \(result.workload.title) | \(result.workload.timed) | \(fixed(result.bestMBps, 1)) | \(fixed(result.medianMBps, 1)) | \(fixed(result.best, 3)) | \(fixed(result.peakRSSMiB, 1)) | \(fixed(ratio, 2))× |\n"
    }
    table += """

        | ratio (throughput) | best | median |
        |---|--:|--:|

        """
    for result in results.dropFirst() {
        table +=
            "| WireJSON / \(result.workload.rawValue) | \(fixed(wire.bestMBps / result.bestMBps, 2))× | \(fixed(wire.medianMBps / result.medianMBps, 2))× |\n"
    }
    for (left, right) in [
        (Workload.wireJSONSwift, Workload.jsonVerify), (.wireJSONSwift, .wireJSON),
        (.wireJSONSwiftExact, .wireJSONExact),
        (.wireJSONSwiftExact, .jsonVerify),
    ] {
        let (l, r) = (result(left), result(right))
        table +=
            "| \(left.rawValue) / \(right.rawValue) | \(fixed(l.bestMBps / r.bestMBps, 2))× | \(fixed(l.medianMBps / r.medianMBps, 2))× |\n"
    }
    table +=
        rssIsExact
        ? "\nPeak RSS: GNU time `%M` of each run's own process (max over the runs).\n"
        : "\nPeak RSS: `wait4` `ru_maxrss`, an upper bound that includes the launcher's footprint (install Debian `time` for exact numbers).\n"
    print(table)
}

func streamRSS(_ options: BenchOptions) throws {
    let generator =
        options.generator
        ?? (ownExecutable() as NSString).deletingLastPathComponent + "/wirelock-gen"
    guard access(options.wirelock, X_OK) == 0 else {
        throw BenchError(
            "no wirelock CLI at \(options.wirelock) (build it with `swift build -c release`, or pass --wirelock)")
    }
    let generatorLog = Subprocess.temporaryPath("gen")
    let validatorLog = Subprocess.temporaryPath("validate")
    defer {
        unlink(generatorLog)
        unlink(validatorLog)
    }
    let generatorArguments = [generator, "--size-mb", String(options.streamSizeMB), "--stdout"]

    // The generator alone, to show whether it or the validator limits the pipeline.
    progress("wirelock-bench: \(generatorArguments.joined(separator: " ")) > /dev/null")
    let genStart = monotonicSeconds()
    let genOnly = Subprocess.wait(
        try Subprocess.spawn(generatorArguments, stdin: .null, stdout: .null, stderr: .file(generatorLog)))
    let genSeconds = monotonicSeconds() - genStart
    guard genOnly.exitCode == 0 else { throw BenchError("wirelock-gen exited with \(genOnly.exitCode)") }

    progress("wirelock-bench: \(generatorArguments.joined(separator: " ")) | \(options.wirelock) validate -")
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw BenchError("pipe failed") }
    let start = monotonicSeconds()
    let genPid = try Subprocess.spawn(
        generatorArguments, stdin: .null, stdout: .descriptor(fds[1]), stderr: .file(generatorLog), closing: [fds[0]]
    )
    let validatorProcess = try Subprocess.spawnMeasured(
        [options.wirelock, "validate", "-"], stdin: .descriptor(fds[0]), stdout: .file(validatorLog),
        stderr: .descriptor(1), closing: [fds[1]]
    )
    close(fds[0])
    close(fds[1])
    let validator = validatorProcess.wait()
    let seconds = monotonicSeconds() - start
    let gen = Subprocess.wait(genPid)

    let genText = (try? String(contentsOfFile: generatorLog, encoding: .utf8)) ?? ""
    let validatorText = (try? String(contentsOfFile: validatorLog, encoding: .utf8)) ?? ""
    // "wirelock-gen: wrote 1100000123 bytes, …"
    guard let bytes = genText.split(separator: " ").dropFirst(2).first.flatMap({ Int($0) }) else {
        throw BenchError("cannot read the byte count from wirelock-gen: \(genText)")
    }
    guard gen.exitCode == 0, validator.exitCode == 0 else {
        throw BenchError(
            "pipeline failed: wirelock-gen exit \(gen.exitCode), wirelock validate exit \(validator.exitCode): \(validatorText)"
        )
    }
    let mb = Double(bytes) / 1_000_000
    print(
        """
        ## Streaming \(fixed(mb, 1)) MB through `wirelock validate -`

        | measurement | value |
        |---|--:|
        | bytes streamed | \(bytes) |
        | wall time of `wirelock validate -` | \(fixed(seconds, 2)) s |
        | throughput through the pipe | \(fixed(mb / seconds, 1)) MB/s |
        | peak RSS of `wirelock validate -` (\(validator.rssIsExact ? "GNU time `%M`" : "`wait4` upper bound")) | \(fixed(Double(validator.maxRSSKiB) / 1024, 1)) MiB |
        | `wirelock-gen` alone to /dev/null | \(fixed(mb / genSeconds, 1)) MB/s |
        | `wirelock validate -` exit status | \(validator.exitCode) |

        """)
}

do {
    let options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
    if let child = options.child {
        let seconds = try child.runInProcess(path: options.file ?? "")
        print(String(format: "%.6f", seconds))
    } else {
        if options.streamRSS {
            try streamRSS(options)
        } else if let file = options.file {
            print(MachineInfo.current().markdown + "\n")
            try compareWorkloads(options, file: file)
        }
    }
} catch {
    progress("wirelock-bench: \(error)")
    exit(1)
}
