// wirelock-golden-bench: the cost of golden comparisons the way tests make them — encode a ~2 KB
// model with JSONEncoder, parse it, canonicalize, and compare with a golden file on disk
// (GoldenComparison.verify, exactly what verifyGolden does after encoding) — for a match, and for
// a mismatch whose failure renders the path-level diff and the line diff; then a decoded golden of a
// ~1 MB fixture next to the encoded golden of the same value (DecodedGoldenBench.swift).
// Build in release: `swift build -c release --package-path Benchmarks`; `make bench-golden` runs it.
import Foundation
import WireGolden
import WireJSON
import WireSupport

let arguments = CommandLine.arguments
if arguments.contains("--help") || arguments.contains("-h") {
    print(
        """
        USAGE: wirelock-golden-bench [--comparisons N] [--rounds R] [--passing-calls P] [--large-elements E]

        Times N golden comparisons of a ~2 KB document (default 1000), R rounds each (default 7), and
        prints the best and median seconds per N: a match, a mismatch under CI (diff rendered, no
        file written) and a local mismatch (diff rendered and the pending file written atomically).
        Then P passing golden assertions in a row (default 10000), the path `assertGolden` takes
        (`GoldenComparison.verify` with a writer identity), with the bookkeeping files they left
        under `.wirelock/`. Then one golden of a large document, `verifyGolden(Array(0..<E), ...)` (E = 200000 by
        default): recording it, comparing a match, and comparing a mismatch (one element changed). Then the
        decoded golden of a ~1 MB fixture (`verifyDecodedGolden`) next to the encoded golden of the same
        value (`verifyGolden`), R rounds in turns, with their parts (decode, dump, encode).
        """)
    exit(0)
}
func option(_ name: String, default value: Int) -> Int {
    guard let at = arguments.firstIndex(of: name), at + 1 < arguments.count, let n = Int(arguments[at + 1]), n > 0
    else { return value }
    return n
}
let comparisons = option("--comparisons", default: 1000)
let rounds = option("--rounds", default: 7)
let largeElements = option("--large-elements", default: 200_000)
let passingCalls = option("--passing-calls", default: 10_000)

// A scratch package: Package.swift so the golden directory and the touched-goldens record are found
// the way they are in a real project, and a golden recorded once.
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("wirelock-golden-bench-\(getpid())")
try FileManager.default.createDirectory(at: scratch.appendingPathComponent("golden"), withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }
try Data("// swift-tools-version: 6.0\n".utf8).write(to: scratch.appendingPathComponent("Package.swift"))
let testFile = scratch.appendingPathComponent("Tests/BenchTests/MovieTests.swift").path

let encoder = JSONEncoder()
let matching = BenchMovie.sample()
let changed = BenchMovie.sample(variant: true)

/// The writer of a golden assertion at `line` of the scratch test. One test may assert one golden
/// with two documents from two lines (the match, and a changed value that must fail); the same line
/// writing two different documents in one process is reported as a clash of two writers (the
/// duplicate-golden rail), so the benchmark's matching and changed documents come from two lines,
/// as they would in a real test.
func writer(line: Int) -> GoldenWriter {
    GoldenWriter(test: "Tests/BenchTests/MovieTests.swift", location: "Tests/BenchTests/MovieTests.swift:\(line)")
}

/// What `verifyGolden(value, named: "movie", encoder: encoder)` does, with the test file's path given.
func compare(_ movie: BenchMovie, environment: [String: String], line: Int = 10) -> WireLockFailure? {
    do {
        let document = try JSONValue.parse(try encoder.encode(movie))
        return GoldenComparison.verify(
            document, named: "movie", environment: environment,
            writer: writer(line: line), filePath: testFile)
    } catch {
        fatalError("cannot encode the benchmark document: \(error)")
    }
}

_ = compare(matching, environment: [:])  // records golden/movie.json
let goldenURL = scratch.appendingPathComponent("golden/movie.json")
let goldenBytes = (try? Data(contentsOf: goldenURL))?.count ?? 0
guard compare(matching, environment: [:]) == nil,
    let sampleFailure = compare(changed, environment: ["CI": "true"], line: 20),
    !sampleFailure.differences.isEmpty
else {
    fatalError(
        "the benchmark's golden does not behave: the match must pass and the variant must fail with differences; "
            + "match: \(compare(matching, environment: [:])?.message ?? "passed"); variant: \(compare(changed, environment: ["CI": "true"], line: 20)?.message ?? "passed")"
    )
}

