import WireJSON

/// The settings of `wirelock.json`, the one configuration file at a package's root that
/// `wirelock check` (and `wirelock lint`) read. Every setting is optional.
///
/// ```json
/// {
///   "inputs": ["Fixtures"],
///   "exclude": ["invalid", "*-malformed*"],
///   "golden": "golden",
///   "fuzz": { "count": 1000, "seed": 7 },
///   "check": { "fmt": false, "lint": { "exclude": ["Fixtures/legacy/*"] } },
///   "baseline": "wirelock-baseline.json",
///   "runner": [".build/debug/my-models"],
///   "lint": { },
///   "openapi": { "spec": "api/openapi.json", "contracts": { "movie": "GET /api/v3/movie 200" } }
/// }
/// ```
///
/// - `inputs`: the fixture files and folders to check, relative to the file's folder (default
///   `Fixtures`).
/// - `exclude`: shell patterns of files and folders to skip inside the inputs, as `--exclude`
///   means them (a name, or a path below an input folder; `*` also matches `/`).
/// - `golden`: the golden folder whose lock file and shapes are checked (default: `golden`, or
///   `WIRELOCK_GOLDEN_DIR`).
/// - `fuzz.count`, `fuzz.seed`: the smoke campaign over the inputs (default 1000 mutants, seed 7;
///   a count of 0 turns it off).
/// - `check`: where each of `check`'s stages runs, by stage (`validate`, `fmt`, `lint`, `lock`,
///   `fuzz`): `false` turns it off, an object `{ "files": [globs], "exclude": [globs] }` scopes it
///   to files (a ``PathScope``; the globs match the paths as reported, relative to the file's folder).
/// - `baseline`: a baseline file of accepted findings (see `wirelock check --baseline`), relative to
///   the file's folder: only findings it does not record fail `check`.
/// - `runner`: a model runner (an executable built on `ModelRunner`) and its first arguments, run
///   from the file's folder as `RUNNER check --format json --golden … --seed … --count …`: every
///   registered model's fixtures, decoded goldens, reader contract and a fuzz campaign of
///   `fuzz.count` mutants become `check`'s `models` step (only where processes can be started).
/// - `lint`: suppressions and disabled rules for the lint rules, read as a ``LintConfiguration``
///   (``lint``; its errors are located like every other setting's).
/// - `openapi`: an OpenAPI document in JSON (`spec`, relative to the file's folder) and, by reader
///   contract (its name under the golden folder, `movie` for `golden/movie.reads.json`), where its
///   payload is described: `"METHOD /path STATUS"` or a JSON pointer `"#/components/schemas/…"`, or
///   an array of them (``OpenAPISettings``; the targets are checked against the document by the
///   command that reads it). `check` then holds the contracts against the document (stage `openapi`).
/// - `$schema`: allowed, for editors, and ignored.
///
/// Any other member, or a value of the wrong kind, is a ``ConfigurationError`` naming the file,
/// line, column and setting.
///
/// ```swift
/// let configuration = try WireLockConfiguration.parse(bytes, file: "wirelock.json")
/// configuration.inputs   // ["Fixtures"] when the file does not say
/// ```
package struct WireLockConfiguration: Hashable, Sendable {
    /// The file's name at the package root.
    package static let fileName = "wirelock.json"

    /// The fixture files and folders, relative to the configuration's folder.
    package var inputs: [String]
    /// Patterns of inputs to skip.
    package var exclude: [String]
    /// The golden folder, relative to the configuration's folder; nil for the default.
    package var golden: String?
    /// The fuzz smoke campaign.
    package var fuzz: FuzzSmoke
    /// The `lint` section: suppressions and disabled rules (the defaults when absent).
    package var lint: LintConfiguration
    /// Where each `check` stage runs (`check` section; everywhere when absent).
    package var check = CheckStages()
    /// The baseline file, relative to the configuration's folder; nil when none is named.
    package var baseline: String?
    /// The model runner's program and first arguments; nil when none is named.
    package var runner: [String]?

    /// The `openapi` section; nil when there is none.
    package var openapi: OpenAPISettings?

    /// Where the reader contracts' payloads are described in an OpenAPI document.
    package struct OpenAPISettings: Hashable, Sendable {
        /// The document, relative to the configuration's folder.
        package var spec: String
        /// Each contract's targets, in the file's order.
        package var contracts: [Mapping]

        /// One contract's targets.
        package struct Mapping: Hashable, Sendable {
            /// The contract's name (`movie`, `github/search`).
            package var name: String
            /// Its targets, as written, each with where it is (so an error can point at it).
            package var targets: [Located]

            package init(name: String, targets: [Located]) {
                self.name = name
                self.targets = targets
            }
        }

        /// A setting's text and where it is in the file.
        package struct Located: Hashable, Sendable {
            package var text: String
            package var line: Int
            package var column: Int
            /// `openapi.contracts.movie`, `openapi.contracts.error[1]`.
            package var setting: String

            package init(text: String, line: Int, column: Int, setting: String) {
                self.text = text
                self.line = line
                self.column = column
                self.setting = setting
            }

            /// An error about this setting: `FILE:LINE:COLUMN: error: SETTING: MESSAGE`.
            package func error(file: String, _ message: String) -> ConfigurationError {
                ConfigurationError(file: file, line: line, column: column, setting: setting, message: message)
            }
        }

        package init(spec: String, contracts: [Mapping] = []) {
            self.spec = spec
            self.contracts = contracts
        }
    }

    /// Where each of `wirelock check`'s stages runs.
    package struct CheckStages: Hashable, Sendable {
        /// The stages' names in the `check` section, in the order `check` runs them.
        package static let names = ["validate", "fmt", "lint", "lock", "fuzz", "openapi"]

        /// `format.invalid-json` (a file outside it is still parsed, for the stages after it).
        package var validate = PathScope.everywhere
        /// `format.non-canonical`.
        package var fmt = PathScope.everywhere
        /// Every lint rule (each rule is scoped further by `lint.scope` and `lint.disable`).
        package var lint = PathScope.everywhere
        /// `lock.*`, on the lock file and shape files as reported.
        package var lock = PathScope.everywhere
        /// The fuzz smoke campaign: the fixtures it draws mutants from.
        package var fuzz = PathScope.everywhere
        /// `openapi.*`, on the reader contract files as reported (only when `openapi` names a document).
        package var openapi = PathScope.everywhere

        /// Every stage everywhere.
        package init() {}

        /// A stage's scope by its name in the section (nil for an unknown name).
        package subscript(stage name: String) -> PathScope? {
            get {
                switch name {
                case "validate": validate
                case "fmt": fmt
                case "lint": lint
                case "lock": lock
                case "fuzz": fuzz
                case "openapi": openapi
                default: nil
                }
            }
            set {
                guard let newValue else { return }
                switch name {
                case "validate": validate = newValue
                case "fmt": fmt = newValue
                case "lint": lint = newValue
                case "lock": lock = newValue
                case "fuzz": fuzz = newValue
                case "openapi": openapi = newValue
                default: break
                }
            }
        }
    }

    /// The smoke campaign's size and seed.
    package struct FuzzSmoke: Hashable, Sendable {
        /// Mutants in the campaign; 0 turns it off.
        package var count: Int
        /// The campaign seed.
        package var seed: UInt64

        /// A campaign; the defaults are the ones a file without `fuzz` gets.
        package init(count: Int = 1000, seed: UInt64 = 7) {
            self.count = count
            self.seed = seed
        }
    }

    /// The largest `fuzz.count` accepted (a smoke campaign, not a fuzzing run).
    package static let maximumFuzzCount = 1_000_000

    /// Settings; the defaults are what an absent file means.
    package init(
        inputs: [String] = ["Fixtures"], exclude: [String] = [], golden: String? = nil, fuzz: FuzzSmoke = FuzzSmoke(),
        lint: LintConfiguration = LintConfiguration()
    ) {
        self.inputs = inputs
        self.exclude = exclude
        self.golden = golden
        self.fuzz = fuzz
        self.lint = lint
    }

    /// Reads a configuration file's bytes.
    /// - Parameters:
    ///   - bytes: the file's contents (strict JSON: no comments, no repeated names).
    ///   - file: the file's name as errors should show it.
    /// - Throws: ``ConfigurationError`` for a file that is not JSON, an unknown setting or a value
    ///   of the wrong kind, located at the offending value.
    package static func parse(_ bytes: [UInt8], file: String) throws(ConfigurationError) -> WireLockConfiguration {
        let root: JSONValue
        do throws(JSONSyntaxError) {
            root = try JSONValue.parse(bytes)
        } catch {
            throw ConfigurationError(
                file: file, line: error.location.line, column: error.location.column, setting: error.path.description,
                message: "not valid JSON: \(error.reason)")
        }
        var map: JSONSourceMap?
        func fail(_ path: JSONPath, _ message: String) -> ConfigurationError {
            if map == nil { map = try? JSONSourceMap(bytes) }
            // A missing member is placed where the object that lacks it starts.
            let start = map.flatMap { map in map.deepestEntry(toward: path).map { map.entries[$0.index].start } }
            let (line, column) = (start?.line ?? 1, start?.column ?? 1)
            var setting = ""
            for component in path.components {
                switch component {
                case .key(let key): setting += (setting.isEmpty ? "" : ".") + key
                case .index(let index): setting += "[\(index)]"
                }
            }
            return ConfigurationError(file: file, line: line, column: column, setting: setting, message: message)
        }

        func locate(_ path: JSONPath) -> (line: Int, column: Int) {
            let error = fail(path, "")
            return (error.line, error.column)
        }
        guard case .object(let object) = root else {
            throw fail(.root, "expected an object of settings, found \(article(root))")
        }
        var configuration = WireLockConfiguration()
        for member in object {
            let path = JSONPath.root.appending(key: member.key)
            switch member.key {
            case "$schema":
                continue
            case "inputs":
                configuration.inputs = try strings(member.value, at: path, allowEmpty: false, fail)
            case "exclude":
                configuration.exclude = try strings(member.value, at: path, allowEmpty: true, fail)
            case "golden":
                guard case .string(let text) = member.value, !text.isEmpty else {
                    throw fail(path, "expected the golden folder as a non-empty string, found \(article(member.value))")
                }
                configuration.golden = text
            case "fuzz":
                guard case .object(let settings) = member.value else {
                    throw fail(path, "expected an object with count and seed, found \(article(member.value))")
                }
                for setting in settings {
                    let settingPath = path.appending(key: setting.key)
                    switch setting.key {
                    case "count":
                        guard case .number(let number) = setting.value, let count = Int(number.text),
                            (0...maximumFuzzCount).contains(count)
                        else {
                            throw fail(
                                settingPath,
                                "expected a whole number of mutants from 0 (off) to \(maximumFuzzCount), found \(article(setting.value))"
                            )
                        }
                        configuration.fuzz.count = count
                    case "seed":
                        guard case .number(let number) = setting.value, let seed = UInt64(number.text) else {
                            throw fail(
                                settingPath, "expected a whole number from 0 to 2^64-1, found \(article(setting.value))"
                            )
                        }
                        configuration.fuzz.seed = seed
                    default:
                        throw fail(settingPath, "unknown setting; fuzz takes count and seed")
                    }
                }
            case "check":
                guard case .object(let stages) = member.value else {
                    throw fail(path, "expected an object from stage names to scopes, found \(article(member.value))")
                }
                for stage in stages {
                    let stagePath = path.appending(key: stage.key)
                    guard CheckStages.names.contains(stage.key) else {
                        throw fail(
                            stagePath,
                            "unknown stage; check takes \(CheckStages.names.joined(separator: ", "))")
                    }
                    switch PathScope.parse(stage.value) {
                    case .success(let scope): configuration.check[stage: stage.key] = scope
                    case .failure(let error):
                        throw fail(JSONPath(stagePath.components + error.path.components), error.reason)
                    }
                }
            case "baseline":
                guard case .string(let text) = member.value, !text.isEmpty else {
                    throw fail(path, "expected the baseline file as a non-empty string, found \(article(member.value))")
                }
                configuration.baseline = text
            case "runner":
                guard case .array = member.value else {
                    throw fail(path, "expected the runner's program and arguments as an array of strings")
                }
                configuration.runner = try strings(member.value, at: path, allowEmpty: false, fail)
            case "lint":
                do throws(LintConfiguration.Error) {
                    configuration.lint = try LintConfiguration(json: member.value)
                } catch {
                    throw fail(JSONPath(path.components + error.path.components), error.reason)
                }
            case "openapi":
                configuration.openapi = try openAPISettings(member.value, at: path, locate: locate, fail)
            default:
                throw fail(
                    path,
                    "unknown setting; expected one of inputs, exclude, golden, fuzz, check, baseline, runner, lint, openapi"
                )
            }
        }
        return configuration
    }

    /// `{"spec": "…", "contracts": {NAME: TARGET or [TARGET…]}}`: types checked here, targets by
    /// the command that reads the document.
    private static func openAPISettings(
        _ value: JSONValue, at path: JSONPath, locate: (JSONPath) -> (line: Int, column: Int),
        _ fail: (JSONPath, String) -> ConfigurationError
    ) throws(ConfigurationError) -> OpenAPISettings {
        guard case .object(let section) = value else {
            throw fail(path, "expected an object with spec and contracts, found \(article(value))")
        }
        guard case .string(let spec)? = section["spec"], !spec.isEmpty else {
            throw fail(
                section["spec"] == nil ? path : path.appending(key: "spec"),
                "expected spec, the OpenAPI document (JSON) as a non-empty string")
        }
        var settings = OpenAPISettings(spec: spec)
        for member in section where member.key != "spec" {
            let memberPath = path.appending(key: member.key)
            guard member.key == "contracts" else {
                throw fail(memberPath, "unknown setting; openapi takes spec and contracts")
            }
            guard case .object(let contracts) = member.value else {
                throw fail(
                    memberPath,
                    "expected an object from reader contract names to targets, found \(article(member.value))")
            }
            for contract in contracts {
                let contractPath = memberPath.appending(key: contract.key)
                let setting = "openapi.contracts." + contract.key
                let expected =
                    "expected \"METHOD /path STATUS\" or a JSON pointer \"#/components/schemas/NAME\", or an array of them"
                var targets: [OpenAPISettings.Located] = []
                switch contract.value {
                case .string(let text) where !text.isEmpty:
                    let place = locate(contractPath)
                    targets.append(.init(text: text, line: place.line, column: place.column, setting: setting))
                case .array(let items) where !items.isEmpty:
                    for (index, item) in items.enumerated() {
                        let itemPath = contractPath.appending(index: index)
                        guard case .string(let text) = item, !text.isEmpty else {
                            throw fail(itemPath, expected + ", found \(article(item))")
                        }
                        let place = locate(itemPath)
                        targets.append(
                            .init(text: text, line: place.line, column: place.column, setting: setting + "[\(index)]"))
                    }
                default:
                    throw fail(contractPath, expected + ", found \(article(contract.value))")
                }
                settings.contracts.append(.init(name: contract.key, targets: targets))
            }
        }
        return settings
    }

    private static func strings(
        _ value: JSONValue, at path: JSONPath, allowEmpty: Bool, _ fail: (JSONPath, String) -> ConfigurationError
    ) throws(ConfigurationError) -> [String] {
        if case .string(let text) = value, !text.isEmpty { return [text] }
        guard case .array(let items) = value, allowEmpty || !items.isEmpty else {
            throw fail(path, "expected a non-empty string or an array of them, found \(article(value))")
        }
        var out: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item, !text.isEmpty else {
                throw fail(path.appending(index: index), "expected a non-empty string, found \(article(item))")
            }
            out.append(text)
        }
        return out
    }

    /// `a string "x"`, `the number 3`, `an empty array`: what was found, shortly.
    static func article(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number(let number): "the number \(number.text)"
        case .string(let text): text.isEmpty ? "an empty string" : "a string"
        case .array(let items): items.isEmpty ? "an empty array" : "an array"
        case .object: "an object"
        }
    }
}

/// A `wirelock.json` that cannot be used: where, which setting, and what was expected.
///
/// Its description is one diagnostic line:
/// `wirelock.json:4:12: error: fuzz.count: expected a whole number of mutants from 0 (off) to 1000000, found a string`.
package struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as given to ``WireLockConfiguration/parse(_:file:)``.
    package var file: String
    /// 1-based line of the offending value.
    package var line: Int
    /// 1-based column (in Unicode code points) of the offending value.
    package var column: Int
    /// The setting, as a dotted name (`fuzz.count`, `inputs[2]`); empty for the whole file.
    package var setting: String
    /// What is wrong, and what was expected.
    package var message: String

    /// An error; see the properties.
    package init(file: String, line: Int, column: Int, setting: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.setting = setting
        self.message = message
    }

    package var description: String {
        "\(file):\(line):\(column): error: " + (setting.isEmpty || setting == "$" ? "" : "\(setting): ") + message
    }
}
