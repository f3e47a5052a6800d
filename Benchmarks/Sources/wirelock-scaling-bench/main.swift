// wirelock-scaling-bench: is every command linear? Times the release CLI as whole processes on
// documents of size n and 8n and prints the ratio per row (linear is 8; a row above 10 is flagged).
//
//   wirelock-scaling-bench [--wirelock .build/release/wirelock] [--data Benchmarks/data/scaling]
//                          [--runs 3] [--scale 1] [--time-limit 120] [--only TEXT] [--token-mb 200]
//                          [--no-tokens] [--fail-on-flag]
//
// Rows: `fmt -` (canonical form to standard output), `shape FILE`, `diff OLD NEW` (the new side has
// one value changed near the end) and `validate FILE`, each over six documents (see
// ScalingWorkload). Then `validate` of a 200 MB document that is one string, against a 200 MB
// document of short strings: time ratio (≤ 1.5 wanted) and peak RSS (≤ 32 MiB wanted).
//
// Each time is the best of --runs; peak RSS comes from GNU time (`%M`). A run past --time-limit
// is stopped and shown as `> limit`. Results go to standard output as markdown.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct Options {
    var wirelock = ".build/release/wirelock"
    var data = "Benchmarks/data/scaling"
    var runs = 3
    var scale = 1.0
    var timeLimit = 120.0
    var only: String?
    var tokenMB = 200
    var tokens = true
    var failOnFlag = false

    static let usage = """
        usage: wirelock-scaling-bench [--wirelock PATH] [--data DIR] [--runs N] [--scale F]
                                      [--time-limit SECONDS] [--only TEXT] [--token-mb N] [--no-tokens]
                                      [--fail-on-flag]
        """

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var rest = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let value = rest.popFirst() else { throw BenchError("\(flag) needs a value") }
            return value
        }
        func number(_ flag: String) throws -> Double {
            guard let number = Double(try value(flag)), number > 0 else {
                throw BenchError("\(flag) needs a positive number")
            }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--wirelock": options.wirelock = try value(argument)
            case "--data": options.data = try value(argument)
            case "--runs": options.runs = max(1, Int(try number(argument)))
            case "--scale": options.scale = try number(argument)
            case "--time-limit": options.timeLimit = try number(argument)
            case "--only": options.only = try value(argument)
            case "--token-mb": options.tokenMB = max(1, Int(try number(argument)))
            case "--no-tokens": options.tokens = false
            case "--fail-on-flag": options.failOnFlag = true
            case "--help", "-h":
                print(usage)
                exit(0)
            default: throw BenchError("unknown argument '\(argument)'\n\(usage)")
            }
        }
        return options
    }
}

enum Command: String, CaseIterable {
    case fmt, shape, diff, validate
}

/// One row: a command on a document at size n (8n is the other column).
struct Row {
    var command: Command
    var workload: ScalingWorkload
    var n: Int
    /// For ``ScalingWorkload/depth``: the bytes of the string on each level.
    var levelBytes = 0
}

/// The sizes at n, chosen so that each row takes roughly 50 ms or more at n on the development VM
/// (see BENCHMARKS.md) and the whole run stays within a few minutes. `validate` is 10–50× faster
/// than the commands that build a tree, so its documents are larger.
func rows(scale: Double) -> [Row] {
    func scaled(_ n: Int) -> Int { max(1, Int((Double(n) * scale).rounded())) }
    var out: [Row] = []
    for command in Command.allCases {
        let validate = command == .validate
        out.append(Row(command: command, workload: .integers, n: scaled(validate ? 2_000_000 : 150_000)))
        out.append(Row(command: command, workload: .keys, n: scaled(validate ? 1_000_000 : 40_000)))
        out.append(Row(command: command, workload: .nestedRecords, n: scaled(validate ? 8_000 : 400)))
        // Depth grows from 60 to 480 levels (under the 512 limit); the string per level stays.
        out.append(Row(command: command, workload: .depth, n: 60, levelBytes: scaled(validate ? 400_000 : 40_000)))
        out.append(Row(command: command, workload: .longString, n: scaled(validate ? 20_000_000 : 3_000_000)))
        out.append(Row(command: command, workload: .longNumber, n: scaled(validate ? 20_000_000 : 5_000_000)))
    }
    return out
}

func arguments(for command: Command, wirelock: String, old: String, new: String) -> (
    arguments: [String], stdin: String?
) {
    switch command {
    case .fmt: ([wirelock, "fmt", "-"], old)
    case .shape: ([wirelock, "shape", old], nil)
    case .diff: ([wirelock, "diff", old, new], nil)
    case .validate: ([wirelock, "validate", old], nil)
    }
}

