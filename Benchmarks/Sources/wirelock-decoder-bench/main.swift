// wirelock-decoder-bench: WireJSONDecoder next to JSONDecoder and JSONSerialization, in one run.
//
//   wirelock-decoder-bench --file Benchmarks/data/records-100mb.json [--runs 3] [--docs 10000]
//
// a) the whole file into MoviePage, one call; b) its first --docs records as single-record
// documents of ~2 KB, one call each, with a new decoder per call and with one shared decoder;
// decodeWithReport in both. Every run is a child process of its own (this program re-executes
// itself with `--child WORKLOAD`), so each starts cold and its peak RSS belongs to it alone (GNU
// time `%M`). c) the small documents again, JSONDecoder and WireJSONDecoder taking turns block by
// block in one process, so that the host's drift falls on both alike. Results go to standard
// output as markdown; progress goes to standard error.

import Foundation
import WireLockBenchSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct Options {
    var file: String?
    var runs = 3
    var docs = 10_000
    /// Internal: run one workload once and print its result (used by the parent process).
    var child: Workload?
    /// Only section d), the real-model workload (no `--file` needed).
    var restOnly = false
    /// Section d)'s rows whose `payload:style:setup` contains this text; all when nil.
    var restFilter: String?
    /// Internal: one paired run of section d), or one decoder alone (`json` or `wire`).
    var restChild: RESTRun.Spec?
    var restAlone: (RESTRun.Spec, Bool)?
    /// Run the decoder oracle over this many mutants of the workload's fixtures, in release, and
    /// print its report (the full-scale run of WireOracleTests' real-model oracle).
    var restOracle: Int?

    static let usage = """
        usage: wirelock-decoder-bench --file FILE [--runs N] [--docs N]
               wirelock-decoder-bench --rest [--rest-filter TEXT] [--runs N]
               wirelock-decoder-bench --rest-oracle COUNT

        Decodes FILE (from `wirelock-gen --size-mb 100 --out FILE`) into a Codable mirror with
        JSONDecoder, JSONSerialization and WireJSONDecoder (strict, .jsonDecoder acceptance and
        decodeWithReport), then its first N records (default 10000) as single-record documents,
        one call each; N rounds in which every row runs once (default 3), each run in its own process;
        then the real-model workload (section d, generated in memory); prints markdown. --rest runs
        only section d (rows filtered by --rest-filter, e.g. `repositories-30` or `iso8601`).
        """

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var rest = BenchArguments(arguments)
        while let argument = rest.next() {
            switch argument {
            case "--file": options.file = try rest.value(argument)
            case "--runs": options.runs = try rest.positive(argument)
            case "--docs": options.docs = try rest.positive(argument)
            case "--child":
                let name = try rest.value(argument)
                guard let workload = Workload(argument: name) else { throw BenchError("unknown workload '\(name)'") }
                options.child = workload
            case "--rest": options.restOnly = true
            case "--rest-filter": options.restFilter = try rest.value(argument)
            case "--rest-oracle": options.restOracle = try rest.positive(argument)
            case "--rest-child":
                let name = try rest.value(argument)
                guard let spec = RESTRun.Spec(argument: name) else { throw BenchError("unknown row '\(name)'") }
                options.restChild = spec
            case "--rest-alone":
                let name = try rest.value(argument)
                let side = try rest.value(argument)
                guard let spec = RESTRun.Spec(argument: name) else { throw BenchError("unknown row '\(name)'") }
                options.restAlone = (spec, side == "wire")
            case "-h", "--help":
                print(usage)
                exit(0)
            default:
                throw BenchError("unknown argument '\(argument)'\n\(usage)")
            }
        }
        let restMode =
            options.restOnly || options.restChild != nil || options.restAlone != nil || options.restOracle != nil
        guard options.file != nil || restMode else { throw BenchError("give --file FILE\n\(usage)") }
        return options
    }
}

/// What a child reports: seconds of the timed part, bytes decoded, records and report entries
/// seen; a paired run also reports the second decoder's seconds.
struct ChildResult {
    var seconds: Double
    var bytes: Int
    var records: Int
    var entries: Int
    /// A paired run's `WireJSONDecoder` seconds (`seconds` is then `JSONDecoder`'s); 0 otherwise.
    var pairedSeconds: Double = 0

    var line: String {
        "\(String(format: "%.6f", seconds)) \(bytes) \(records) \(entries) \(String(format: "%.6f", pairedSeconds))"
    }

    init(seconds: Double, bytes: Int, records: Int, entries: Int, pairedSeconds: Double = 0) {
        self.seconds = seconds
        self.bytes = bytes
        self.records = records
        self.entries = entries
        self.pairedSeconds = pairedSeconds
    }

    init?(line: String) {
        let fields = line.split(separator: " ")
        guard fields.count == 5, let seconds = Double(fields[0]), let bytes = Int(fields[1]),
            let records = Int(fields[2]), let entries = Int(fields[3]), let paired = Double(fields[4])
        else { return nil }
        self.init(seconds: seconds, bytes: bytes, records: records, entries: entries, pairedSeconds: paired)
    }
}

