// wirelock-bench: how fast WireJSON validates, next to yajl's json_verify and Foundation.
//
//   wirelock-bench --file Benchmarks/data/records-100mb.json [--file …] --wirelock .build/release/wirelock
//   wirelock-bench --stream-rss --size-mb 1100 --wirelock .build/release/wirelock
//
// Whole processes: `json_verify -q < file` beside `wirelock validate` on each engine, each run a
// process of its own (the Foundation rows re-execute this program with `--child WORKLOAD`), round
// by round; then each pass of the validator alone, in process, in MB/s. Results go to standard
// output as markdown; progress goes to standard error.

import Foundation
import WireLockBenchSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One run of `workload` in a fresh process; returns its wall seconds and how it ended.
func runOnce(_ workload: Workload, file: String, options: BenchOptions) throws -> (Double, Subprocess.Outcome) {
    let (arguments, stdin) = workload.command(file: file, options: options)
    let output = Subprocess.temporaryPath("child")
    defer { unlink(output) }
    let start = monotonicSeconds()
    let process = try Subprocess.spawnMeasured(arguments, stdin: stdin, stdout: .file(output))
    let outcome = process.wait()
    var seconds = monotonicSeconds() - start
    guard outcome.exitCode == 0 else {
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        throw BenchError("\(workload.rawValue) exited with \(outcome.exitCode): \(text)")
    }
    if workload == .jsonSerialization || workload == .jsonDecoder {
        // The Foundation rows time themselves (read + parse), without the process start.
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard let own = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchError("\(workload.rawValue) printed no time: \(text)")
        }
        seconds = own
    }
    return (seconds, outcome)
}

/// The 1-minute load average, from `/proc/loadavg` ("–" where there is none).
func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "–" }
    return String(text.split(separator: " ").first ?? "–")
}

func compareWorkloads(_ options: BenchOptions, file: String, foundation: Bool) throws {
    let bytes = try warmPageCache(file)
    progress("wirelock-bench: \(file): \(bytes) bytes, \(options.runs) rounds")
    var workloads: [Workload] = [.jsonVerify, .wirelockYajl, .wirelockSwift]
    if foundation { workloads += options.skipDecoder ? [.jsonSerialization] : [.jsonSerialization, .jsonDecoder] }

    // Round-robin: each round runs every workload once, so a slow stretch of the shared host falls
    // on all of them alike; a round's ratios are taken within the round.
    var results = workloads.map { WorkloadRuns(workload: $0, bytes: bytes) }
    var cpu = workloads.map { _ in [Double]() }
    var ratios = workloads.map { _ in [Double]() }
    var rssIsExact = true
    let loadBefore = loadAverage()
    for round in 1...options.runs {
        var reference = Double.nan
        for (index, workload) in workloads.enumerated() {
            let (seconds, outcome) = try runOnce(workload, file: file, options: options)
            if workload == .jsonVerify { reference = seconds }
            results[index].seconds.append(seconds)
            results[index].maxRSSKiB.append(outcome.maxRSSKiB)
            cpu[index].append(outcome.cpuSeconds)
            ratios[index].append(reference / seconds)
            rssIsExact = rssIsExact && outcome.rssIsExact
            progress(
                "  \(workload.rawValue) round \(round): \(fixed(seconds, 3)) s, CPU \(fixed(outcome.cpuSeconds, 3)) s, peak RSS \(outcome.maxRSSKiB / 1024) MiB"
            )
        }
    }
    let loadAfter = loadAverage()

    var table = """
        ### \((file as NSString).lastPathComponent): \(fixed(Double(bytes) / 1_000_000, 1)) MB, whole processes, \(options.runs) rounds (load average \(loadBefore) before, \(loadAfter) after)

        | workload | median s | median MB/s | best MB/s | median CPU s | peak RSS MiB | speed ÷ json_verify's (median of the rounds) |
        |---|--:|--:|--:|--:|--:|--:|

        """
    for (index, result) in results.enumerated() {
        table +=
            "| \(result.workload.title) | \(fixed(result.median, 3)) | \(fixed(result.medianMBps, 1)) | \(fixed(result.bestMBps, 1)) | \(fixed(medianOf(cpu[index]), 3)) | \(fixed(result.peakRSSMiB, 1)) | \(fixed(medianOf(ratios[index]), 2))× |\n"
    }
    table +=
        rssIsExact
        ? "\nPeak RSS: GNU time `%M` of each run's own process (max over the runs).\n"
        : "\nPeak RSS: `wait4` `ru_maxrss`, an upper bound that includes the launcher's footprint (install Debian `time` for exact numbers).\n"
    print(table)
}

/// Each pass of the validator alone, in this process, over the file in memory: MB/s, so that a
/// regression in one shows.
func comparePasses(_ options: BenchOptions, file: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    var results = PassWorkload.all.map { WorkloadRuns(workload: $0, bytes: data.count) }
    for _ in 1...options.runs {
        for index in results.indices {
            let seconds = try data.withUnsafeBytes { try results[index].workload.run($0) }
            results[index].seconds.append(seconds)
        }
    }
    var table = """
        | pass, in process (\((file as NSString).lastPathComponent)) | median MB/s | best MB/s |
        |---|--:|--:|

        """
    for result in results {
        table += "| \(result.workload.title) | \(fixed(result.medianMBps, 1)) | \(fixed(result.bestMBps, 1)) |\n"
    }
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
        let seconds = try child.runInProcess(path: options.files.first ?? "")
        print(String(format: "%.6f", seconds))
    } else if options.streamRSS {
        try streamRSS(options)
    } else {
        print(MachineInfo.current().markdown + "\n")
        for (index, file) in options.files.enumerated() {
            try compareWorkloads(options, file: file, foundation: index == 0)
            try comparePasses(options, file: file)
        }
    }
} catch {
    progress("wirelock-bench: \(error)")
    exit(1)
}