/// Exit statuses that mean the command did its job: `diff` exits 1 when the changed value changes
/// the shape in a breaking way (a null that becomes a bool), which is a finding, not a failure.
func succeeded(_ command: Command, _ exitCode: Int32) -> Bool {
    exitCode == 0 || (command == .diff && exitCode == 1)
}

struct Measured {
    var seconds: Double?
    var rssKiB: Int?
    var bytes: Int
    var failure: String?
}

func measure(_ command: Command, old: String, new: String, bytes: Int, options: Options) throws -> Measured {
    let (argv, stdin) = arguments(for: command, wirelock: options.wirelock, old: old, new: new)
    var best: Double?
    var rss: Int?
    for _ in 0..<options.runs {
        let run = try TimedProcess.run(argv, stdin: stdin, timeLimit: options.timeLimit)
        guard let seconds = run.seconds else {
            return Measured(seconds: nil, rssKiB: rss, bytes: bytes, failure: nil)
        }
        guard succeeded(command, run.exitCode) else {
            return Measured(
                seconds: nil, rssKiB: nil, bytes: bytes,
                failure: "exit \(run.exitCode): \(run.stderr)")
        }
        best = min(best ?? .infinity, seconds)
        rss = max(rss ?? 0, run.peakRSSKiB ?? 0)
        // A slow row is not repeated: one run past a few seconds says enough.
        if seconds > 5 { break }
    }
    return Measured(seconds: best, rssKiB: rss, bytes: bytes, failure: nil)
}

func writeDocument(_ workload: ScalingWorkload, n: Int, levelBytes: Int, variant: Bool, path: String) throws -> Int {
    let file = try BufferedFile(path: path)
    workload.write(n: n, variant: variant, levelBytes: levelBytes, to: file)
    file.close()
    return file.bytesWritten
}

func format(_ seconds: Double?, limit: Double) -> String {
    guard let seconds else { return "> \(Int(limit)) s" }
    return seconds < 10 ? String(formatDouble(seconds, 3)) + " s" : String(formatDouble(seconds, 1)) + " s"
}

func formatDouble(_ value: Double, _ digits: Int) -> String {
    var factor = 1.0
    for _ in 0..<digits { factor *= 10 }
    let rounded = (value * factor).rounded() / factor
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    } else {
        text += "." + String(repeating: "0", count: digits)
    }
    return text
}

func mebibytes(_ kib: Int?) -> String {
    guard let kib else { return "–" }
    return formatDouble(Double(kib) / 1024, 1)
}

func megabytes(_ bytes: Int) -> String {
    formatDouble(Double(bytes) / 1e6, bytes < 10_000_000 ? 2 : 1)
}

