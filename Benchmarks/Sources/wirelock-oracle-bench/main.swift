// wirelock-oracle-bench: inputs per second of the three-wrapper date migration of
// Tests/WireOracleTests/Migration (DateFormatter property wrappers against ISO8601FormatStyle and a
// hand-written RFC 5322 parser, the wrappers linked from there), release build, each over its own
// seeded families:
//   - the oracle as tests run it: reports by class, grouped by shape, the groups shown shrunk;
//   - the same oracle without groups or shrinking (counts and examples only);
//   - the floor: the same inputs generated and decoded by both sides in a plain loop on as many
//     threads, nothing compared but the bit patterns.
// Modes take turns within each round (host drift moves them alike); the table shows medians.
//
//   wirelock-oracle-bench [--inputs N] [--rounds R]     (default 100000 per wrapper, 3 rounds)
import Dispatch
import Foundation
import WireOracle

func option(_ name: String, default value: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let at = arguments.firstIndex(of: name), at + 1 < arguments.count, let n = Int(arguments[at + 1]) else {
        return value
    }
    return n
}

let count = option("--inputs", default: 100_000)
let rounds = option("--rounds", default: 3)
let workers = min(2, ProcessInfo.processInfo.activeProcessorCount)

struct Box<T: Decodable>: Decodable { var value: T }

struct Wrapper: Sendable {
    var name: String
    var oracle: Oracle<String>
    var family: DateInputFamily
    var intended: [IntendedChange]
    var bothSides: @Sendable (Data) -> Bool
}

func wrapper<L: Decodable & SendableMetatype, N: Decodable & SendableMetatype>(
    _ name: String, _ legacy: L.Type, _ lv: @escaping @Sendable (L) -> Date, _ new: N.Type,
    _ nv: @escaping @Sendable (N) -> Date, _ family: DateInputFamily, _ intended: [IntendedChange]
) -> Wrapper {
    let decoder = JSONDecoder()
    return Wrapper(
        name: name, oracle: .decoding(legacy, lv, versus: new, nv), family: family, intended: intended,
        bothSides: { data in
            let a = (try? decoder.decode(Box<L>.self, from: data)).map { lv($0.value) }
            let b = (try? decoder.decode(Box<N>.self, from: data)).map { nv($0.value) }
            return a?.timeIntervalSinceReferenceDate.bitPattern == b?.timeIntervalSinceReferenceDate.bitPattern
        })
}

let wrappers = [
    wrapper(
        "ISO8601Coding", LegacyISO8601Coding.self, \.wrappedValue, ISO8601Coding.self, \.wrappedValue,
        .mixing([.iso8601, .pattern("yyyy-MM-dd'T'HH:mm:ssZZZZZ")]), [.candidateAccepts(shape: "*dd:dd:dd.d*")]),
    wrapper(
        "ISO8601WithFractionalSecondsCoding", LegacyISO8601WithFractionalSecondsCoding.self, \.wrappedValue,
        ISO8601WithFractionalSecondsCoding.self, \.wrappedValue,
        .mixing([.iso8601, .pattern("yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ")]), [.valuesWithin(ulps: 1)]),
    wrapper(
        "RFC5322DateTimeCoding", LegacyRFC5322DateTimeCoding.self, \.wrappedValue, RFC5322DateTimeCoding.self,
        \.wrappedValue,
        .mixing([.rfc5322, .pattern("EEE, d MMM yyy HH:mm:ss z"), .pattern("d MMM yyy HH:mm:ss z")]), []),
]

enum Mode: String, CaseIterable {
    case grouped = "oracle, grouped and shrunk"
    case counted = "oracle, counts and examples only"
    case floor = "both decodes in a plain loop"
}

/// A sum the floor's threads add to (`@unchecked Sendable`: every access holds the lock).
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var sum = 0
    func add(_ n: Int) {
        lock.lock()
        sum += n
        lock.unlock()
    }
    var total: Int {
        lock.lock()
        defer { lock.unlock() }
        return sum
    }
}

/// Seconds for one wrapper in one mode; the differences found, for the table.
func measure(_ wrapper: Wrapper, _ mode: Mode) -> (seconds: Double, differences: Int, groups: Int) {
    let corpus = wrapper.family.corpus(seed: 1, count: count)
    let start = DispatchTime.now().uptimeNanoseconds
    var differences = 0
    var groups = 0
    switch mode {
    case .grouped, .counted:
        let options =
            mode == .grouped
            ? OracleOptions(workers: workers) : OracleOptions(workers: workers, groupsByShape: false, shrinkBudget: 0)
        let report = wrapper.oracle.run(corpus, intended: wrapper.intended, options: options)
        differences = report.mismatched
        groups = report.classes.reduce(0) { $0 + $1.groups.count }
    case .floor:
        let different = Tally()
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let part = corpus.shard(count * worker / workers..<count * (worker + 1) / workers)
            var n = 0
            for input in part where !wrapper.bothSides(try! JSONEncoder().encode(["value": input])) { n += 1 }
            different.add(n)
        }
        differences = different.total
    }
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, differences, groups)
}

var seconds: [String: [Mode: [Double]]] = [:]
var found: [String: (Int, Int)] = [:]
for round in 1...rounds {
    for mode in Mode.allCases {
        for wrapper in wrappers {
            let result = measure(wrapper, mode)
            seconds[wrapper.name, default: [:]][mode, default: []].append(result.seconds)
            if mode == .grouped { found[wrapper.name] = (result.differences, result.groups) }
        }
    }
    FileHandle.standardError.write(Data("round \(round) of \(rounds) done\n".utf8))
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func rate(_ inputs: Int, _ seconds: Double) -> String { String(format: "%.0f", Double(inputs) / seconds) }

print(
    "Oracle: the three-wrapper date migration, \(count) inputs per wrapper, \(workers) workers, "
        + "median of \(rounds) rounds (release)")
print(
    "| wrapper | differences (groups) | oracle, grouped and shrunk: inputs/s | counts and examples only: inputs/s "
        + "| both decodes, plain loop: inputs/s | grouping and shrinking cost |")
print("|---|--:|--:|--:|--:|--:|")
var totals: [Mode: Double] = [:]
for wrapper in wrappers {
    let m = Dictionary(uniqueKeysWithValues: Mode.allCases.map { ($0, median(seconds[wrapper.name]![$0]!)) })
    for (mode, value) in m { totals[mode, default: 0] += value }
    let cost = (m[.grouped]! - m[.counted]!) / m[.counted]! * 100
    let (differences, groups) = found[wrapper.name]!
    print(
        "| \(wrapper.name) | \(differences) (\(groups)) | \(rate(count, m[.grouped]!)) | \(rate(count, m[.counted]!)) | \(rate(count, m[.floor]!)) | \(String(format: "%+.1f", cost)) % |"
    )
}
let total = 3 * count
let cost = (totals[.grouped]! - totals[.counted]!) / totals[.counted]! * 100
print(
    "| all three | | \(rate(total, totals[.grouped]!)) | \(rate(total, totals[.counted]!)) | \(rate(total, totals[.floor]!)) | \(String(format: "%+.1f", cost)) % |"
)
