import Foundation
import WireCommandLine
import WireJSON
import WireOracle
import WireSupport

/// Renders the results of `wirelock oracle dates`, as text for people or as one JSON document.
/// Pure: no I/O, and nothing time-dependent, so the same run always prints the same bytes.
struct OracleDatesRenderer {
    /// Where the inputs came from.
    var source: OracleDatesSource
    /// Colours (or none).
    var style: TerminalStyle = .plain

    /// One block per strategy, then a summary line.
    ///
    /// ```
    /// iso8601-formatter: ISO8601DateFormatter [.withInternetDateTime]
    ///   decode vs twin: 10000 checked, 10000 identical, 0 mismatched
    /// 1 strategy, 10000 generated inputs (seed 1): 0 mismatches
    /// ```
    func text(_ results: [OracleDatesResult]) -> String {
        var out = ""
        for result in results {
            out += style.bold(result.strategy.rawValue) + ": " + result.strategy.legacySpelling + "\n"
            out += twinBlock("decode vs twin", result.decoding)
            if let encoding = result.encoding { out += twinBlock("encode vs twin", encoding) }
            if let strict = result.strict {
                out += strictBlock(strict)
            } else if result.strategy.isNumeric && results.contains(where: { $0.strict != nil }) {
                out += "  strict RFC 3339 vs legacy: n/a (the input is a JSON number)\n"
            }
        }
        let failures = results.reduce(0) { $0 + $1.failures }
        let failing = results.filter { $0.failures > 0 }.map(\.strategy.rawValue)
        var summary = "\(Text.pluralized(results.count, "strategy", "strategies")), \(sourceDescription): "
        if failures == 0 {
            summary += style.success("0 mismatches")
        } else {
            summary +=
                style.error(Text.pluralized(failures, "mismatch", "mismatches")) + " ("
                + failing.joined(separator: ", ") + ")"
        }
        let strict = results.compactMap(\.strict)
        if !strict.isEmpty {
            let differ = strict.reduce(0) { $0 + $1.mismatched }
            let intended = strict.reduce(0) { $0 + $1.intended }
            summary += "; strict RFC 3339: \(Text.pluralized(differ, "difference")) (\(intended) intended)"
        }
        return out + summary + "\n"
    }

    /// A twin comparison: the counts line, then every class of difference (all are failures).
    private func twinBlock(_ title: String, _ report: OracleReport) -> String {
        var counts = "\(report.mismatched) mismatched"
        if report.mismatched > 0 { counts = style.error(counts) }
        var lines = ["  \(title): \(report.checked) checked, \(report.identical) identical, \(counts)"]
        lines += report.detailLines(indent: "    ", candidate: "twin")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Legacy vs strict RFC 3339: the counts, then the classes; only `--intended` makes a class pass.
    private func strictBlock(_ report: OracleReport) -> String {
        var head =
            "  strict RFC 3339 vs legacy: \(report.checked) checked, \(report.identical) agree, \(report.mismatched) differ"
        if !report.declarations.isEmpty || report.mismatched > 0 {
            let unintended = "\(report.unintended) unintended"
            head += " (\(report.intended) intended, \(report.unintended > 0 ? style.error(unintended) : unintended))"
        }
        return ([head] + report.detailLines(indent: "    ", candidate: "strict")).joined(separator: "\n") + "\n"
    }

    /// `{"clean": …, "mismatched": …, "source": {…}, "strategies": [{…}]}`, canonical JSON; each
    /// comparison is the oracle's report as `OracleReportFile` writes it.
    func json(_ results: [OracleDatesResult]) -> JSONValue {
        let failures = results.reduce(0) { $0 + $1.failures }
        let strategies: [JSONValue] = results.map { result in
            var members: [JSONObject.Member] = [
                .init(key: "strategy", value: .string(result.strategy.rawValue)),
                .init(key: "legacy", value: .string(result.strategy.legacySpelling)),
                .init(key: "decoding", value: Self.json(result.decoding)),
            ]
            if let encoding = result.encoding { members.append(.init(key: "encoding", value: Self.json(encoding))) }
            if let strict = result.strict { members.append(.init(key: "strictDifferences", value: Self.json(strict))) }
            return .object(JSONObject(members))
        }
        let sourceValue: JSONValue
        switch source {
        case .generated(let count, let seed):
            sourceValue = .object(
                JSONObject([
                    "generated": .number(JSONNumber(integerLiteral: count)),
                    "seed": .number(JSONNumber(text: String(seed))),
                ]))
        case .file(let path):
            sourceValue = .object(JSONObject(["file": .string(PathDisplay.escaped(path))]))
        }
        return .object(
            JSONObject([
                "clean": .bool(failures == 0),
                "mismatched": .number(JSONNumber(integerLiteral: failures)),
                "source": sourceValue,
                "strategies": .array(strategies),
            ]))
    }

    /// `10000 generated inputs (seed 1)` or `the lines of dates.txt`.
    var sourceDescription: String {
        switch source {
        case .generated(let count, let seed): "\(Text.pluralized(count, "generated input")) (seed \(seed))"
        case .file(let path): "the lines of \(PathDisplay.escaped(path))"
        }
    }

    /// A report as the JSON the library's `Codable` conformance writes (it always parses back).
    static func json(_ report: OracleReport) -> JSONValue {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        guard let data = try? encoder.encode(report), let value = try? JSONValue.parse(Array(data)) else {
            return .null
        }
        return value
    }
}
