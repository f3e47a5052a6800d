#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireLockTestSupport
    import WireOracle

    /// `wirelock oracle compare A B`: the evidence that one strategy behaves the same on two
    /// platforms, as two report files of one CI run.
    @Suite("wirelock oracle compare (binary)")
    struct OracleCompareCommandTests {
        /// A real report: the fractional ISO 8601 formatter against strict RFC 3339, one ulp declared.
        static func report() -> OracleReport {
            Oracle<String>(
                name: "fractional formatter vs strict", legacy: { LegacyDates.shared.parse($0, .isoFractionalSeconds) },
                candidate: { RFC3339.parse($0) }
            ).run(DateInputFamily.iso8601.corpus(seed: 1, count: 500), intended: [.valuesWithin(ulps: 1)])
        }

        @Test func equalReportsPassAndAReportDifferingInOneClassFailsNamingIt() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let linux = OracleReportFile(reports: [Self.report()])
            var mac = linux
            mac.os = "macOS Version 15.5 (Build 24F74)"
            try directory.write("linux.json", String(decoding: linux.jsonData(), as: UTF8.self))
            try directory.write("mac.json", String(decoding: mac.jsonData(), as: UTF8.self))

            let same = try WireLockBinary.run(["oracle", "compare", "linux.json", "mac.json"], in: directory.url)
            #expect(same.status == 0, "\(same)")
            #expect(same.stdoutLines.last == "1 report compared: the same classes, counts and shapes")
            #expect(same.stdoutLines[1] == "mac.json: \(linux.toolchain) on macOS Version 15.5 (Build 24F74)")

            // One platform's formatter accepts one input more: 1 more legacy-only input, 1 fewer both-rejected.
            let shape = try #require(mac.reports[0].classes[0].groups.first?.shape)
            mac.reports[0].classes[0].count += 1
            mac.reports[0].classes[0].groups[0].count += 1
            mac.reports[0].bothRejected -= 1
            try directory.write("mac.json", String(decoding: mac.jsonData(), as: UTF8.self))
            let differ = try WireLockBinary.run(["oracle", "compare", "linux.json", "mac.json"], in: directory.url)
            #expect(differ.status == 1, "\(differ)")
            let count = linux.reports[0][.legacyOnly].count
            let groupCount = linux.reports[0][.legacyOnly].groups[0].count
            #expect(
                differ.stdoutLines.dropFirst(2) == [
                    "fractional formatter vs strict: both rejected: \(linux.reports[0].bothRejected) in linux.json, \(linux.reports[0].bothRejected - 1) in mac.json",
                    "fractional formatter vs strict: legacy only accepts: \(count) in linux.json, \(count + 1) in mac.json",
                    "fractional formatter vs strict: legacy only accepts, shape \(shape.debugDescription): \(groupCount) in linux.json, \(groupCount + 1) in mac.json",
                    "1 report compared: 1 differs (legacy only accepts)",
                ], "\(differ)")
        }

        @Test func reportsOfTheCommandLineCompareToo() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            for name in ["a.json", "b.json"] {
                let run = try WireLockBinary.run(
                    [
                        "oracle", "dates", "--strategy", "iso8601-formatter-fractional", "--generate", "300",
                        "--compare-strict", "--intended", "values-within-seconds=900000", "--intended",
                        "candidate-accepts-more",
                        "--intended", "candidate-rejects-more", "--report", name,
                    ], in: directory.url)
                #expect(run.status == 0, "\(run)")
            }
            let file = try OracleReportFile.read(fromFile: directory.url.appendingPathComponent("a.json").path)
            #expect(
                file.reports.map(\.name) == [
                    "decode iso8601-formatter-fractional vs twin",
                    "decode iso8601-formatter-fractional vs strict RFC 3339",
                ])
            let same = try WireLockBinary.run(["oracle", "compare", "a.json", "b.json"], in: directory.url)
            #expect(same.status == 0, "\(same)")
            #expect(same.stdoutLines.last == "2 reports compared: the same classes, counts and shapes")
        }

        @Test func aFileThatIsNoReportIsExitTwoNamingIt() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("a.json", #"{"reports": []}"#)
            let result = try WireLockBinary.run(["oracle", "compare", "a.json", "missing.json"], in: directory.url)
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("wirelock: error: cannot read oracle report 'a.json': "), "\(result)")
        }
    }
#endif
