// wirelock-shape-bench: shape inference, fingerprints and `wirelock diff` over 1,000 goldens of ~2 KB.
//
//   wirelock-shape-bench [--out Benchmarks/data/shapes] [--runs 5] [--wirelock .build/release/wirelock]
//
// Writes two versions of a golden directory (100 formats × 10 goldens each, see GoldenSetGenerator),
// times the library pipeline in process (best of --runs), checks that the diff finds exactly the
// refactors that were made, and, given --wirelock, times the CLI on the same directories as whole
// processes. Results go to standard output as markdown.
import Foundation
import WireGolden
import WireJSON
import WireShapeTools
import WireShapes

struct BenchError: Error, CustomStringConvertible {
    var description: String
}

func value(of option: String) -> String? {
    let arguments = CommandLine.arguments
    guard let at = arguments.firstIndex(of: option), at + 1 < arguments.count else { return nil }
    return arguments[at + 1]
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The best of `runs` timings of `body`.
func best(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var result = Double.infinity
    for _ in 0..<runs { result = min(result, try seconds(body)) }
    return result
}

/// Every `.json` file under `root`, as (path relative to root, bytes), sorted by path.
func readGoldens(_ root: String) throws -> [(path: String, bytes: [UInt8])] {
    guard let walker = FileManager.default.enumerator(atPath: root) else {
        throw BenchError(description: "cannot list \(root)")
    }
    var files: [(path: String, bytes: [UInt8])] = []
    while let relative = walker.nextObject() as? String {
        guard relative.hasSuffix(".json") else { continue }
        files.append((relative, Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + relative)))))
    }
    return files.sorted { $0.path < $1.path }
}

/// Writes `files` under `root`, replacing whatever was there.
func write(_ files: [(path: String, bytes: [UInt8])], under root: String) throws {
    try? FileManager.default.removeItem(atPath: root)
    for file in files {
        let url = URL(fileURLWithPath: root + "/" + file.path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.bytes).write(to: url)
    }
}

/// Runs a command and returns its wall time and exit status.
func timeProcess(_ arguments: [String]) throws -> (Double, Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let start = DispatchTime.now().uptimeNanoseconds
    try process.run()
    process.waitUntilExit()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, process.terminationStatus)
}

func ms(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }

let out = value(of: "--out") ?? "Benchmarks/data/shapes"
let runs = value(of: "--runs").flatMap(Int.init) ?? 5
let generator = GoldenSetGenerator()
let oldRoot = out + "/old"
let newRoot = out + "/new"
let oldFiles = generator.files(newVersion: false)
let newFiles = generator.files(newVersion: true)
try write(oldFiles, under: oldRoot)
try write(newFiles, under: newRoot)
let oldBytes = oldFiles.reduce(0) { $0 + $1.bytes.count }
let newBytes = newFiles.reduce(0) { $0 + $1.bytes.count }

// The library pipeline, stage by stage, then whole.
var reports: [WireFormatReport] = []
let read = try best(runs) {
    _ = try readGoldens(oldRoot)
    _ = try readGoldens(newRoot)
}
let parse = try best(runs) {
    _ = try GoldenCatalog.formats(from: oldFiles)
    _ = try GoldenCatalog.formats(from: newFiles)
}
let oldFormats = try GoldenCatalog.formats(from: oldFiles)
let newFormats = try GoldenCatalog.formats(from: newFiles)
var oldShapes: [WireShape] = []
var newShapes: [WireShape] = []
let infer = best(runs) {
    oldShapes = oldFormats.map { $0.shape() }
    newShapes = newFormats.map { $0.shape() }
}
let fingerprint = try best(runs) {
    _ = try oldFormats.map { try $0.contentFingerprint() }
    _ = try newFormats.map { try $0.contentFingerprint() }
}
let oldSides = zip(oldFormats, oldShapes).map { WireFormatSide(name: $0.name, shape: $1) }
let newSides = zip(newFormats, newShapes).map { WireFormatSide(name: $0.name, shape: $1) }
let compare = best(runs) { reports = WireFormatComparison.compare(old: oldSides, new: newSides) }
let diffWhole = try best(runs) {
    let old = try GoldenCatalog.formats(from: try readGoldens(oldRoot)).map { try WireFormatSide($0) }
    let new = try GoldenCatalog.formats(from: try readGoldens(newRoot)).map { try WireFormatSide($0) }
    reports = WireFormatComparison.compare(old: old, new: new)
}
let lockWhole = try best(runs) {
    _ = try WireLockFile.build(try GoldenCatalog.formats(from: try readGoldens(oldRoot)))
}