/// Runs one workload in this process. The large one reads the file, then times the decode call
/// alone: reading the file and freeing the decoded page cost every decoder the same (together
/// about 0.2 s of the 100 MB run here) and are outside the clock. The small one cuts the
/// documents first (not timed), decodes the first 100 once to warm up, then times every
/// document, one call each (each value freed as the loop goes on, as in a client).
func runChild(_ workload: Workload, options: Options) throws -> ChildResult {
    let path = options.file ?? ""
    switch workload {
    case .large(let contender):
        let decode = contender.decoding(shared: true)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let start = monotonicSeconds()
        let (records, entries, value) = try decode(data)
        let seconds = monotonicSeconds() - start
        withExtendedLifetime(value) {}
        return ChildResult(seconds: seconds, bytes: data.count, records: records, entries: entries)
    case .small(let contender, let shared):
        let documents = try SmallDocuments.cut(from: path, count: options.docs)
        let decode = contender.decoding(shared: shared)
        for document in documents.prefix(100) { _ = try decode(document) }
        var records = 0
        var entries = 0
        let start = monotonicSeconds()
        for document in documents {
            let result = try decode(document)
            records += result.records
            entries += result.entries
        }
        let seconds = monotonicSeconds() - start
        return ChildResult(
            seconds: seconds, bytes: documents.reduce(0) { $0 + $1.count }, records: records, entries: entries)
    case .paired(let shared):
        let documents = try SmallDocuments.cut(from: path, count: options.docs)
        return try PairedRun.run(documents, shared: shared)
    }
}

/// One run of `workload` in a fresh process.
func runOnce(_ workload: Workload, options: Options) throws -> (ChildResult, Subprocess.Outcome) {
    let output = Subprocess.temporaryPath("decoder-child")
    defer { unlink(output) }
    let process = try Subprocess.spawnMeasured(
        [ownExecutable(), "--child", workload.argument, "--file", options.file ?? "", "--docs", String(options.docs)],
        stdin: .null, stdout: .file(output)
    )
    let outcome = process.wait()
    let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    guard outcome.exitCode == 0, let result = ChildResult(line: text.trimmingCharacters(in: .whitespacesAndNewlines))
    else {
        throw BenchError("\(workload.argument) run failed (exit \(outcome.exitCode)): \(text)")
    }
    return (result, outcome)
}

/// A row's runs and what the runs saw.
struct Row {
    var workload: Workload
    var runs: WorkloadRuns<Workload>
    var records = 0
    var entries = 0
}

/// Runs every row once per round, round after round: the host's speed drifts by tens of percent
/// within a minute here, and rows measured in turn see the same drift, so their ratios hold
/// where rows measured one after the other would not.
func measure(_ workloads: [Workload], options: Options, expectedRecords: Int?) throws -> ([Row], Bool) {
    var rows = workloads.map { Row(workload: $0, runs: WorkloadRuns(workload: $0, bytes: 0)) }
    var rssIsExact = true
    for run in 1...options.runs {
        for position in rows.indices {
            let workload = rows[position].workload
            var row = rows[position]
            defer { rows[position] = row }
            let (result, outcome) = try runOnce(workload, options: options)
            row.runs.bytes = result.bytes
            row.runs.seconds.append(result.seconds)
            row.runs.maxRSSKiB.append(outcome.maxRSSKiB)
            row.records = result.records
            row.entries = result.entries
            rssIsExact = rssIsExact && outcome.rssIsExact
            if let expectedRecords, result.records != expectedRecords {
                throw BenchError("\(workload.argument): \(result.records) records decoded, expected \(expectedRecords)")
            }
            progress(
                "  \(workload.argument) run \(run): \(fixed(result.seconds, 3)) s, "
                    + "\(fixed(row.runs.megabytesPerSecond(result.seconds), 1)) MB/s, "
                    + "peak RSS \(outcome.maxRSSKiB / 1024) MiB, \(result.records) records, \(result.entries) report entries"
            )
        }
    }
    return (rows, rssIsExact)
}

/// The speed of `row` over JSONDecoder's in the same workload (same reuse): best over best,
/// median over median, and the median of the rounds' own ratios (each round runs both rows
/// within seconds of each other, so a slow stretch of the host divides out).
func ratio(_ row: Row, to reference: Row?) -> String {
    guard let reference else { return "–" }
    let rounds = zip(reference.runs.seconds, row.runs.seconds).map { $0 / $1 }.sorted()
    let perRound = rounds.isEmpty ? 0 : rounds[rounds.count / 2]
    return
        "\(fixed(reference.runs.best / row.runs.best, 2))× / \(fixed(reference.runs.median / row.runs.median, 2))× / "
        + "\(fixed(perRound, 2))×"
}

