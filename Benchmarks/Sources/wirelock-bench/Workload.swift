import Foundation
@_spi(Benchmarks) import WireJSON
import WireLockBenchSupport

/// One whole program run over the benchmark file, each in a process of its own so that each run
/// starts cold and its peak RSS belongs to it alone.
enum Workload: String, CaseIterable {
    /// `json_verify -q < file` from Debian's yajl-tools.
    case jsonVerify = "json_verify"
    /// `wirelock validate -q file` on the yajl engine (the default on Linux).
    case wirelockYajl = "wirelock-yajl"
    /// `wirelock validate -q --engine swift file`.
    case wirelockSwift = "wirelock-swift"
    /// Foundation's `JSONSerialization.jsonObject(with:)`, including reading the file into `Data`.
    case jsonSerialization = "jsonserialization"
    /// Foundation's `JSONDecoder().decode` into ``MoviePage``, including reading the file.
    case jsonDecoder = "jsondecoder"

    /// The name in the results table.
    var title: String {
        switch self {
        case .jsonVerify: "yajl `json_verify -q < file`"
        case .wirelockYajl: "`wirelock validate -q file`, yajl engine"
        case .wirelockSwift: "`wirelock validate -q --engine swift file`"
        case .jsonSerialization: "Foundation `JSONSerialization.jsonObject(with:)`, in process"
        case .jsonDecoder: "Foundation `JSONDecoder().decode(MoviePage.self, …)`, in process"
        }
    }

    /// The command line of a whole-process workload.
    func command(file: String, options: BenchOptions) -> (arguments: [String], stdin: Subprocess.Stream) {
        switch self {
        case .jsonVerify: ([options.jsonVerify, "-q"], .file(file))
        case .wirelockYajl: ([options.wirelock, "validate", "-q", "--engine", "yajl", file], .null)
        case .wirelockSwift: ([options.wirelock, "validate", "-q", "--engine", "swift", file], .null)
        default: ([ownExecutable(), "--child", rawValue, "--file", file], .null)
        }
    }

    /// Runs a Foundation workload once in this process and returns the elapsed seconds; throws if
    /// the file is unreadable or not what the generator writes.
    func runInProcess(path: String) throws -> Double {
        let start = monotonicSeconds()
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        switch self {
        case .jsonSerialization:
            let object = try JSONSerialization.jsonObject(with: data)
            guard object is [String: Any] else { throw BenchError("JSONSerialization: top level is not an object") }
        case .jsonDecoder:
            let page = try JSONDecoder().decode(MoviePage.self, from: data)
            guard page.records.count == page.pageSize else {
                throw BenchError("JSONDecoder: \(page.records.count) records, pageSize \(page.pageSize)")
            }
        default:
            throw BenchError("\(rawValue) is a program of its own")
        }
        return monotonicSeconds() - start
    }
}

/// One pass of WireJSON's validator alone, in process, over the file in memory.
struct PassWorkload: Hashable {
    var pass: JSONValidator.Pass
    var engine: JSONEngine?

    /// The fast pass and the UTF-8 check are the same on both engines; the exact pass is the
    /// engine's grammar.
    static let all: [PassWorkload] = [
        PassWorkload(pass: .fast), PassWorkload(pass: .utf8), PassWorkload(pass: .exact, engine: .yajl),
        PassWorkload(pass: .exact, engine: .swift),
    ]

    var title: String {
        switch pass {
        case .fast: "fast pass (SIMD stage 1 + token checker; both engines)"
        case .utf8: "UTF-8 check alone (stage 1's)"
        case .exact: "exact pass, \(engine == .swift ? "Swift" : "yajl") engine"
        }
    }

    /// Seconds for one run over `bytes`, which must be valid.
    func run(_ bytes: UnsafeRawBufferPointer) throws -> Double {
        let validator = JSONValidator(options: JSONParseOptions(engine: engine ?? .automatic))
        let start = monotonicSeconds()
        guard validator.run(pass, over: bytes) else { throw BenchError("\(title) rejected the benchmark file") }
        return monotonicSeconds() - start
    }
}
