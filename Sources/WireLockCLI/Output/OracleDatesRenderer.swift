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
            out += block("decode vs twin", result.decoding, candidate: "twin", failing: true)
            if let encoding = result.encoding {
                out += block("encode vs twin", encoding, candidate: "twin", failing: true)
            }
            if let strict = result.strict {
                out += block(
                    "strict RFC 3339 vs legacy (expected differences, not failures)", strict,
                    candidate: "strict", failing: false)
            } else if result.strategy.isNumeric && wantsStrict(results) {
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
        return out + summary + "\n"
    }

    /// `{"clean": …, "mismatched": …, "source": {…}, "strategies": [{…}]}`, canonical JSON.
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
                JSONObject(["generated": Self.number(count), "seed": .number(JSONNumber(text: String(seed)))]))
        case .file(let path):
            sourceValue = .object(JSONObject(["file": .string(PathDisplay.escaped(path))]))
        }
        return .object(
            JSONObject([
                "clean": .bool(failures == 0),
                "mismatched": Self.number(failures),
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

    private func wantsStrict(_ results: [OracleDatesResult]) -> Bool {
        results.contains { $0.strict != nil }
    }

    /// The counts line, then each kept mismatch indented under it.
    private func block(_ title: String, _ report: OracleReport, candidate: String, failing: Bool) -> String {
        let differ = failing ? "mismatched" : "differ"
        let same = failing ? "identical" : "agree"
        var counts = "\(report.mismatched) \(differ)"
        if failing && report.mismatched > 0 { counts = style.error(counts) }
        var out = "  \(title): \(report.checked) checked, \(report.identical) \(same), \(counts)\n"
        let label = candidate + ":" + String(repeating: " ", count: max(1, 10 - candidate.count))
        for mismatch in report.firstMismatches {
            out += "    #\(mismatch.index) input \(mismatch.input)\n"
            out += "      legacy:    \(mismatch.legacy.rendered)\n"
            out += "      \(label)\(mismatch.candidate.rendered)\n"
            out += "      reproduce: \(mismatch.reproduction)\n"
        }
        if report.mismatched > report.firstMismatches.count {
            out += "    (\(report.mismatched - report.firstMismatches.count) more not shown; see --max-mismatches)\n"
        }
        return out
    }

    private static func json(_ report: OracleReport) -> JSONValue {
        .object(
            JSONObject([
                "checked": number(report.checked),
                "identical": number(report.identical),
                "mismatched": number(report.mismatched),
                "mismatches": .array(
                    report.firstMismatches.map { mismatch in
                        .object(
                            JSONObject([
                                "index": number(mismatch.index),
                                "input": .string(mismatch.input),
                                "legacy": .string(mismatch.legacy.rendered),
                                "candidate": .string(mismatch.candidate.rendered),
                                "reproduce": .string(mismatch.reproduction),
                            ]))
                    }),
            ]))
    }

    private static func number(_ value: Int) -> JSONValue { .number(JSONNumber(integerLiteral: value)) }
}
