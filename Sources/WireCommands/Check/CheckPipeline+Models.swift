import WireFuzz
import WireJSON
import WireLint
import WireSupport

#if WIRELOCK_SPAWN
    import WireCommandLine
#endif

extension CheckPipeline {
    /// The `models` step: the configuration's `runner` (a program built on `ModelRunner`) run from the
    /// root as `RUNNER check --format json --golden GOLDEN --seed S --count N`, its findings read from
    /// its report: each model's fixtures, decoded goldens, reader contract and fuzz campaign.
    ///
    /// - Returns: the step's row, the findings, and the problems that are no finding (a runner that
    ///   cannot be started, fails, or prints no report).
    static func modelsStep(
        runner: [String], root: RawPath, golden: RawPath, fuzz: WireLockConfiguration.FuzzSmoke, configFile: RawPath
    ) -> (step: Step, findings: [Finding], errors: [String]) {
        var step = Step(check: "models")
        #if WIRELOCK_SPAWN
            let clock = ContinuousClock()
            let start = clock.now
            var program = runner[0]
            if program.contains("/") && !program.hasPrefix("/") {
                program = PackageLocation.absolute(root.appending(program)).text
            }
            let arguments =
                [program] + runner.dropFirst() + [
                    "check", "--format", "json", "--golden", PackageLocation.absolute(golden).text, "--seed",
                    String(fuzz.seed), "--count", String(fuzz.count),
                ]
            let shown = runner.joined(separator: " ")
            let ran: (status: Int32, output: [UInt8])
            do throws(Spawn.Failure) {
                ran = try Spawn.output(arguments, directory: PackageLocation.absolute(root).text)
            } catch {
                return (step, [], ["the model runner in \(configFile.displayed) (\(shown)): \(error)"])
            }
            step.time = clock.now - start
            switch modelsReport(ran.output, status: ran.status) {
            case .success(let report):
                step.files = report.fixtures
                step.findings = report.findings.count
                step.note =
                    "\(Text.pluralized(report.models, "model")) of \(shown), "
                    + "\(Text.pluralized(report.mutants, "mutant")), seed \(fuzz.seed)"
                return (step, report.findings, [])
            case .failure(let problem):
                return (step, [], ["the model runner in \(configFile.displayed) (\(shown)) \(problem.reason)"])
            }
        #else
            step.note = "off: this platform starts no processes"
            return (step, [], [])
        #endif
    }

    /// What a runner's `check --format json` report says: its models, fixtures and mutants, and its
    /// findings as `check` reports them; or why it is no report.
    static func modelsReport(_ output: [UInt8], status: Int32) -> Swift.Result<ModelsReport, ModelsReport.Problem> {
        guard status == 0 || status == 1 else {
            return .failure(.init(reason: "exited with status \(status); run its `check` command to see why"))
        }
        guard let report = try? JSONValue.parse(output), case .array(let models)? = report["models"],
            case .array(let items)? = report["findings"]
        else { return .failure(.init(reason: "printed no report (expected its `check --format json` document)")) }
        func count(_ value: JSONValue, _ key: String) -> Int {
            if case .number(let number)? = value[key] { return number.intValue ?? 0 }
            return 0
        }
        var findings: [Finding] = []
        for item in items {
            guard case .string(let rule)? = item["rule"], case .string(let file)? = item["file"],
                case .string(let message)? = item["message"]
            else { return .failure(.init(reason: "printed a finding without rule, file and message")) }
            var path: JSONPath?
            if case .string(let text)? = item["path"] { path = JSONPath.parse(text) }
            var hint: String?
            if case .string(let text)? = item["hint"] { hint = text }
            findings.append(Finding(ruleID: rule, file: file, path: path, message: message, hint: hint))
        }
        return .success(
            ModelsReport(
                models: models.count, fixtures: models.reduce(0) { $0 + count($1, "fixtures") },
                mutants: models.reduce(0) { $0 + count($1, "mutants") }, findings: findings))
    }

    /// A model runner's `check` report, read.
    struct ModelsReport {
        var models: Int
        var fixtures: Int
        var mutants: Int
        var findings: [Finding]

        /// Why a runner's output is no report.
        struct Problem: Error {
            var reason: String
        }
    }
}