// The diff must find exactly the refactors that were made.
var found: [String: Int] = [:]
for report in reports {
    for change in report.changes { found[change.rule.rawValue, default: 0] += 1 }
}
var expected: [String: Int] = [:]
for format in 0..<generator.formats {
    let rule: String
    switch GoldenSetGenerator.change(for: format) {
    case .renamedMember: rule = "member-renamed"
    case .droppedFraction: rule = "date-format-changed"
    case .optionalMemberAdded: rule = "optional-member-added"
    case .typeChanged: rule = "type-changed"
    case .valuesOnly: rule = "value-only"
    }
    expected[rule, default: 0] += 1
}
guard found == expected else {
    throw BenchError(description: "the diff found \(found), expected \(expected)")
}

let files = oldFiles.count
print(
    "Shapes and diff: \(generator.formats) formats × \(generator.samples) goldens per version, "
        + "\(files) goldens of \(oldBytes / files) bytes on average (\(String(format: "%.2f", Double(oldBytes) / 1e6)) MB) "
        + "per version; best of \(runs), release")
print("")
print("| stage (both versions: \(files * 2) goldens) | ms |")
print("|---|--:|")
print("| read the files | \(ms(read)) |")
print("| parse (`GoldenCatalog.formats`) | \(ms(parse)) |")
print("| infer shapes (`GoldenFormat.shape()`) | \(ms(infer)) |")
print("| content fingerprints (JCS + SHA-256) | \(ms(fingerprint)) |")
print("| compare (`WireFormatComparison.compare`) | \(ms(compare)) |")
print("| **whole diff**: read, parse, infer, fingerprint, compare | **\(ms(diffWhole))** |")
print("| whole lock of one version (\(files) goldens): read, parse, infer, both fingerprints | \(ms(lockWhole)) |")
print("")
print("Changes found (as generated): " + found.keys.sorted().map { "\($0) \(found[$0]!)" }.joined(separator: ", "))
_ = newBytes

if let wirelock = value(of: "--wirelock") {
    var diffCLI = Double.infinity
    var diffStatus: Int32 = 0
    for _ in 0..<runs {
        let (time, status) = try timeProcess([wirelock, "diff", oldRoot, newRoot])
        diffCLI = min(diffCLI, time)
        diffStatus = status
    }
    let (lockTime, lockStatus) = try timeProcess([wirelock, "lock", "--golden", oldRoot])
    guard lockStatus == 0 else { throw BenchError(description: "wirelock lock exited \(lockStatus)") }
    var checkCLI = Double.infinity
    var checkStatus: Int32 = 0
    for _ in 0..<runs {
        let (time, status) = try timeProcess([wirelock, "lock", "--check", "--golden", oldRoot])
        checkCLI = min(checkCLI, time)
        checkStatus = status
    }
    print("")
    print("| command (whole process, best of \(runs)) | ms | exit |")
    print("|---|--:|--:|")
    print("| `wirelock diff old new` (\(files * 2) goldens) | \(ms(diffCLI)) | \(diffStatus) |")
    print(
        "| `wirelock lock --golden old` (\(files) goldens; writes the lock and \(generator.formats) shape files, once) | \(ms(lockTime)) | \(lockStatus) |"
    )
    print("| `wirelock lock --check --golden old` | \(ms(checkCLI)) | \(checkStatus) |")
}
