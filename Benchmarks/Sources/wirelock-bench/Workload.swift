import Foundation
import WireJSON
import WireLockBenchSupport

/// One way of reading the benchmark file, run in a child process of its own so that each run
/// starts cold in memory and its peak RSS belongs to it alone.
enum Workload: String, CaseIterable {
    /// WireJSON's strict streaming validator (its fast pass), on the yajl engine.
    case wireJSON = "wirejson"
    /// The same, on WireJSON's Swift engine.
    case wireJSONSwift = "wirejson-swift"
    /// WireJSON's exact pass (events, positions; what describes an error), on the yajl engine.
    case wireJSONExact = "wirejson-exact"
    /// The exact pass on the Swift engine.
    case wireJSONSwiftExact = "wirejson-swift-exact"
    /// `json_verify -q < file` from Debian's yajl-tools (a separate program: timed from outside).
    case jsonVerify = "json_verify"
    /// Foundation's `JSONSerialization.jsonObject(with:)`, including reading the file into `Data`.
    case jsonSerialization = "jsonserialization"
    /// Foundation's `JSONDecoder().decode` into ``MoviePage``, including reading the file.
    case jsonDecoder = "jsondecoder"

    /// The name in the results table.
    var title: String {
        switch self {
        case .wireJSON: "WireJSON `JSONValidator().validate(fileAt:)`, yajl engine"
        case .wireJSONSwift: "WireJSON `JSONValidator().validate(fileAt:)`, Swift engine"
        case .wireJSONExact: "WireJSON exact pass, yajl engine"
        case .wireJSONSwiftExact: "WireJSON exact pass, Swift engine"
        case .jsonVerify: "yajl `json_verify -q < file`"
        case .jsonSerialization: "Foundation `JSONSerialization.jsonObject(with:)`"
        case .jsonDecoder: "Foundation `JSONDecoder().decode(MoviePage.self, …)`"
        }
    }

    /// What the time covers.
    var timed: String {
        switch self {
        case .wireJSON, .wireJSONSwift: "streaming read + strict validation (fast pass), in process"
        case .wireJSONExact, .wireJSONSwiftExact:
            "streaming read + strict validation with positions (exact pass: comments allowed), in process"
        case .jsonVerify: "whole process, wall clock"
        case .jsonSerialization: "`Data(contentsOf:)` + parse to `Any`"
        case .jsonDecoder: "`Data(contentsOf:)` + decode to Codable structs"
        }
    }

    /// Runs the workload once in this process and returns the elapsed seconds; throws if the file
    /// is unreadable or not valid JSON (a benchmark of a failing parse would measure nothing).
    func runInProcess(path: String) throws -> Double {
        let start = monotonicSeconds()
        switch self {
        case .wireJSON, .wireJSONSwift, .wireJSONExact, .wireJSONSwiftExact:
            // Allowing comments is what sends the validator to the exact pass (the fast pass does
            // not read them); everything else stays strict.
            let exact = self == .wireJSONExact || self == .wireJSONSwiftExact
            let engine: JSONEngine = self == .wireJSONSwift || self == .wireJSONSwiftExact ? .swift : .yajl
            let report = try JSONValidator(options: JSONParseOptions(allowComments: exact, engine: engine))
                .validate(fileAt: path)
            guard report.isValid else {
                throw BenchError(
                    "WireJSON rejected \(path): \(report.errors.map(\.description).joined(separator: "; "))")
            }
        case .jsonSerialization:
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let object = try JSONSerialization.jsonObject(with: data)
            guard object is [String: Any] else { throw BenchError("JSONSerialization: top level is not an object") }
        case .jsonDecoder:
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let page = try JSONDecoder().decode(MoviePage.self, from: data)
            guard page.records.count == page.pageSize else {
                throw BenchError("JSONDecoder: \(page.records.count) records, pageSize \(page.pageSize)")
            }
        case .jsonVerify:
            throw BenchError("json_verify is a separate program")
        }
        return monotonicSeconds() - start
    }
}
