#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireCommandLine
    import WireJSON
    import WireLockTestSupport
    import WireOracle
    import WireSupport

    @testable import WireLockCLI

    /// The strategy names, typed out: the CLI's vocabulary must not drift silently.
    private let strategyNames = [
        "iso8601-formatter", "iso8601-formatter-fractional", "iso8601-formatter-fractional-or-plain",
        "dateformatter-millis-offset", "dateformatter-seconds-zone", "dateformatter-date-only",
        "json-iso8601", "json-seconds-since-1970", "json-milliseconds-since-1970",
    ]

    /// Runs the built `wirelock oracle dates` and checks standard output, standard error and the exit status.
    @Suite("wirelock oracle dates (binary)")
    struct OracleDatesEndToEndTests {
        @Test func generatedRunOverEveryStrategyHasNoMismatches() throws {
            let result = try WireLockBinary.run(["oracle", "dates", "--generate", "300", "--seed", "7"])
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr == "")
            let lines = result.stdoutLines
            #expect(
                lines.filter { $0.hasPrefix("  decode vs twin: ") }
                    == Array(repeating: "  decode vs twin: 300 checked, 300 identical, 0 mismatched", count: 9),
                "\(result)"
            )
            #expect(
                lines.filter { !$0.hasPrefix(" ") }.dropLast().map { String($0.prefix { $0 != ":" }) } == strategyNames)
            #expect(lines.last == "9 strategies, 300 generated inputs (seed 7): 0 mismatches")
        }

        @Test func encodingIsCheckedOverGeneratedInstants() throws {
            let result = try WireLockBinary.run([
                "oracle", "dates", "--strategy", "iso8601-formatter-fractional",
                "--generate", "200", "--encoding",
            ])
            #expect(result.status == 0, "\(result)")
            #expect(
                result.stdoutLines == [
                    "iso8601-formatter-fractional: ISO8601DateFormatter [.withInternetDateTime, .withFractionalSeconds]",
                    "  decode vs twin: 200 checked, 200 identical, 0 mismatched",
                    "  encode vs twin: 200 checked, 200 identical, 0 mismatched",
                    "1 strategy, 200 generated inputs (seed 1): 0 mismatches",
                ])
        }

        /// Four lines, worked out by hand against the behaviour pinned in FoundationBehaviourTests:
        /// the plain ISO8601DateFormatter accepts line 1 like strict RFC 3339; rejects the fraction of
        /// line 2 (strict reads 2024-05-01T10:00:00.123Z as 736 250 400.123 s since 2001: 1 714 557 600
        /// Unix seconds − 978 307 200); rolls Feb 30 of line 3 over to 2024-03-01T10:00:00Z (Unix
        /// 1 709 287 200, so 730 980 000) where strict rejects it; and both reject line 4.
        static let lines = "2024-05-01T10:00:00Z\n2024-05-01T10:00:00.123Z\n2024-02-30T10:00:00Z\nnot a date\n"

        @Test func inputsFileIsCheckedLineByLineAndStrictDifferencesFailUnlessIntended() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("dates.txt", Self.lines)

            let plain = try WireLockBinary.run(
                ["oracle", "dates", "--strategy", "iso8601-formatter", "--inputs", "dates.txt"],
                in: directory.url)
            #expect(plain.status == 0, "\(plain)")
            #expect(
                plain.stdoutLines == [
                    "iso8601-formatter: ISO8601DateFormatter [.withInternetDateTime]",
                    "  decode vs twin: 4 checked, 4 identical, 0 mismatched",
                    "1 strategy, the lines of dates.txt: 0 mismatches",
                ])

            let strict = try WireLockBinary.run(
                [
                    "oracle", "dates", "--strategy", "iso8601-formatter", "--inputs", "dates.txt",
                    "--compare-strict",
                ], in: directory.url)
            #expect(strict.status == 1, "an undeclared difference fails the run: \(strict)")
            let out = strict.stdoutLines
            #expect(out.count == 22, "\(strict)")
            guard out.count == 22 else { return }
            #expect(out[2] == "  strict RFC 3339 vs legacy: 4 checked, 2 agree, 2 differ (0 intended, 2 unintended)")
            #expect(out[3] == "    legacy only accepts: 1 in 1 unintended shape")
            #expect(out[4] == #"      1 × "dddd-dd-ddTdd:dd:ddZ""#)
            #expect(out[5] == #"        #2 input "2024-02-30T10:00:00Z""#)
            #expect(out[6] == "          legacy:    2024-03-01T10:00:00Z (730980000 s, 0x41c5c8ef50000000)")
            #expect(out[7] == "          strict:    rejected")
            #expect(
                out[8]
                    == "          reproduce: wirelock oracle dates --strategy iso8601-formatter --compare-strict --inputs dates.txt   # line 3"
            )
            #expect(out[9] == #"        smallest "0000-02-30T00:00:00Z""#)
            #expect(out[12] == "    candidate only accepts: 1 in 1 unintended shape")
            #expect(out[15].hasPrefix("          legacy:    rejected"))
            #expect(out[16] == "          strict:    2024-05-01T10:00:00.123Z (736250400.123 s, 0x41c5f125100fbe77)")
            #expect(
                out[21]
                    == "1 strategy, the lines of dates.txt: 2 mismatches (iso8601-formatter); strict RFC 3339: 2 differences (0 intended)"
            )

            let declared = try WireLockBinary.run(
                [
                    "oracle", "dates", "--strategy", "iso8601-formatter", "--inputs", "dates.txt", "--compare-strict",
                    "--intended", "candidate-accepts-more", "--intended", "candidate-rejects=dddd-dd-ddTdd:dd:dd?",
                    "--intended", "values-within-ulps=1",
                ], in: directory.url)
            #expect(declared.status == 0, "\(declared)")
            #expect(
                declared.stdoutLines.suffix(5) == [
                    "  strict RFC 3339 vs legacy: 4 checked, 2 agree, 2 differ (2 intended, 0 unintended)",
                    "    legacy only accepts: 1 (1 intended, 0 unintended)",
                    "    candidate only accepts: 1 (1 intended, 0 unintended)",
                    #"    intended: .candidateAcceptsMore took 1; .candidateRejectsMore.only(shape: "dddd-dd-ddTdd:dd:dd?") took 1; .valuesWithin(ulps: 1) took 0 (stale: it matched nothing)"#,
                    "1 strategy, the lines of dates.txt: 0 mismatches; strict RFC 3339: 2 differences (2 intended)",
                ])
        }

        /// The defect issue 32 names: `--compare-strict` printed the one-ulp class of `.203Z` as
        /// "expected differences" and exited 0. A value that moves by one ulp is a difference like any
        /// other: it fails the run, with its Δ, until declared.
        @Test func aOneUlpStrictDifferenceFailsTheRunUntilDeclared() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("dates.txt", "2020-01-08T14:18:51.203Z\n")
            let arguments = [
                "oracle", "dates", "--strategy", "iso8601-formatter-fractional", "--inputs", "dates.txt",
                "--compare-strict",
            ]
            let result = try WireLockBinary.run(arguments, in: directory.url)
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout.contains("    both accept, values differ: 1 in 1 unintended shape\n"), "\(result)")
            #expect(result.stdout.contains("          Δ -1.1920928955078125e-07 s, 1 ulp\n"), "\(result)")
            let declared = try WireLockBinary.run(
                arguments + ["--intended", "values-within-ulps=1"], in: directory.url)
            #expect(declared.status == 0, "\(declared)")
        }

        @Test func listNamesEveryStrategyWithItsLegacy() throws {
            let result = try WireLockBinary.run(["oracle", "dates", "--list"])
            #expect(result.status == 0)
            #expect(result.stdoutLines.map { String($0.prefix { $0 != " " }) } == strategyNames)
            #expect(result.stdoutLines.first?.hasSuffix("ISO8601DateFormatter [.withInternetDateTime]") == true)
            let json = try JSONValue.parse(
                try WireLockBinary.run(["oracle", "dates", "--list", "--format", "json"]).stdout)
            #expect(json[8]?["name"] == .string("json-milliseconds-since-1970"))
            #expect(json[8]?["numeric"] == .bool(true))
        }

        @Test func jsonReportParsesAndCarriesCountsPerStrategy() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("dates.txt", Self.lines)
            let result = try WireLockBinary.run([
                "oracle", "dates", "--generate", "50", "--seed", "2", "--format", "json",
                "--strategy", "json-iso8601",
            ])
            #expect(result.status == 0, "\(result)")
            let report = try JSONValue.parse(result.stdout)
            #expect(report["clean"] == .bool(true))
            #expect(report["mismatched"] == .number(0))
            #expect(report["source"]?["generated"] == .number(50))
            #expect(report["source"]?["seed"] == .number(2))
            let strategy = try #require(report["strategies"]?[0])
            #expect(strategy["strategy"] == .string("json-iso8601"))
            #expect(strategy["decoding"]?["checked"] == .number(50))
            #expect(strategy["decoding"]?["sameValue"] != nil)
            #expect(strategy["decoding"]?["classes"]?[0]?["count"] == .number(0))

            let strict = try JSONValue.parse(
                try WireLockBinary.run(
                    [
                        "oracle", "dates", "--strategy", "iso8601-formatter", "--inputs", "dates.txt",
                        "--compare-strict",
                        "--format", "json",
                    ],
                    in: directory.url
                ).stdout)
            #expect(strict["source"]?["file"] == .string("dates.txt"))
            let differences = try #require(strict["strategies"]?[0]?["strictDifferences"])
            #expect(differences["classes"]?[0]?["kind"] == .string("legacy-only"))
            #expect(differences["classes"]?[0]?["examples"]?[0]?["index"] == .number(2))
            #expect(differences["classes"]?[0]?["examples"]?[0]?["candidate"]?["rejected"] == .string("rejected"))
            #expect(differences["classes"]?[1]?["examples"]?[0]?["index"] == .number(1))
            #expect(strict["clean"] == .bool(false))
            #expect(strict["mismatched"] == .number(2))
        }

        @Test func unreadableInputsFileIsExitTwoNamingIt() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let missing = try WireLockBinary.run(
                ["oracle", "dates", "--inputs", "no-such-dates.txt"], in: directory.url)
            #expect(missing.status == 2)
            #expect(missing.stdout == "")
            #expect(missing.stderr == "wirelock: error: cannot read inputs file 'no-such-dates.txt': no such file\n")
            try directory.write("folder/a.txt", "x")
            let folder = try WireLockBinary.run(["oracle", "dates", "--inputs", "folder"], in: directory.url)
            #expect(folder.status == 2)
            #expect(folder.stderr == "wirelock: error: cannot read inputs file 'folder': it is a directory\n")
        }

        @Test func unknownStrategyIsExitTwoListingTheValidNames() throws {
            let result = try WireLockBinary.run(["oracle", "dates", "--strategy", "iso8601"])
            #expect(result.status == 2)
            #expect(result.stdout == "")
            let first = result.stderr.split(separator: "\n").first.map(String.init)
            #expect(
                first == "wirelock: error: invalid value 'iso8601' for '--strategy': expected one of all, "
                    + strategyNames.joined(separator: ", "))
        }

        @Test(arguments: [
            (["--inputs", "x.txt", "--generate", "5"], "'--inputs' and '--generate' cannot be combined"),
            (["--inputs", "x.txt", "--seed", "5"], "'--seed' applies to generated inputs"),
            (["--inputs", "x.txt", "--encoding"], "'--encoding' checks generated instants"),
            (["--seed", "-1"], "invalid value '-1' for '--seed'"),
            (["--generate", "0"], "invalid value '0' for '--generate': expected a positive whole number"),
        ])
        func conflictingOrMalformedOptionsAreUsageErrors(arguments: [String], message: String) throws {
            let result = try WireLockBinary.run(["oracle", "dates"] + arguments)
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("wirelock: error: " + message), "\(result)")
        }
    }

    /// The renderer on hand-built reports: the failing path that real twins never take.
    @Suite("wirelock oracle dates (rendering)")
    struct OracleDatesRenderingTests {
        static let mismatch = OracleMismatch(
            index: 4, input: #""2024-05-01T01:00:00.1239Z""#,
            legacy: OracleOutcome(Date(timeIntervalSinceReferenceDate: 1)),
            candidate: .rejected(category: "rejected"),
            reproduction: "wirelock oracle dates --strategy iso8601-formatter-fractional --generate 5 --seed 1")

        static func report(legacyOnly count: Int, intended: Int = 0, name: String = "x") -> OracleReport {
            let group = OracleGroup(
                kind: .legacyOnly, shape: mismatch.shape, intendedBy: nil, count: count - intended,
                example: mismatch)
            return OracleReport(
                name: name, checked: 10, sameValue: 10 - count, bothRejected: 0,
                classes: OracleDifference.allCases.map {
                    $0 == .legacyOnly
                        ? OracleClassReport(
                            kind: $0, count: count, intended: intended, examples: [mismatch],
                            groups: count > intended ? [group] : [])
                        : OracleClassReport(kind: $0, count: 0, intended: 0, examples: [], groups: [])
                },
                declarations: intended > 0
                    ? [IntendedChangeCount(declaration: ".candidateRejectsMore", matched: intended)] : [])
        }

        @Test func mismatchesAreListedByClassWithBothOutputsAndTheRunFails() {
            let result = OracleDatesResult(strategy: .isoFractionalSeconds, decoding: Self.report(legacyOnly: 3))
            #expect(result.failures == 3)
            let text = OracleDatesRenderer(source: .generated(count: 10, seed: 1)).text([result])
            #expect(
                text == """
                    iso8601-formatter-fractional: ISO8601DateFormatter [.withInternetDateTime, .withFractionalSeconds]
                      decode vs twin: 10 checked, 7 identical, 3 mismatched
                        legacy only accepts: 3 in 1 unintended shape
                          3 × "dddd-dd-ddTdd:dd:dd.ddddZ"
                            #4 input "2024-05-01T01:00:00.1239Z"
                              legacy:    2001-01-01T00:00:01Z (1 s, 0x3ff0000000000000)
                              twin:      rejected
                              reproduce: wirelock oracle dates --strategy iso8601-formatter-fractional --generate 5 --seed 1
                    1 strategy, 10 generated inputs (seed 1): 3 mismatches (iso8601-formatter-fractional)

                    """)
            let json = OracleDatesRenderer(source: .generated(count: 10, seed: 1)).json([result])
            #expect(json["clean"] == .bool(false))
            #expect(json["mismatched"] == .number(3))
            #expect(
                json["strategies"]?[0]?["decoding"]?["classes"]?[0]?["examples"]?[0]?["candidate"]?["rejected"]
                    == .string("rejected"))
        }

        @Test func strictDifferencesFailUnlessIntended() {
            let clean = Self.report(legacyOnly: 0)
            let undeclared = OracleDatesResult(
                strategy: .jsonISO8601, decoding: clean, strict: Self.report(legacyOnly: 6))
            #expect(undeclared.failures == 6)
            #expect(OracleDatesRenderer(source: .file("d.txt")).json([undeclared])["clean"] == .bool(false))
            let declared = OracleDatesResult(
                strategy: .jsonISO8601, decoding: clean, strict: Self.report(legacyOnly: 6, intended: 6))
            #expect(declared.failures == 0)
            #expect(OracleDatesRenderer(source: .file("d.txt")).json([declared])["clean"] == .bool(true))
        }

        @Test(arguments: [
            ("dates.txt", "dates.txt"),
            ("my dates.txt", "'my dates.txt'"),
            ("it's.txt", #"'it'\''s.txt'"#),
        ])
        func reproductionQuotesPathsForTheShell(path: String, quoted: String) {
            let line = OracleDatesCommand.reproduction(.file(path), .jsonISO8601, index: 2, input: "x", flag: nil)
            #expect(line == "wirelock oracle dates --strategy json-iso8601 --inputs \(quoted)   # line 3")
        }
    }
#endif