func largeTable(_ rows: [Row], options: Options) -> String {
    let reference = rows.first { $0.workload == .large(.jsonDecoder) }
    let bytes = rows.first?.runs.bytes ?? 0
    var table = """
        ## a) The \(fixed(Double(bytes) / 1_000_000, 1)) MB document into `MoviePage`, one call (best and median of \(options.runs) runs, 1 MB = 10⁶ bytes)

        Timed: the decode call alone (the file is read before the clock starts and the page freed after it stops); each run in its own process.

        | decoder | best MB/s | median MB/s | best s | peak RSS MiB | speed ÷ JSONDecoder's (best / median / median of rounds) | report entries |
        |---|--:|--:|--:|--:|--:|--:|

        """
    for row in rows {
        let runs = row.runs
        table +=
            "| \(row.workload.contender.title) | \(fixed(runs.bestMBps, 1)) | \(fixed(runs.medianMBps, 1)) | "
            + "\(fixed(runs.best, 3)) | \(fixed(runs.peakRSSMiB, 1)) | \(ratio(row, to: reference)) | "
            + "\([.wireReport, .wireReportNoReads].contains(row.workload.contender) ? String(row.entries) : "–") |\n"
    }
    return table
}

func smallTable(_ rows: [Row], options: Options) -> String {
    let bytes = rows.first?.runs.bytes ?? 0
    var table = """
        ## b) \(options.docs) documents of ~\(bytes / max(options.docs, 1)) bytes (\(fixed(Double(bytes) / 1_000_000, 1)) MB), one call each (best and median of \(options.runs) runs)

        Timed: the decode calls only (the documents are in memory; 100 untimed calls warm up first).
        "new per call": a new decoder for every document; "shared": one decoder for all.

        | decoder | decoder object | best docs/s | median docs/s | best MB/s | median MB/s | peak RSS MiB | speed ÷ JSONDecoder's (best / median / median of rounds) | report entries |
        |---|---|--:|--:|--:|--:|--:|--:|--:|

        """
    for row in rows {
        guard case .small(let contender, let shared) = row.workload else { continue }
        let reference = rows.first { $0.workload == .small(.jsonDecoder, shared: shared) }
        let runs = row.runs
        let reuse = contender == .jsonSerialization ? "–" : (shared ? "shared" : "new per call")
        table +=
            "| \(contender.title) | \(reuse) | \(fixed(Double(options.docs) / runs.best, 0)) | "
            + "\(fixed(Double(options.docs) / runs.median, 0)) | \(fixed(runs.bestMBps, 1)) | "
            + "\(fixed(runs.medianMBps, 1)) | \(fixed(runs.peakRSSMiB, 1)) | \(ratio(row, to: reference)) | "
            + "\([.wireReport, .wireReportNoReads].contains(contender) ? String(row.entries) : "–") |\n"
    }
    return table
}

do {
    let options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
    if let total = options.restOracle {
        let start = monotonicSeconds()
        let run = RESTOracle.run(total: total)
        print(run.report)
        print(
            "expected inputs \(run.expected), unparseable fixtures \(run.unparseable), \(fixed(monotonicSeconds() - start, 1)) s"
        )
        if !run.report.isClean || run.report.inputs != run.expected || !run.unparseable.isEmpty { exit(1) }
    } else if let spec = options.restChild {
        print(try RESTRun.paired(spec).line)
    } else if let (spec, wire) = options.restAlone {
        print(try RESTRun.alone(spec, wire: wire).line)
    } else if options.restOnly {
        progress("wirelock-decoder-bench: the real-model workload, \(options.runs) runs per row")
        print(MachineInfo.current().markdown + "\n")
        print(try RESTRun.table(options: options))
    } else if let child = options.child {
        print(try runChild(child, options: options).line)
    } else {
        let file = options.file ?? ""
        let bytes = try warmPageCache(file)
        progress("wirelock-decoder-bench: \(file): \(bytes) bytes, \(options.runs) runs per row")
        print(MachineInfo.current().markdown + "\n")

        let everyone: [Contender] = [
            .jsonDecoder, .jsonSerialization, .wireStrict, .wireCompatible, .wireReport, .wireReportNoReads,
        ]
        let (large, largeExact) = try measure(everyone.map { .large($0) }, options: options, expectedRecords: nil)
        let pages = Set(large.map(\.records))
        guard pages.count == 1 else { throw BenchError("the contenders disagree on the record count: \(pages)") }
        print(largeTable(large, options: options))

        var smallWorkloads: [Workload] = everyone.map { .small($0, shared: false) }
        smallWorkloads += everyone.filter { $0 != .jsonSerialization }.map { .small($0, shared: true) }
        let (small, smallExact) = try measure(smallWorkloads, options: options, expectedRecords: options.docs)
        print(smallTable(small, options: options))
        print(try PairedRun.table(options: options))
        print(try RESTRun.table(options: options))
        print(
            largeExact && smallExact
                ? "Peak RSS: GNU time `%M` of each run's own process (max over the runs); in b) it includes the documents held in memory."
                : "Peak RSS: `wait4` `ru_maxrss`, an upper bound that includes the launcher's footprint (install Debian `time` for exact numbers)."
        )
    }
} catch {
    progress("wirelock-decoder-bench: \(error)")
    exit(1)
}