struct Timing {
    var name: String
    var seconds: [Double] = []
    var best: Double { seconds.min() ?? .nan }
    var median: Double {
        let s = seconds.sorted()
        return s.isEmpty ? .nan : (s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2)
    }
}

func measure(_ name: String, _ body: () -> Void) -> Timing {
    var timing = Timing(name: name)
    body()  // warm up
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<comparisons { body() }
        timing.seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return timing
}

var failures = 0
var encodedBytes = 0
let encodedMatching = try encoder.encode(matching)
let timings = [
    measure("part: JSONEncoder.encode alone") {
        encodedBytes &+= (try? encoder.encode(matching))?.count ?? 0
    },
    measure("part: JSONValue.parse of the encoded bytes") {
        if (try? JSONValue.parse(encodedMatching)) == nil { failures += 1 }
    },
    measure("part: JSONValue.parse + CanonicalJSONWriter.bytes") {
        if let value = try? JSONValue.parse(encodedMatching) { encodedBytes &+= CanonicalJSONWriter.bytes(value).count }
    },
    measure("part: golden lookup (package root walk, record mode)") {
        let root = GoldenFiles.packageRoot(from: testFile)
        encodedBytes &+= root == nil ? 0 : 1
        encodedBytes &+= (try? RecordMode.fromEnvironment([:])) == nil ? 0 : 1
    },
    measure("match (encode, canonicalize, compare with the file)") {
        if compare(matching, environment: [:]) != nil { failures += 1 }
    },
    measure("mismatch, CI (+ structural diff and line diff, nothing written)") {
        if compare(changed, environment: ["CI": "true"], line: 20)?.differences.isEmpty != false { failures += 1 }
    },
    measure("mismatch, local (+ pending file written atomically, fsync)") {
        if compare(changed, environment: [:], line: 20)?.differences.isEmpty != false { failures += 1 }
    },
]
guard failures == 0 else { fatalError("\(failures) comparisons gave the wrong answer") }

let canonicalBytes = CanonicalJSONWriter.bytes(try JSONValue.parse(try encoder.encode(matching))).count
print("Golden comparisons: \(comparisons) per round, \(rounds) rounds, release build")
print(
    "document: \(canonicalBytes) bytes canonical (golden file \(goldenBytes) bytes); mismatch: \(sampleFailure.differences.count) differences, failure message \(sampleFailure.message.utf8.count) bytes"
)
print("| path | best s / \(comparisons) | median s / \(comparisons) | µs per comparison (median) |")
print("|---|---:|---:|---:|")
for timing in timings {
    print(
        "| \(timing.name) | \(String(format: "%.3f", timing.best)) | \(String(format: "%.3f", timing.median)) | \(String(format: "%.0f", timing.median / Double(comparisons) * 1e6)) |"
    )
}
let match = timings.first { $0.name.hasPrefix("match") }!
print(
    "budget: \(comparisons) matching comparisons in ≤ 1 s — \(match.median <= 1.0 ? "within" : "OVER") (median \(String(format: "%.3f", match.median)) s)"
)

// Passing assertions in a row, the way a suite makes them: `assertGolden` builds the writer (the
// Swift Testing test, or the call site) and calls `GoldenComparison.verify` with the already-encoded
// document; a pass reads the golden, compares canonical bytes and does the run's bookkeeping (the
// touched-goldens record for `wirelock golden --orphans`, the claim for the duplicate-writer
// check). Timed once over P calls after the rounds above, so those rounds warmed everything; the
// files that bookkeeping left are counted afterwards.
let passingDocument = try JSONValue.parse(try encoder.encode(matching))
let passingWriter = GoldenWriter(test: "BenchTests/moviePasses()", location: "Tests/BenchTests/MovieTests.swift:50")
func bookkeeping() -> (records: Int, bytes: Int, claims: Int) {
    let wirelock = scratch.appendingPathComponent(".wirelock")
    var records = 0
    var bytes = 0
    var claims = 0
    let walker = FileManager.default.enumerator(atPath: wirelock.path)
    while let relative = walker?.nextObject() as? String {
        let url = wirelock.appendingPathComponent(relative)
        if relative.hasSuffix(".touched"), let text = try? String(contentsOf: url, encoding: .utf8) {
            records += text.split(separator: "\n").filter { !$0.hasPrefix("#") }.count
            bytes += text.utf8.count
        }
        if relative.hasSuffix(".claim") { claims += 1 }
    }
    return (records, bytes, claims)
}
let bookkeepingBefore = bookkeeping()
var passingFailures = 0
let passingStart = DispatchTime.now().uptimeNanoseconds
for _ in 0..<passingCalls {
    if GoldenComparison.verify(
        passingDocument, named: "movie", environment: [:], writer: passingWriter, filePath: testFile) != nil
    {
        passingFailures += 1
    }
}
let passingSeconds = Double(DispatchTime.now().uptimeNanoseconds - passingStart) / 1e9
guard passingFailures == 0 else { fatalError("\(passingFailures) passing assertions failed") }
let bookkeepingAfter = bookkeeping()
print("")
print(
    "Passing assertions: \(passingCalls) calls of GoldenComparison.verify (assertGolden's path, writer given), "
        + "\(String(format: "%.3f", passingSeconds)) s, \(String(format: "%.2f", passingSeconds / Double(passingCalls) * 1e6)) µs per call"
)
print(
    "bookkeeping they added under .wirelock/: \(bookkeepingAfter.records - bookkeepingBefore.records) touched records "
        + "(\(bookkeepingAfter.bytes - bookkeepingBefore.bytes) bytes), \(bookkeepingAfter.claims - bookkeepingBefore.claims) claim files"
)

