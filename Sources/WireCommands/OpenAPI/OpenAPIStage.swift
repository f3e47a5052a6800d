import WireDecoder
import WireJSON
import WireLint
import WireOpenAPI
import WireReaders
import WireSupport

/// Reader contracts held against an OpenAPI document, as `wirelock contract --openapi`,
/// `wirelock diff --openapi` and `check`'s `openapi` stage do it: the contracts under the golden
/// folder by name, where each one's payload is described (`wirelock.json`'s `openapi.contracts`,
/// `--map`), each target checked against the document, and the findings as report ``Finding``s
/// (on the contract file, at the line of the path the model reads).
///
/// ```swift
/// let contracts = try OpenAPIStage.contracts(under: RawPath("golden"))
/// let setup = try OpenAPIStage.prepare(document: document, contracts: contracts, mappings: settings.contracts,
///                                      configurationFile: "wirelock.json")
/// let outcome = OpenAPIStage.check(setup, display: { $0.displayed })
/// ```
package enum OpenAPIStage {
    /// A reader contract file, by name: its path under the golden folder without `.reads.json`.
    package struct NamedContract: Sendable {
        package var name: String
        package var file: RawPath
        package var contract: ReaderContract
        package var bytes: [UInt8]
    }

    /// A contract and where its payload is described, resolved in a document.
    package struct MappedReader: Sendable {
        package var contract: NamedContract
        package var target: OpenAPITarget
        package var body: OpenAPITarget.Body
    }

    /// What a run holds against the document.
    package struct Setup: Sendable {
        package var document: OpenAPIDocument
        package var readers: [MappedReader]
        /// Contracts no target names, by name.
        package var unmapped: [String]
    }

    /// Something that stops the run (status 2): a setting, a document or a contract file that
    /// cannot be used. ``description`` is one diagnostic line (`FILE:LINE:COLUMN: error: …`).
    package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        package var description: String
        /// Whether ``description`` starts with a place (`FILE:LINE:COLUMN: error: …`); else it is a
        /// message for `wirelock: error: …`.
        package var isLocated: Bool
        package init(_ description: String, located: Bool = true) {
            self.description = description
            isLocated = located
        }
    }

    /// What the commands read before holding contracts against a document.
    package struct Inputs: Sendable {
        /// The configuration file, when one was found (or given).
        package var configuration: ConfigurationFile
        /// The golden folder the contracts are named under.
        package var golden: RawPath
        package var contracts: [NamedContract]
        /// `openapi.contracts`, then `--map`.
        package var mappings: [WireLockConfiguration.OpenAPISettings.Mapping]
        /// `openapi.spec`, as the CLI opens it; nil when the file names none.
        package var spec: RawPath?
    }

    /// Reads the configuration (given, or the default one), the reader contracts (`reads`, or every
    /// one under the golden folder) and the mappings (the file's — of the contracts read — then
    /// `maps`, `NAME=TARGET`).
    /// - Throws: ``Failure``: an invalid configuration, a contract file that cannot be read, a
    ///   `--map` without `=`.
    package static func inputs(
        configPath: RawPath?, reads: [RawPath], maps: [String], environment: [String: String]
    ) throws(Failure) -> Inputs {
        let found: ConfigurationFile
        do throws(ConfigurationFile.LoadError) {
            found = try ConfigurationFile.load(given: configPath)
        } catch .invalid(let error) {
            throw Failure(error.description)
        } catch {
            throw Failure(error.description, located: false)
        }
        func resolved(_ setting: String) -> RawPath {
            let path = RawPath(setting)
            return PackageLocation.relativeToWorkingDirectory(
                setting.hasPrefix("/") ? path.standardized : found.root.appending(path.bytes).standardized)
        }
        let golden =
            found.configuration.golden.map(resolved)
            ?? PackageLocation.relativeToWorkingDirectory(
                PackageLocation.goldenDirectory(searchingFrom: found.root, environment: environment)
            ).withoutTrailingSlash
        let contracts =
            reads.isEmpty ? try Self.contracts(under: golden) : try Self.contracts(files: reads, golden: golden)
        var mappings = found.configuration.openapi?.contracts ?? []
        // Contracts chosen with --reads: the file's mappings of the others are not used.
        if !reads.isEmpty {
            let names = Set(contracts.map(\.name))
            mappings = mappings.filter { names.contains($0.name) }
        }
        for text in maps { mappings.append(try mapping(option: text)) }
        return Inputs(
            configuration: found, golden: golden, contracts: contracts, mappings: mappings,
            spec: found.configuration.openapi.map { resolved($0.spec) })
    }

    // MARK: Contracts and mappings

    /// Every reader contract under a golden folder, named by its path there.
    /// - Throws: ``Failure`` for a file that cannot be read or is not a reader contract.
    package static func contracts(under golden: RawPath) throws(Failure) -> [NamedContract] {
        try contracts(files: ReaderContractFiles.discover(under: golden), golden: golden)
    }

    /// These contract files, named by their path under `golden` (or their file name outside it).
    /// - Throws: ``Failure`` for a file that cannot be read or is not a reader contract.
    package static func contracts(files: [RawPath], golden: RawPath) throws(Failure) -> [NamedContract] {
        let base = PackageLocation.absolute(golden).withTrailingSlash.bytes
        var result: [NamedContract] = []
        for file in files {
            let bytes: [UInt8]
            switch FileSystem.readFile(file) {
            case .success(let read): bytes = read
            case .failure(let error): throw Failure("\(file.displayed): error: cannot read: \(error)")
            }
            let contract: ReaderContract
            do throws(ReaderContract.FileError) {
                contract = try ReaderContract(parsing: bytes, file: file.displayed)
            } catch {
                throw Failure(
                    "\(error.file):\(error.location.line):\(error.location.column): error: \(error.reason) (at \(error.path))"
                )
            }
            let absolute = PackageLocation.absolute(file).bytes
            let relative =
                absolute.starts(with: base)
                ? RawPath(bytes: absolute.dropFirst(base.count)).text
                : String(decoding: file.directoryAndName.name, as: UTF8.self)
            var name = relative
            if name.hasSuffix(".reads.json") { name.removeLast(".reads.json".count) }
            result.append(NamedContract(name: name, file: file, contract: contract, bytes: bytes))
        }
        return result
    }

    /// `NAME=TARGET` (`--map`) as a mapping.
    /// - Throws: ``Failure`` when there is no `=`.
    package static func mapping(option text: String) throws(Failure) -> WireLockConfiguration.OpenAPISettings.Mapping {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw Failure("--map '\(text)': expected NAME=TARGET, e.g. 'movie=GET /api/v3/movie 200'", located: false)
        }
        let name = String(text[..<equals])
        let target = String(text[text.index(after: equals)...])
        return .init(name: name, targets: [.init(text: target, line: 0, column: 0, setting: "--map \(name)")])
    }

    /// Resolves every mapping in the document: each names a contract that exists and a target
    /// that leads to a JSON body. Later mappings of one name replace earlier ones (so `--map`
    /// overrides the file).
    /// - Throws: ``Failure`` at the setting: an unknown contract (with the nearest names), a target
    ///   that is neither form, an operation, status, body or pointer the document does not have.
    package static func prepare(
        document: OpenAPIDocument, contracts: [NamedContract],
        mappings: [WireLockConfiguration.OpenAPISettings.Mapping], configurationFile: String
    ) throws(Failure) -> Setup {
        var chosen: [String: [WireLockConfiguration.OpenAPISettings.Located]] = [:]
        var order: [String] = []
        for mapping in mappings {
            if chosen[mapping.name] == nil { order.append(mapping.name) }
            chosen[mapping.name] = mapping.targets
        }
        let byName = Dictionary(contracts.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func failure(_ located: WireLockConfiguration.OpenAPISettings.Located, _ message: String) -> Failure {
            if located.line == 0 { return Failure("\(located.setting): \(message)", located: false) }
            return Failure(located.error(file: configurationFile, message).description)
        }
        var readers: [MappedReader] = []
        for name in order {
            for located in chosen[name] ?? [] {
                guard let contract = byName[name] else {
                    let near = Nearest.names(near: name, among: contracts.map(\.name), limit: 3)
                    throw failure(
                        located,
                        "no reader contract named '\(name)' (\(Text.pluralized(contracts.count, "contract")) found"
                            + (near.isEmpty
                                ? ")" : "; did you mean \(near.map { "'\($0)'" }.joined(separator: ", "))?)"))
                }
                let target: OpenAPITarget
                do throws(OpenAPITarget.ParseError) {
                    target = try OpenAPITarget(parsing: located.text)
                } catch {
                    throw failure(located, error.description)
                }
                do throws(OpenAPITarget.ResolveError) {
                    readers.append(
                        MappedReader(contract: contract, target: target, body: try target.resolve(in: document)))
                } catch {
                    throw failure(located, error.description)
                }
            }
        }
        let mapped = Set(chosen.keys)
        return Setup(
            document: document, readers: readers, unmapped: contracts.map(\.name).filter { !mapped.contains($0) })
    }

    // MARK: Checking

    /// What holding the contracts against the document found.
    package struct Outcome: Sendable {
        /// As report findings, in contract order.
        package var findings: [Finding] = []
        /// The findings as the check made them, in the same order.
        package var raw: [OpenAPIFinding] = []
        /// Read paths judged, over every mapped contract.
        package var checked = 0
        /// Read paths the document says nothing about (outermost), by contract name.
        package var undescribed: [String: [JSONPathPattern]] = [:]
        /// `$ref`s that lead nowhere, met on the way (located in the document).
        package var problems: [OpenAPIError] = []
    }

    /// Holds each mapped contract against its body.
    /// - Parameter display: the contract file as findings name it.
    package static func check(_ setup: Setup, display: (RawPath) -> String) -> Outcome {
        let resolver = SchemaResolver(setup.document)
        var outcome = Outcome()
        for reader in setup.readers {
            let result = OpenAPIContractCheck.check(
                reader.contract.contract, named: reader.contract.name, body: reader.body, resolver: resolver)
            outcome.checked += result.checked
            if !result.undescribed.isEmpty {
                outcome.undescribed[reader.contract.name, default: []] += result.undescribed
            }
            let lines = entryLines(reader.contract.bytes)
            let file = display(reader.contract.file)
            for item in result.findings {
                outcome.raw.append(item)
                outcome.findings.append(finding(item, file: file, line: lines[item.readerPath.description]))
            }
        }
        outcome.problems = resolver.problems
        return outcome
    }

    /// A check finding as a report finding.
    static func finding(_ item: OpenAPIFinding, file: String, line: Int?) -> Finding {
        Finding(
            ruleID: item.kind.rawValue, severity: item.fails ? .error : .note, file: file,
            region: line.map { Finding.Region(line: $0, column: 5) },
            message: "\(item.model) \(item.detail) (\(item.pointer); \(item.target))", hint: hint(item.kind))
    }

    static func hint(_ kind: OpenAPIFinding.Kind) -> String {
        switch kind {
        case .notRequired: "read it as optional (decodeIfPresent), or have the spec require it"
        case .nullable: "make the property optional, or have the spec say it is never null"
        case .typeMismatch: "read the type the spec allows, or correct the spec"
        case .formatMismatch: "read it with a type that holds the spec's format, or correct the spec"
        case .undeclaredMember: "check the member's name, or have the spec declare it"
        case .enumValueRejected: "handle the other values (an unknown case), or have the spec drop them"
        }
    }

    /// The line of each read path in a contract file (one path per line, as the file is written).
    static func entryLines(_ bytes: [UInt8]) -> [String: Int] {
        var result: [String: Int] = [:]
        var line = 1
        var start = 0
        func take(_ end: Int) {
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            if text.hasPrefix("    \""), let key = text.split(separator: ":", maxSplits: 1).first,
                case .string(let path)? = try? JSONValue.parse(Array(key.utf8))
            {
                // A path holding ':' is cut short above and not found: the finding then has no line.
                result[path] = line
            }
        }
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            take(index)
            start = index + 1
            line += 1
        }
        if start < bytes.count { take(bytes.count) }
        return result
    }

    /// What each `openapi.*` rule means (SARIF's `rules[]`, the text report's help).
    package static let rules: [RuleDescription] = OpenAPIFinding.Kind.allCases.map { kind in
        switch kind {
        case .notRequired:
            RuleDescription(
                id: kind.rawValue, shortDescription: "Read as required, optional in the spec",
                fullDescription:
                    "The model reads a member as required (decode), and the OpenAPI document does not require it: a response without it fails to decode.",
                help: hint(kind))
        case .nullable:
            RuleDescription(
                id: kind.rawValue, shortDescription: "Read as non-null, nullable in the spec",
                fullDescription:
                    "The model reads a member as non-null, and the OpenAPI document allows null there: a response with null fails to decode.",
                help: hint(kind))
        case .typeMismatch:
            RuleDescription(
                id: kind.rawValue, shortDescription: "Type the reader does not take",
                fullDescription:
                    "The OpenAPI document allows a JSON type at a member the model reads that the model does not take (a string where it reads a number, a fraction where it reads an Int).",
                help: hint(kind))
        case .formatMismatch:
            RuleDescription(
                id: kind.rawValue, shortDescription: "Format the reader's type cannot hold",
                fullDescription:
                    "The OpenAPI document's format at a member the model reads does not fit the model's type (int64 read as Int32, a full-date read with .iso8601, a Date where the spec gives no date format).",
                help: hint(kind))
        case .undeclaredMember:
            RuleDescription(
                id: kind.rawValue, shortDescription: "Member the spec does not declare",
                fullDescription:
                    "The model reads a member its OpenAPI schema does not declare: undocumented, or a typo in the model's coding keys. A member read if present is reported as a note.",
                help: hint(kind))
        case .enumValueRejected:
            RuleDescription(
                id: kind.rawValue, shortDescription: "Enum value the reader rejects",
                fullDescription:
                    "The OpenAPI document's enum at a member the model reads allows values the model's enum rejects (a CaseIterable enum whose decoding fails on other values).",
                help: hint(kind))
        }
    }
}
