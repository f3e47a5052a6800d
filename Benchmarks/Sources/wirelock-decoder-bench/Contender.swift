import Foundation
import WireDecoder
import WireLockBenchSupport

/// One way of turning JSON bytes into values: the four decoders side by side, and the report.
enum Contender: String, CaseIterable {
    /// Foundation's `JSONDecoder` into ``MoviePage``.
    case jsonDecoder = "jsondecoder"
    /// Foundation's `JSONSerialization.jsonObject(with:)` to `Any` (no model, no decoder object).
    case jsonSerialization = "jsonserialization"
    /// `WireJSONDecoder` with its default, strict acceptance, into ``MoviePage``.
    case wireStrict = "wire-strict"
    /// `WireJSONDecoder` with `acceptance = .jsonDecoder`, into ``MoviePage``.
    case wireCompatible = "wire-jsondecoder"
    /// `WireJSONDecoder.decodeWithReport` (strict), into ``MoviePage`` plus its report.
    case wireReport = "wire-report"
    /// The same with `recordsReads = false`: the report without the reads (issue 25's cost split).
    case wireReportNoReads = "wire-report-noreads"

    /// The name in the results tables.
    var title: String {
        switch self {
        case .jsonDecoder: "Foundation `JSONDecoder().decode`"
        case .jsonSerialization: "Foundation `JSONSerialization.jsonObject`"
        case .wireStrict: "`WireJSONDecoder().decode` (strict)"
        case .wireCompatible: "`WireJSONDecoder().decode` (`.jsonDecoder` acceptance)"
        case .wireReport: "`WireJSONDecoder().decodeWithReport` (strict)"
        case .wireReportNoReads: "`WireJSONDecoder().decodeWithReport` (strict, `recordsReads = false`)"
        }
    }

    static func counted(_ page: MoviePage) -> (records: Int, entries: Int, value: Any) {
        (page.records.count, 0, page)
    }

    /// True for the rows that are WireJSONDecoder.
    var isWire: Bool {
        self == .wireStrict || self == .wireCompatible || self == .wireReport || self == .wireReportNoReads
    }

    /// A function that decodes one document and returns how many records it held and how many
    /// report entries it produced (0 without a report), so the work cannot be optimised away and
    /// the parent can check it, and the decoded value itself (so a caller can free it after its
    /// clock stops).
    ///
    /// - Parameter shared: one decoder for every call (true), or a new decoder per call (false).
    func decoding(shared: Bool) -> (Data) throws -> (records: Int, entries: Int, value: Any) {
        switch self {
        case .jsonSerialization:
            return { data in
                guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                    let records = object["records"] as? [Any]
                else { throw BenchError("JSONSerialization: the top level is not a page of records") }
                return (records.count, 0, object)
            }
        case .jsonDecoder:
            if shared {
                let decoder = JSONDecoder()
                return { data in Self.counted(try decoder.decode(MoviePage.self, from: data)) }
            }
            return { data in Self.counted(try JSONDecoder().decode(MoviePage.self, from: data)) }
        case .wireStrict, .wireCompatible:
            let acceptance: WireJSONDecoder.Acceptance = self == .wireStrict ? .strict : .jsonDecoder
            func make() -> WireJSONDecoder {
                let decoder = WireJSONDecoder()
                decoder.acceptance = acceptance
                return decoder
            }
            if shared {
                let decoder = make()
                return { data in Self.counted(try decoder.decode(MoviePage.self, from: data)) }
            }
            return { data in Self.counted(try make().decode(MoviePage.self, from: data)) }
        case .wireReport, .wireReportNoReads:
            let recordsReads = self == .wireReport
            func run(_ decoder: WireJSONDecoder, _ data: Data) throws -> (records: Int, entries: Int, value: Any) {
                let (page, report) = try decoder.decodeWithReport(MoviePage.self, from: data)
                let entries =
                    report.droppedMembers.count + report.duplicateKeys.count + report.precisionLosses.count
                    + report.swallowedErrors.count
                return (page.records.count, entries, page)
            }
            func make() -> WireJSONDecoder {
                let decoder = WireJSONDecoder()
                decoder.recordsReads = recordsReads
                return decoder
            }
            if shared {
                let decoder = make()
                return { data in try run(decoder, data) }
            }
            return { data in try run(make(), data) }
        }
    }
}

/// What one child process measures.
enum Workload: Hashable {
    /// The whole benchmark file, read with `Data(contentsOf:)` and decoded in one call.
    case large(Contender)
    /// The small documents, one call each; `shared` as in ``Contender/decoding(shared:)``.
    case small(Contender, shared: Bool)
    /// The small documents decoded by `JSONDecoder` and strict `WireJSONDecoder` taking turns in
    /// one process (``PairedRun``).
    case paired(shared: Bool)

    /// The `--child` argument that names it.
    var argument: String {
        switch self {
        case .large(let contender): "large:\(contender.rawValue)"
        case .small(let contender, let shared): "small-\(shared ? "shared" : "fresh"):\(contender.rawValue)"
        case .paired(let shared): "paired-\(shared ? "shared" : "fresh"):\(Contender.wireStrict.rawValue)"
        }
    }

    /// The workload a `--child` argument names, or nil.
    init?(argument: String) {
        let parts = argument.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let contender = Contender(rawValue: parts[1]) else { return nil }
        switch parts[0] {
        case "large": self = .large(contender)
        case "small-shared": self = .small(contender, shared: true)
        case "small-fresh": self = .small(contender, shared: false)
        case "paired-shared" where contender == .wireStrict: self = .paired(shared: true)
        case "paired-fresh" where contender == .wireStrict: self = .paired(shared: false)
        default: return nil
        }
    }

    var contender: Contender {
        switch self {
        case .large(let contender), .small(let contender, _): contender
        case .paired: .wireStrict
        }
    }
}