// One large golden, as `assertGolden(Array(0..<E), named: "large")` makes it: JSONEncoder, parse,
// canonical writer, then writing the golden (record) or reading, parsing and comparing it.
let large = Array(0..<largeElements)
var changedLarge = large
changedLarge[largeElements / 2] = -1
let largeURL = scratch.appendingPathComponent("golden/large.json")
/// What `verifyGolden(value, named: "large", encoder: encoder)` does (its file path is a
/// `StaticString`, so the scratch test file is given to `GoldenComparison.verify` as `compare` does).
func verifyLarge(_ value: [Int], environment: [String: String], line: Int = 30) -> WireLockFailure? {
    do {
        let document = try JSONValue.parse(try encoder.encode(value))
        return GoldenComparison.verify(
            document, named: "large", environment: environment,
            writer: writer(line: line), filePath: testFile)
    } catch {
        fatalError("cannot encode the large benchmark document: \(error)")
    }
}
/// The timings of `body` (which says whether it got the right answer) and how many runs did not.
func timeLarge(_ name: String, prepare: () -> Void = {}, _ body: () -> Bool) -> (Timing, wrong: Int) {
    var timing = Timing(name: name)
    var wrong = 0
    for _ in 0..<max(3, rounds / 2) {
        prepare()
        let start = DispatchTime.now().uptimeNanoseconds
        if !body() { wrong += 1 }
        timing.seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return (timing, wrong)
}
let largeRuns = [
    timeLarge(
        "record (no golden yet: encode, parse, canonicalize, write atomically)",
        prepare: { try? FileManager.default.removeItem(at: largeURL) }
    ) {
        verifyLarge(large, environment: [:])?.message.hasPrefix("recorded") == true
    },
    timeLarge("compare, match") { verifyLarge(large, environment: [:]) == nil },
    timeLarge("compare, one element changed (CI: structural diff and line diff)") {
        verifyLarge(changedLarge, environment: ["CI": "true"], line: 40)?.differences.count == 1
    },
]
let largeTimings = largeRuns.map(\.0)
let wrongLarge = largeRuns.reduce(0) { $0 + $1.wrong }
guard wrongLarge == 0 else { fatalError("\(wrongLarge) large comparisons gave the wrong answer") }
let largeBytes = (try? Data(contentsOf: largeURL))?.count ?? 0
print("")
print(
    "Large golden: verifyGolden(Array(0..<\(largeElements))), \(largeBytes) bytes canonical; best and median of \(max(3, rounds / 2)) runs"
)
print("| path | best s | median s |")
print("|---|---:|---:|")
for timing in largeTimings {
    print("| \(timing.name) | \(String(format: "%.3f", timing.best)) | \(String(format: "%.3f", timing.median)) |")
}
let slowestLarge = largeTimings.prefix(2).map(\.median).max()!
print(
    "budget: record and compare of \(largeElements) elements each in ≤ 1 s — \(slowestLarge <= 1.0 ? "within" : "OVER") (slowest median \(String(format: "%.3f", slowestLarge)) s)"
)

// A decoded golden (what a Decodable-only model decoded) of a ~1 MB fixture, next to the encoded
// golden of the same value.
try runDecodedGoldenBench(scratch: scratch, rounds: rounds)