func main() throws {
    let options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
    guard access(options.wirelock, X_OK) == 0 else { throw BenchError("no wirelock executable at \(options.wirelock)") }
    guard access(TimedProcess.gnuTime, X_OK) == 0 else {
        throw BenchError("GNU time is needed at \(TimedProcess.gnuTime) (Debian package `time`)")
    }
    var prefix = options.data.hasPrefix("/") ? "/" : ""
    for part in options.data.split(separator: "/") {
        prefix += part
        mkdir(prefix, 0o755)
        prefix += "/"
    }

    print("## Scaling: time at n and at 8n (release CLI, whole processes)\n")
    print(
        "Best of \(options.runs) runs (one when a run takes over 5 s); 8n ÷ n is 8 for a linear command, rows over 10 are flagged."
    )
    print("`diff` reads two documents of the size shown. Peak RSS: GNU time `%M` at 8n.\n")
    print(
        "| command | document | n | 8n | MB at n | MB at 8n | time at n | time at 8n | 8n ÷ n | peak RSS at 8n (MiB) | |"
    )
    print("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|")

    var flagged: [String] = []
    var failures: [String] = []
    for row in rows(scale: options.scale) {
        let label = "\(row.command.rawValue) \(row.workload.rawValue)"
        if let only = options.only, !label.contains(only) { continue }
        var results: [Measured] = []
        for size in [row.n, row.n * 8] {
            let base = "\(options.data)/\(row.workload)-\(size)-\(row.levelBytes)"
            let old = base + ".json"
            let new = base + "-new.json"
            let bytes = try writeDocument(row.workload, n: size, levelBytes: row.levelBytes, variant: false, path: old)
            if row.command == .diff {
                _ = try writeDocument(row.workload, n: size, levelBytes: row.levelBytes, variant: true, path: new)
            }
            let measured = try measure(row.command, old: old, new: new, bytes: bytes, options: options)
            results.append(measured)
            unlink(old)
            unlink(new)
            // When n already failed or ran past the limit, 8n would only do so again, slower.
            if measured.seconds == nil && size == row.n {
                results.append(Measured(seconds: nil, rssKiB: nil, bytes: 0, failure: nil))
                break
            }
        }
        let atN = results[0]
        let at8N = results[1]
        var ratioText = "–"
        var flag = ""
        if let failure = atN.failure ?? at8N.failure {
            flag = "FAILED (\(failure))"
            failures.append("\(label): \(failure)")
        } else if let a = atN.seconds, let b = at8N.seconds {
            let ratio = b / a
            ratioText = formatDouble(ratio, 1)
            if ratio > 10 {
                flag = "**FLAG: > 10**"
                flagged.append("\(label) (\(ratioText))")
            }
        } else {
            flag = "**FLAG: past the time limit**"
            flagged.append("\(label) (past \(Int(options.timeLimit)) s)")
        }
        let n = row.workload == .depth ? "\(row.n) levels × \(row.levelBytes) B" : "\(row.n) \(row.workload.unit)"
        let n8 = row.workload == .depth ? "\(row.n * 8) levels" : "\(row.n * 8)"
        print(
            "| \(row.command.rawValue) | \(row.workload.rawValue) | \(n) | \(n8) | \(megabytes(atN.bytes)) | \(megabytes(at8N.bytes)) | \(format(atN.seconds, limit: options.timeLimit)) | \(format(at8N.seconds, limit: options.timeLimit)) | \(ratioText) | \(mebibytes(at8N.rssKiB)) | \(flag) |"
        )
        fflush(nil)
    }

    if options.tokens && (options.only.map { "validate long token".contains($0) } ?? true) {
        let bytes = options.tokenMB * 1_000_000
        print("\n## Validating one \(options.tokenMB) MB string against \(options.tokenMB) MB of short strings\n")
        print("| document | MB | time | peak RSS (MiB) |")
        print("|---|--:|--:|--:|")
        var times: [TokenPair: Measured] = [:]
        for pair in TokenPair.allCases {
            let path = "\(options.data)/\(pair)-\(options.tokenMB)mb.json"
            let file = try BufferedFile(path: path)
            pair.write(bytes: bytes, to: file)
            file.close()
            let measured = try measure(.validate, old: path, new: path, bytes: file.bytesWritten, options: options)
            unlink(path)
            times[pair] = measured
            print(
                "| \(pair.rawValue.replacingOccurrences200(options.tokenMB)) | \(megabytes(file.bytesWritten)) | \(format(measured.seconds, limit: options.timeLimit)) | \(mebibytes(measured.rssKiB)) |"
            )
            fflush(nil)
        }
        let single = times[.singleString]!
        let short = times[.shortStrings]!
        if let a = single.seconds, let b = short.seconds {
            let ratio = a / b
            let rss = single.rssKiB.map { Double($0) / 1024 } ?? .infinity
            var verdict: [String] = []
            if ratio > 1.5 { verdict.append("time ratio \(formatDouble(ratio, 2)) > 1.5") }
            if rss > 32 { verdict.append("peak RSS \(formatDouble(rss, 1)) MiB > 32 MiB") }
            print(
                "\nOne string ÷ short strings: **\(formatDouble(ratio, 2))×** (≤ 1.5 wanted); peak RSS of the one-string run \(formatDouble(rss, 1)) MiB (≤ 32 wanted)"
                    + (verdict.isEmpty ? ": ok." : ": **FLAG: " + verdict.joined(separator: ", ") + "**."))
            if !verdict.isEmpty { flagged.append("validate one long token (" + verdict.joined(separator: ", ") + ")") }
        } else {
            print("\nOne string or short strings did not finish within \(Int(options.timeLimit)) s: **FLAG**.")
            flagged.append("validate one long token (past the time limit)")
        }
    }

    print("")
    if flagged.isEmpty && failures.isEmpty {
        print("scaling: every row within the bounds")
    } else {
        for row in flagged { print("scaling: flagged \(row)") }
        for failure in failures { print("scaling: failed \(failure)") }
    }
    if !failures.isEmpty || (options.failOnFlag && !flagged.isEmpty) { exit(1) }
}

extension String {
    /// The token rows are named for 200 MB; say the size actually used.
    func replacingOccurrences200(_ megabytes: Int) -> String {
        megabytes == 200
            ? self : split(separator: " ").map { $0 == "200" ? String(megabytes) : String($0) }.joined(separator: " ")
    }
}

do {
    try main()
} catch {
    let message = Array("wirelock-scaling-bench: \(error)\n".utf8)
    _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}
