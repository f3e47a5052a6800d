import WireFuzz
import WireJSON
import WireSupport

/// Everything a campaign reports, and its two renderings: text for people and JSON for machines.
/// The command lines print these; the library never prints.
package struct FuzzReport: Sendable {
    /// What was fuzzed: `the strict validator`, `model movie (Page<Movie>)`, `'python3 decode.py'`.
    package var subject: String
    /// The campaign seed.
    package var seed: UInt64
    /// The campaign's size (all shards).
    package var count: Int
    /// This run's shard.
    package var shard: Shard
    /// The mutators enabled.
    package var mutators: [Mutator]
    /// The seeds used, by name.
    package var seeds: [String]
    /// Inputs left out, with the reason (not valid JSON, rejected by the model).
    package var skipped: [(name: String, reason: String)]
    /// Counts per mutator.
    package var tally: FuzzTally
    /// The findings.
    package var findings: [FuzzFinding]
    /// How many different mutant documents ran.
    package var distinct: Int
    /// Findings that match a committed regression case (reported, but not counted against the run).
    package var known: Int

    /// A report.
    package init(
        subject: String, seed: UInt64, count: Int, shard: Shard, mutators: [Mutator], seeds: [String],
        skipped: [(name: String, reason: String)] = [], tally: FuzzTally, findings: [FuzzFinding],
        distinct: Int, known: Int = 0
    ) {
        self.subject = subject
        self.seed = seed
        self.count = count
        self.shard = shard
        self.mutators = mutators
        self.seeds = seeds
        self.skipped = skipped
        self.tally = tally
        self.findings = findings
        self.distinct = distinct
        self.known = known
    }

    /// Whether anything was found.
    package var hasFindings: Bool { !findings.isEmpty }

    /// The findings (at most `maxFindings` in detail), the table, and a summary line.
    package func text(maxFindings: Int = 20) -> String {
        var out =
            "fuzz \(subject): seed \(seed), shard \(shard), \(Text.pluralized(tally.total.mutants, "mutant")) "
            + "(\(distinct) distinct) from \(Text.pluralized(seeds.count, "seed"))\n"
        for (name, reason) in skipped { out += "skipped \(name): \(reason)\n" }
        for finding in findings.prefix(maxFindings) {
            out +=
                "FINDING \(finding.verdict.outcome.rawValue) #\(finding.index) \(finding.seedName): \(finding.operation)\n"
            out += "    expected: \(finding.verdict.expected)\n"
            out += "    seen:     \(finding.verdict.seen)\n"
            if let original = finding.originalSize {
                out += "    shrunk:   \(original) -> \(finding.bytes.count) bytes\n"
            }
            if let reproducer = finding.reproducer { out += "    saved:    \(reproducer)\n" }
        }
        if findings.count > maxFindings { out += "… and \(findings.count - maxFindings) more findings\n" }
        out += "\n" + tally.table()
        let total = tally.total
        // A note, not a finding: a model may ignore members it does not know. Above the summary, so
        // the summary stays the last line.
        if total.droppedMembers > 0 {
            out +=
                "note: \(Text.pluralized(total.droppedMembers, "accepted mutant")) had an injected or renamed member "
                + "the model does not read (not a finding)\n"
        }
        out +=
            "\(Text.pluralized(total.mutants, "mutant")): \(total.asExpected) as expected, \(Text.pluralized(total.findingCount, "finding"))"
        if findings.count != total.findingCount { out += " in \(Text.pluralized(findings.count, "group"))" }
        if known > 0 { out += " (\(known) matching committed regressions)" }
        return out + "\n"
    }

    /// The report as one JSON document.
    package func json() -> JSONValue {
        let findingsJSON: [JSONValue] = findings.map { finding in
            var members: [JSONObject.Member] = [
                .init(key: "index", value: .number(JSONNumber(integerLiteral: finding.index))),
                .init(key: "seed", value: .string(finding.seedName)),
                .init(key: "mutator", value: .string(finding.operation.mutator.rawValue)),
                .init(key: "variant", value: .string(finding.operation.variant)),
                .init(key: "path", value: .string(finding.operation.path.description)),
                .init(key: "outcome", value: .string(finding.verdict.outcome.rawValue)),
                .init(key: "expected", value: .string(finding.verdict.expected)),
                .init(key: "seen", value: .string(finding.verdict.seen)),
                .init(key: "bytes", value: .number(JSONNumber(integerLiteral: finding.bytes.count))),
            ]
            if let offset = finding.operation.offset {
                members.append(.init(key: "offset", value: .number(JSONNumber(integerLiteral: offset))))
            }
            if let reproducer = finding.reproducer {
                members.append(.init(key: "reproducer", value: .string(reproducer)))
            }
            return .object(JSONObject(members))
        }
        return .object(
            JSONObject([
                "campaign": .object(
                    JSONObject([
                        "subject": .string(subject),
                        "seed": .number(JSONNumber(text: String(seed))),
                        "count": .number(JSONNumber(integerLiteral: count)),
                        "shard": .string(shard.description),
                        "mutators": .array(mutators.map { .string($0.rawValue) }),
                        "seeds": .array(seeds.map { .string($0) }),
                        "skipped": .array(
                            skipped.map {
                                .object(JSONObject(["path": .string($0.name), "reason": .string($0.reason)]))
                            }),
                        "distinct": .number(JSONNumber(integerLiteral: distinct)),
                    ])),
                "findings": .array(findingsJSON),
                "known": .number(JSONNumber(integerLiteral: known)),
                "tally": tally.json(),
            ]))
    }
}
