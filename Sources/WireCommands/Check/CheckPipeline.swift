import WireFuzz
import WireGolden
import WireJSON
import WireLint
import WireShapes
import WireSupport

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
        /// The environment the golden folder is found with (`WIRELOCK_GOLDEN_DIR`).
        package var environment: [String: String]

        /// What to check; every part optional (the defaults are `wirelock check` with no arguments).
        package init(configurationFile: RawPath? = nil, paths: [RawPath] = [], environment: [String: String] = [:]) {
            self.configurationFile = configurationFile
            self.paths = paths
            self.environment = environment
        }
    }

    /// One check's summary: files, findings and time (the rows of `wirelock check`'s table).
    package struct Step: Hashable, Sendable {
        /// `validate`, `fmt --check`, `lint`, `lock --check` or `fuzz smoke`.
        package var check: String
        /// How many files the check read (for the smoke campaign: the fixtures that gave mutants).
        package var files = 0
        /// How many findings it gave.
        package var findings = 0
        /// How long it took.
        package var time = Duration.zero
        /// Why the check did not run, or what it ran on (`1000 mutants, seed 7`).
        package var note: String?

        /// A step that has not run yet: no file, no finding, no time.
        package init(check: String) { self.check = check }
    }

    /// What a run found.
    package struct Result: Sendable {
        /// The configuration's folder: the root the reports' paths are relative to.
        package var root: RawPath
        /// Every finding, in the order the checks ran.
        package var findings: [Finding]
        /// The summary, one step per check, in order.
        package var steps: [Step]
        /// Problems that are no finding, each a sentence, in order: a file that cannot be read, a
        /// folder without JSON files, a golden folder the configuration names that does not
        /// exist. The command reports them as errors (status 2).
        package var errors: [String]

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
        return run(request, configurationFile: found)
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
        let inputs = request.paths.isEmpty ? configuration.inputs.map(resolved) : request.paths
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
                findings += report.errors.map { finding(invalid: $0, file: file) }
                validate.findings += report.errors.count
                if isGolden { goldenInvalid = true }
            } else {
                start = clock.now
                if case .canonical(let formatted) = formatter.format(bytes, framing: input.framing, name: file),
                    formatted != bytes
                {
                    findings.append(finding(nonCanonical: bytes, canonical: formatted, file: file))
                    canonical.findings += 1
                }
                canonical.files += 1
                canonical.time += clock.now - start
                if !isGolden && input.framing == .document {
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
                if absolute != configAbsolute {
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
        if !goldenExists {
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
            findings += lockFindings
            lock.findings = lockFindings.count
            lock.time = clock.now - start
        }

        // MARK: The fuzz smoke campaign over (a sample of) the valid inputs.
        let seeds = smokeSample.compactMap { try? FuzzSeed(name: $0.name, bytes: $0.bytes) }
        var fuzz = Step(check: "fuzz smoke")
        if configuration.fuzz.count == 0 {
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

        return Result(
            root: root, findings: findings, steps: [validate, canonical, lint, lock, fuzz], errors: errors)
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
                formats, readers: try GoldenCatalog.readerContracts(from: goldens), lockFile: lockBytes,
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
