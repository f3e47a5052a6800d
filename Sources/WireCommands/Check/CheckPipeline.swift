import WireFuzz
import WireGolden
import WireJSON
import WireLint
import WireOpenAPI
import WireShapes
import WireSupport
import WireToolSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A golden file as the lock check reads it: its name in the golden folder and its bytes.
package typealias GoldenFile = (path: String, bytes: [UInt8])

/// `wirelock check`'s pipeline as a library call: reads `wirelock.json`, then in one pass over the
/// fixtures and goldens runs what `validate`, `fmt --check`, `lint`, `lock --check` and a short
/// `fuzz` campaign check, through the same library calls those commands make, and returns every
/// problem as a ``Finding`` with a summary row per check. Nothing is printed and nothing exits: the
/// command renders the result and chooses the exit status.
///
/// ```swift
/// let result = try CheckPipeline.run(CheckPipeline.Configuration(configurationFile: RawPath("wirelock.json")))
/// result.findings.isEmpty   // true for a clean tree
/// result.errors             // files that could not be read, a missing golden folder (exit 2)
/// ```
package enum CheckPipeline {
    /// What to check: the configuration file and, optionally, inputs instead of its own.
    package struct Configuration: Sendable {
        /// The configuration file given (`--config`), or nil for `wirelock.json` beside the nearest
        /// `Package.swift`, else in the working directory (a missing default file means every default).
        package var configurationFile: RawPath?
        /// Fixture files or folders to check instead of the configuration's inputs.
        package var paths: [RawPath]
        /// The environment the golden folder is found with (`WIRELOCK_GOLDEN_DIR`), and whether this is
        /// CI (`CI`, `WIRELOCK_RECORD_IN_CI`: under CI no baseline is written).
        package var environment: [String: String]
        /// `--baseline FILE`: the baseline to read, or to record today's findings into when it does
        /// not exist yet; nil for the configuration's `baseline` (if any).
        package var baseline: RawPath?
        /// `--write-baseline`: rewrite the baseline in use with today's findings (shrinking it when
        /// findings were fixed).
        package var writeBaseline: Bool

        /// What to check; every part optional (the defaults are `wirelock check` with no arguments).
        package init(
            configurationFile: RawPath? = nil, paths: [RawPath] = [], environment: [String: String] = [:],
            baseline: RawPath? = nil, writeBaseline: Bool = false
        ) {
            self.configurationFile = configurationFile
            self.paths = paths
            self.environment = environment
            self.baseline = baseline
            self.writeBaseline = writeBaseline
        }
    }

    /// One check's summary: files, findings and time (the rows of `wirelock check`'s table).
    package struct Step: Hashable, Sendable {
        /// `validate`, `fmt --check`, `lint`, `lock --check`, `fuzz smoke` or `models`.
        package var check: String
        /// How many files the check read (for the smoke campaign: the fixtures that gave mutants).
        package var files = 0
        /// How many findings it gave.
        package var findings = 0
        /// How long it took.
        package var time = Duration.zero
        /// Why the check did not run, or what it ran on (`1000 mutants, seed 7`).
        package var note: String?
        /// How many files (or findings, for the lock check) the configuration's `check` scope left out.
        package var skipped = 0

        /// A step that has not run yet: no file, no finding, no time.
        package init(check: String) { self.check = check }
    }

    /// What a baseline did in a run.
    package enum BaselineOutcome: Hashable, Sendable {
        /// It was read: `accepted` findings matched it; `unmatched` entries no longer occur.
        case applied(file: RawPath, accepted: Int, unmatched: Int)
        /// It was written with today's findings (`previous`: the entries it had, nil for a new file).
        case written(file: RawPath, entries: Int, previous: Int?)
    }

    /// What a run found.
    package struct Result: Sendable {
        /// The configuration's folder: the root the reports' paths are relative to.
        package var root: RawPath
        /// Every finding, in the order the checks ran, less those the baseline accepts.
        package var findings: [Finding]
        /// Findings the baseline accepts (not failing the run).
        package var accepted: [Finding] = []
        /// What the baseline did, when there is one.
        package var baseline: BaselineOutcome?
        /// Whether a configuration file was read (false: every default applied).
        package var configurationFound = true
        /// The configuration file read, or looked for, as the CLI shows it.
        package var configurationFile = RawPath(WireLockConfiguration.fileName)
        /// Default inputs that do not exist and were skipped (only without a configuration file).
        package var missingDefaultInputs: [String] = []
        /// The golden folder's lock file, as the CLI opens it, when the folder exists.
        package var lockFile: RawPath?
        /// The summary, one step per check, in order.
        package var steps: [Step]
        /// Problems that are no finding, each a sentence, in order: a file that cannot be read, a
        /// folder without JSON files, a golden folder the configuration names that does not
        /// exist. The command reports them as errors (status 2).
        package var errors: [String]

        /// Whether nothing at all was read (no input, no golden).
        package var checkedNothing: Bool { steps.allSatisfy { $0.files == 0 } }

        /// Whether some finding is an error (status 1).
        package var hasFailingFindings: Bool { findings.contains { $0.severity == .error } }
    }

    /// How many fixtures the smoke campaign draws its mutants from at most. Past it, the fixtures are a
    /// reservoir sample chosen by `fuzz.seed` (the same files for the same inputs and seed): a smoke run
    /// checks the validator on mutants of real payloads; `wirelock fuzz` is the campaign over all of them.
    package static let smokeFixtureLimit = 64

    /// Runs every check.
    /// - Throws: ``ConfigurationFile/LoadError`` when the configuration file cannot be read or is
    ///   not valid; nothing is checked then.
    package static func run(_ request: Configuration) throws(ConfigurationFile.LoadError) -> Result {
        let found = try ConfigurationFile.load(given: request.configurationFile)
        return try applyBaseline(run(request, configurationFile: found), request: request, configurationFile: found)
    }

    /// Reads, records or rewrites the baseline a run uses (`--baseline`, else the configuration's
    /// `baseline`) and moves the findings it accepts out of ``Result/findings``.
    ///
    /// - `--baseline FILE` that does not exist, or `--write-baseline`: today's findings are written
    ///   to the file (atomically) and all of them are accepted; under CI (`CI` set, without
    ///   `WIRELOCK_RECORD_IN_CI`) nothing is written and the run says so in ``Result/errors``. Nothing
    ///   is written either when the run had errors (a file that could not be read has no findings).
    /// - An existing file is read; only findings it does not record stay in ``Result/findings``.
    /// - Throws: ``ConfigurationFile/LoadError`` when the baseline cannot be read or is not valid.
    package static func applyBaseline(
        _ result: Result, request: Configuration, configurationFile found: ConfigurationFile
    ) throws(ConfigurationFile.LoadError) -> Result {
        var result = result
        let file: RawPath
        if let given = request.baseline {
            file = given
        } else if let named = found.configuration.baseline {
            let path = RawPath(named)
            file = PackageLocation.relativeToWorkingDirectory(
                named.hasPrefix("/") ? path.standardized : found.root.appending(path.bytes).standardized)
        } else {
            if request.writeBaseline {
                result.errors.append(
                    "--write-baseline needs a baseline file: give --baseline FILE or name one in \(found.file.displayed) (\"baseline\")"
                )
            }
            return result
        }
        var existing: Baseline?
        switch FileSystem.readFile(file) {
        case .success(let bytes):
            do throws(ConfigurationError) {
                existing = try Baseline(bytes: bytes, file: file.displayed)
            } catch {
                throw .invalid(error)
            }
        case .failure(let error):
            guard error.code == ENOENT else { throw .unreadable(file: file, reason: error.reason) }
            if request.baseline == nil && !request.writeBaseline {
                throw .unreadable(
                    file: file,
                    reason:
                        "the baseline named in \(found.file.displayed) does not exist; record it with `wirelock check --write-baseline`"
                )
            }
        }
        if let existing, !request.writeBaseline {
            let split = existing.apply(to: result.findings)
            result.findings = split.new
            result.accepted = split.accepted
            result.baseline = .applied(file: file, accepted: split.accepted.count, unmatched: split.unmatchedCount)
            return result
        }
        if RecordMode.isCI(request.environment) && !RecordMode.recordsInCI(request.environment) {
            result.errors.append(
                existing == nil
                    ? "the baseline '\(file.displayed)' does not exist, and under CI nothing is recorded: record it locally and commit it"
                    : "--write-baseline: under CI nothing is recorded (set WIRELOCK_RECORD_IN_CI=1 if this is meant)")
            return result
        }
        guard result.errors.isEmpty else {
            result.errors.append("the baseline '\(file.displayed)' was not written: fix the errors above first")
            return result
        }
        let baseline = Baseline(findings: result.findings)
        do throws(AtomicWriteError) {
            try AtomicFile.write(baseline.fileBytes, to: file, options: .rewrite(force: false))
        } catch {
            throw .unreadable(file: file, reason: error.description)
        }
        result.accepted = result.findings
        result.findings = []
        result.baseline = .written(file: file, entries: baseline.count, previous: existing?.count)
        return result
    }

    /// Runs every check with a configuration already read.
    package static func run(_ request: Configuration, configurationFile found: ConfigurationFile) -> Result {
        // MARK: The configuration and the paths it names.
        let root = found.root
        let configFile = found.file
        let configuration = found.configuration
        let configAbsolute = PackageLocation.absolute(configFile)
        /// A setting's path as the CLI opens and shows it: relative to the working directory when inside it.
        func resolved(_ setting: String) -> RawPath {
            let path = RawPath(setting)
            return PackageLocation.relativeToWorkingDirectory(
                setting.hasPrefix("/") ? path.standardized : root.appending(path.bytes).standardized)
        }
        /// A path as the reports show it: relative to the root when inside it.
        func reportPath(_ path: RawPath) -> String {
            PackageLocation.relative(PackageLocation.absolute(path), to: root).displayed
        }
        let stages = configuration.check
        var inputs = request.paths.isEmpty ? configuration.inputs.map(resolved) : request.paths
        // Without a configuration file, a default input that is not there is no error: the summary
        // says it was not checked.
        var missingDefaultInputs: [String] = []
        if !found.exists && request.paths.isEmpty {
            inputs = inputs.filter { input in
                var info = stat()
                if FileSystem.status(input, &info) || errno != ENOENT { return true }
                missingDefaultInputs.append(input.displayed)
                return false
            }
        }
        let goldenGiven = configuration.golden != nil
        let golden =
            configuration.golden.map(resolved)
            ?? PackageLocation.relativeToWorkingDirectory(
                PackageLocation.goldenDirectory(searchingFrom: root, environment: request.environment)
            ).withoutTrailingSlash
        let goldenExists = FileSystem.isDirectory(golden)
        var errors: [String] = []
        if goldenGiven && !goldenExists {
            errors.append(
                "cannot read the golden folder '\(golden.displayed)' (\(configFile.displayed)): no such directory")
        }

        // MARK: One pass over the files: validate, fmt --check, and what the lock check and the fuzz campaign need.
        let clock = ContinuousClock()
        var validate = Step(check: "validate")
        var canonical = Step(check: "fmt --check")
        var lint = Step(check: "lint")
        /// Valid non-golden inputs, for the unreferenced rule: (as reported, absolute).
        var lintFixtures: [(display: String, absolute: String)] = []
        /// Files read in the pass that may name a fixture (goldens, route tables, tests), by absolute path.
        var referencing: [String: [UInt8]] = [:]
        var findings: [Finding] = []
        /// The smoke campaign's fixtures: a seeded reservoir sample of the valid inputs (see
        /// ``smokeFixtureLimit``), so its cost follows its mutant count, not the number of fixtures.
        var smokeSample: [(name: String, bytes: [UInt8])] = []
        var smokeCandidates = 0
        var smokeRandom = SplitMix64(seed: configuration.fuzz.seed)
        var goldenFiles: [GoldenFile] = []
        var goldenBytes: [String: [UInt8]] = [:]
        var goldenInvalid = false
        var seen = Set<RawPath>()
        let formatter = CanonicalFormatter(options: .strict)
        let inputWalker = InputWalker(
            extensions: InputFile.collectedExtensions, excludes: configuration.exclude.map { GlobPattern($0) })
        let goldenWalker = InputWalker(extensions: InputFile.collectedExtensions, excludes: [])
        // A file is a golden by where it is, not by which walk found it: inputs may hold the golden folder.
        let goldenBase = PackageLocation.absolute(golden).withTrailingSlash.bytes
        let walk =
            InputEntry.walk(inputs, with: inputWalker)
            + (goldenExists ? InputEntry.walk([golden], with: goldenWalker) : [])
        for entry in walk {
            let input: InputFile
            switch entry {
            case .input(let found):
                input = found
            case .unreadable(let error):
                errors.append(error.description)
                continue
            case .empty(let directory):
                errors.append(InputWalker.noInputs(under: directory))
                continue
            }
            let absolute = PackageLocation.absolute(input.path)
            guard seen.insert(absolute).inserted else { continue }
            let isGolden = goldenExists && absolute.bytes.starts(with: goldenBase)
            let bytes: [UInt8]
            do throws(JSONInputError) {
                bytes = try FileReader.readFile(at: input.path)
            } catch {
                errors.append(error.description)
                continue
            }
            let file = reportPath(input.path)

            var start = clock.now
            var options = JSONParseOptions.strict
            options.framing = input.framing
            let report = JSONValidator(options: options).validate(bytes)
            validate.files += 1
            validate.time += clock.now - start
            if !report.isValid {
                if stages.validate.covers(file) {
                    findings += report.errors.map { finding(invalid: $0, file: file) }
                    validate.findings += report.errors.count
                } else {
                    validate.skipped += 1
                }
                if isGolden { goldenInvalid = true }
            } else {
                start = clock.now
                if !stages.fmt.covers(file) {
                    canonical.skipped += 1
                } else {
                    if case .canonical(let formatted) = formatter.format(bytes, framing: input.framing, name: file),
                        formatted != bytes
                    {
                        findings.append(finding(nonCanonical: bytes, canonical: formatted, file: file))
                        canonical.findings += 1
                    }
                    canonical.files += 1
                    canonical.time += clock.now - start
                }
                if !isGolden && input.framing == .document && stages.fuzz.covers(file) {
                    smokeCandidates += 1
                    if smokeSample.count < smokeFixtureLimit {
                        smokeSample.append((file, bytes))
                    } else {
                        let slot = smokeRandom.next(below: smokeCandidates)
                        if slot < smokeFixtureLimit { smokeSample[slot] = (file, bytes) }
                    }
                }

                // MARK: Lint joins here.
                // On the bytes read above; its format.* rules are left out (validate and fmt --check above
                // report those, once), and `unreferenced` runs once after the pass. Goldens are named by
                // their wire format and used by the lock file, so naming and unreferenced skip them;
                // wirelock.json itself (when an input folder holds it) is no fixture.
                if absolute != configAbsolute && !stages.lint.covers(file) {
                    lint.skipped += 1
                } else if absolute != configAbsolute {
                    start = clock.now
                    for result in Lint.results(in: bytes, file: file, configuration: configuration.lint)
                    where result.finding.family != LintCategory.format.rawValue
                        && !(isGolden && result.finding.family == LintCategory.naming.rawValue)
                    {
                        findings.append(result.reportedFinding)
                        lint.findings += 1
                    }
                    lint.files += 1
                    lint.time += clock.now - start
                    if !isGolden { lintFixtures.append((file, absolute.text)) }
                }
            }
            if LintReferenceIndex.mayReference(absolute, root: root) { referencing[absolute.text] = bytes }
            if isGolden && input.path.fileExtension == "json" {
                let name =
                    (absolute.bytes.starts(with: goldenBase)
                    ? RawPath(bytes: absolute.bytes.dropFirst(goldenBase.count)) : absolute).displayed
                goldenFiles.append((name, bytes))
                goldenBytes[name] = bytes
            }
        }

        // MARK: lint's unreferenced rule, over the fixtures inside the root.
        if !lintFixtures.isEmpty {
            let start = clock.now
            let unreferenced = LintReferenceIndex.unreferencedFindings(
                lintFixtures, root: root, alreadyRead: referencing, configuration: configuration.lint)
            findings += unreferenced
            lint.findings += unreferenced.count
            lint.time += clock.now - start
        }

        // MARK: lock --check, on the goldens read above.
        var lock = Step(check: "lock --check")
        if !stages.lock.enabled {
            lock.note = "off (check.lock in \(configFile.displayed))"
        } else if !goldenExists {
            lock.note = "no golden folder"
        } else if goldenInvalid {
            lock.note = "skipped: a golden is not valid JSON"
        } else {
            let start = clock.now
            let lockFile = golden.appending(GoldenCatalog.lockFileName)
            let lockBytes = try? FileReader.readFile(at: lockFile)
            lock.files = goldenFiles.count + (lockBytes == nil ? 0 : 1)
            let lockFindings = lockFindings(
                goldenFiles, lockBytes: lockBytes, lockFile: reportPath(lockFile),
                shapeFile: { reportPath(golden.appending(GoldenCatalog.shapesFolder).appending("\($0).shape.json")) },
                shapeBytes: { goldenBytes["\(GoldenCatalog.shapesFolder)/\($0).shape.json"] })
            let scoped = lockFindings.filter { stages.lock.covers($0.file) }
            findings += scoped
            lock.findings = scoped.count
            lock.skipped = lockFindings.count - scoped.count
            lock.time = clock.now - start
        }

        // MARK: The fuzz smoke campaign over (a sample of) the valid inputs.
        let seeds = smokeSample.compactMap { try? FuzzSeed(name: $0.name, bytes: $0.bytes) }
        var fuzz = Step(check: "fuzz smoke")
        if !stages.fuzz.enabled {
            fuzz.note = "off (check.fuzz in \(configFile.displayed))"
        } else if configuration.fuzz.count == 0 {
            fuzz.note = "off (fuzz.count is 0)"
        } else if seeds.isEmpty {
            fuzz.note = "no valid JSON document among the inputs"
        } else {
            let start = clock.now
            let smoke = configuration.fuzz
            let generator = MutantGenerator(seeds: seeds, seed: smoke.seed)
            let result = ValidatorCampaign(generator: generator).run(count: smoke.count)
            let fuzzFindings = result.findings.map { finding(fuzz: $0, smoke: smoke) }
            findings += fuzzFindings
            fuzz.files = generator.productiveSeeds.count
            fuzz.findings = fuzzFindings.count
            fuzz.time = clock.now - start
            let sampled = smokeCandidates > seeds.count ? ", \(seeds.count) of \(smokeCandidates) fixtures" : ""
            fuzz.note = "\(Text.pluralized(result.tally.total.mutants, "mutant")), seed \(smoke.seed)\(sampled)"
        }

        // MARK: The openapi stage, when the configuration names a document.
        var rows = [validate, canonical, lint, lock, fuzz]
        if let settings = configuration.openapi {
            var step = Step(check: "openapi")
            if !stages.openapi.enabled {
                step.note = "off (check.openapi in \(configFile.displayed))"
            } else {
                let start = clock.now
                let outcome = openAPIFindings(
                    settings, spec: resolved(settings.spec), golden: golden, goldenExists: goldenExists,
                    configurationFile: configFile.displayed, reportPath: reportPath)
                switch outcome {
                case .failure(let failure):
                    // `FILE:LINE:COLUMN: error: …` is reported as `wirelock: error: FILE:LINE:COLUMN: …`.
                    errors.append(failure.description.replacingAll(": error: ", with: ": "))
                case .success(let (found, files, note)):
                    let scoped = found.filter { stages.openapi.covers($0.file) }
                    findings += scoped
                    step.findings = scoped.count
                    step.skipped = found.count - scoped.count
                    step.files = files
                    step.note = note
                }
                step.time = clock.now - start
            }
            rows.append(step)
        }

        // MARK: The models step: the configured model runner's own check.
        var modelsStep: Step?
        if let runner = configuration.runner {
            let ran = Self.modelsStep(
                runner: runner, root: root, golden: golden, fuzz: configuration.fuzz, configFile: configFile)
            modelsStep = ran.step
            findings += ran.findings
            errors += ran.errors
        }

        // A stage switched off or scoped says so in its row.
        var steps = rows
        for (index, name) in WireLockConfiguration.CheckStages.names.enumerated() where index < steps.count {
            guard let scope = stages[stage: name], !scope.isEverywhere, steps[index].note == nil else { continue }
            steps[index].note =
                !scope.enabled
                ? "off (check.\(name) in \(configFile.displayed))"
                : "scoped by check.\(name): \(Text.pluralized(steps[index].skipped, "file")) left out"
        }
        if !missingDefaultInputs.isEmpty && steps[0].note == nil {
            let missing = missingDefaultInputs.map { "'\($0)'" }.joined(separator: ", ")
            steps[0].note = "no \(missing) (the default input; no \(configFile.displayed))"
        }
        if let modelsStep { steps.append(modelsStep) }
        var result = Result(root: root, findings: findings, steps: steps, errors: errors)
        result.configurationFound = found.exists
        result.configurationFile = configFile
        result.missingDefaultInputs = missingDefaultInputs
        result.lockFile = goldenExists ? golden.appending(GoldenCatalog.lockFileName) : nil
        return result
    }
    /// The openapi stage: the contracts under the golden folder held against the document, as
    /// findings on the contract files; the files read (the document and each mapped contract) and
    /// a note on what was left out. A document, contract or mapping that cannot be used fails it.
    static func openAPIFindings(
        _ settings: WireLockConfiguration.OpenAPISettings, spec: RawPath, golden: RawPath, goldenExists: Bool,
        configurationFile: String, reportPath: (RawPath) -> String
    ) -> Swift.Result<(findings: [Finding], files: Int, note: String?), OpenAPIStage.Failure> {
        let document: OpenAPIDocument
        do throws(OpenAPIError) {
            document = try OpenAPIDocument.load(spec)
        } catch {
            return .failure(OpenAPIStage.Failure(error.description))
        }
        do throws(OpenAPIStage.Failure) {
            let contracts = goldenExists ? try OpenAPIStage.contracts(under: golden) : []
            let setup = try OpenAPIStage.prepare(
                document: document, contracts: contracts, mappings: settings.contracts,
                configurationFile: configurationFile)
            let outcome = OpenAPIStage.check(setup, display: reportPath)
            if let problem = outcome.problems.first { throw OpenAPIStage.Failure(problem.description) }
            var notes: [String] = ["\(Text.pluralized(setup.readers.count, "contract")) against \(reportPath(spec))"]
            if !setup.unmapped.isEmpty { notes.append("not mapped: \(setup.unmapped.joined(separator: ", "))") }
            let files = 1 + Set(setup.readers.map(\.contract.name)).count
            return .success((outcome.findings, files, notes.joined(separator: "; ")))
        } catch {
            return .failure(error)
        }
    }

    // MARK: Findings from the checks' results (pure).

    /// A validator error as a finding, at the validator's location.
    package static func finding(invalid error: JSONSyntaxError, file: String) -> Finding {
        Finding(
            ruleID: "format.invalid-json", file: file,
            region: Finding.Region(line: error.location.line, column: error.location.column), path: error.path,
            message: error.reason, hint: "fix the JSON here; `wirelock validate \(file)` shows the line with a caret")
    }

    /// A file whose canonical form differs, located at the first line that differs.
    package static func finding(nonCanonical bytes: [UInt8], canonical: [UInt8], file: String) -> Finding {
        let common = min(bytes.count, canonical.count)
        let differs = (0..<common).first { bytes[$0] != canonical[$0] } ?? common
        var line = 1
        for byte in bytes[..<differs] where byte == 0x0A { line += 1 }
        return Finding(
            ruleID: "format.non-canonical", file: file, region: Finding.Region(line: line, column: 1),
            message: "not in canonical form (first difference on line \(line))", hint: "run `wirelock fmt \(file)`")
    }

    /// A fuzz finding: which mutant of which fixture, what was expected and what was seen.
    package static func finding(fuzz: FuzzFinding, smoke: WireLockConfiguration.FuzzSmoke) -> Finding {
        Finding(
            ruleID: "fuzz.\(fuzz.verdict.outcome.rawValue)", file: fuzz.seedName, path: fuzz.operation.path,
            message:
                "mutant #\(fuzz.index) (\(fuzz.operation)): expected \(fuzz.verdict.expected), seen \(fuzz.verdict.seen)",
            hint:
                "rerun `wirelock fuzz --seed \(smoke.seed) --count \(smoke.count) --out DIR` over the same inputs to save the mutant"
        )
    }

    /// What `lock --check` finds (through WireGolden's `verifyLock`), as findings on the lock file
    /// (at the format's line when it has one) and the shape files.
    package static func lockFindings(
        _ goldens: [GoldenFile], lockBytes: [UInt8]?, lockFile: String, shapeFile: (String) -> String,
        shapeBytes: (String) -> [UInt8]?
    ) -> [Finding] {
        let hint = "run `wirelock lock`, review the change and commit it"
        let formats: [GoldenFormat]
        let check: LockCheck
        do {
            formats = try GoldenCatalog.formats(from: goldens)
            check = try verifyLock(
                formats, readers: try GoldenCatalog.readerContracts(from: goldens),
                decoded: try GoldenCatalog.decodedGoldens(from: goldens), lockFile: lockBytes,
                shapeFile: { shapeBytes($0.name) })
        } catch let error as LockCheck.Error {
            switch error {
            case .malformedLockFile(let parse):
                return [
                    Finding(
                        ruleID: "lock.malformed", file: lockFile, region: Finding.Region(line: parse.line, column: 1),
                        message: parse.reason, hint: "run `wirelock lock` to rewrite it")
                ]
            case .noCanonicalForm(let jcs):
                return [
                    Finding(
                        ruleID: "lock.no-canonical-form", file: lockFile,
                        message: "a golden has no RFC 8785 form: \(jcs)")
                ]
            }
        } catch {
            // GoldenCatalog.Error: a golden that is not valid JSON, which the validate step reports.
            return []
        }
        // Each format's line in the lock file (its first word), found once.
        var lineOfFormat: [String: Finding.Region] = [:]
        if let lockBytes {
            let lines = String(decoding: lockBytes, as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                guard let name = line.split(separator: " ", maxSplits: 1).first.map(String.init),
                    lineOfFormat[name] == nil
                else { continue }
                lineOfFormat[name] = Finding.Region(
                    line: index + 1, column: 1, endColumn: max(1, line.unicodeScalars.count))
            }
        }
        func region(ofFormat name: String) -> Finding.Region? { lineOfFormat[name] }
        return check.findings.map { finding in
            let ruleID = "lock.\(finding.kindName)"
            switch finding.kind {
            case .missingLockFile:
                return Finding(ruleID: ruleID, file: lockFile, message: "the lock file does not exist", hint: hint)
            case .lockLine(let mismatch):
                return Finding(
                    ruleID: ruleID, file: lockFile, region: region(ofFormat: mismatch.name),
                    message: mismatch.description, hint: hint)
            case .shapeFileOutdated:
                return Finding(
                    ruleID: ruleID, file: shapeFile(finding.format),
                    message: "\(finding.format): the shape file is missing or out of date", hint: hint)
            }
        }
    }
}
