import Foundation
import WireJSON
import WireLockBenchSupport

/// One way of reading the benchmark file, run in a child process of its own so that each run
/// starts cold in memory and its peak RSS belongs to it alone.
enum Workload: String, CaseIterable {
    /// WireJSON's strict streaming validator.
    case wireJSON = "wirejson"
    /// `json_verify -q < file` from Debian's yajl-tools (a separate program: timed from outside).
    case jsonVerify = "json_verify"
    /// Foundation's `JSONSerialization.jsonObject(with:)`, including reading the file into `Data`.
    case jsonSerialization = "jsonserialization"
    /// Foundation's `JSONDecoder().decode` into ``MoviePage``, including reading the file.
    case jsonDecoder = "jsondecoder"

    /// The name in the results table.
    var title: String {
        switch self {
        case .wireJSON: "WireJSON `JSONValidator().validate(fileAt:)`"
        case .jsonVerify: "yajl `json_verify -q < file`"
        case .jsonSerialization: "Foundation `JSONSerialization.jsonObject(with:)`"
        case .jsonDecoder: "Foundation `JSONDecoder().decode(MoviePage.self, …)`"
        }
    }

    /// What the time covers.
    var timed: String {
        switch self {
        case .wireJSON: "streaming read + strict validation, in process"
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
        case .wireJSON:
            let report = try JSONValidator(options: JSONParseOptions()).validate(fileAt: path)
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
