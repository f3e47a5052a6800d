import WireCommandLine
import WireCommands
import WireJSON
import WireLint
import WireOpenAPI
import WireStub
import WireSupport

/// `wirelock contract --openapi SPEC`: the reader contracts held against an OpenAPI document, and
/// `--propose`, the mapping proposed from the document and the route table.
extension ContractCommand {
    func runOpenAPI(spec: RawPath, in context: CommandContext) -> ExitCode {
        guard
            let (inputs, document) = Self.openAPIInputs(
                configPath: configPath, reads: readsPaths, maps: maps, spec: spec, in: context)
        else { return .failure }
        if propose { return runProposal(document: document, spec: spec, inputs: inputs, in: context) }
        guard let setup = Self.prepare(document, inputs, in: context) else { return .failure }
        let outcome = OpenAPIStage.check(setup, display: { $0.displayed })
        let reportContext = ReportContext(
            repositoryRoot: PackageLocation.workingDirectory.text, toolVersion: WireLockCommand.version,
            rules: OpenAPIStage.rules)
        context.output.write(format.report.render(outcome.findings, context: reportContext))
        let summary = Self.summary(setup, outcome, spec: spec)
        if format == .text { context.output.write(summary) } else { context.diagnose(summary) }
        for problem in outcome.problems { context.diagnose(problem.description + "\n") }
        if setup.readers.isEmpty {
            context.reportError(
                "no reader contract is mapped to \(spec.displayed): map them in \(inputs.configuration.file.displayed) "
                    + "(\"openapi\": {\"contracts\": {…}}) or with --map; --propose prints a mapping")
            return .failure
        }
        var status: ExitCode = outcome.problems.isEmpty ? .success : .failure
        status = status.combined(with: outcome.findings.contains { $0.severity == .error } ? .findings : .success)
        return status
    }

    /// What was held against what, what was left out.
    static func summary(_ setup: OpenAPIStage.Setup, _ outcome: OpenAPIStage.Outcome, spec: RawPath) -> String {
        let names = setup.readers.map { "\($0.contract.name) (\($0.target))" }
        var text =
            "openapi: \(Text.pluralized(setup.readers.count, "contract")) held against \(spec.displayed): "
            + "\(names.joined(separator: ", ")); \(Text.pluralized(outcome.checked, "read path")) checked\n"
        for (name, paths) in outcome.undescribed.sorted(by: { $0.key < $1.key }) {
            text +=
                "not described by the spec: \(name): \(paths.prefix(5).map(\.description).joined(separator: ", "))"
                + (paths.count > 5 ? " and \(paths.count - 5) more" : "") + "\n"
        }
        if !setup.unmapped.isEmpty {
            text += "not mapped: \(setup.unmapped.joined(separator: ", "))\n"
        }
        return text
    }

    /// `--propose`: the block on standard output, the ranking on standard error.
    func runProposal(document: OpenAPIDocument, spec: RawPath, inputs: OpenAPIStage.Inputs, in context: CommandContext)
        -> ExitCode
    {
        var routeHints: [OpenAPIMappingProposal.Route] = []
        if let routes {
            do throws(RouteFileError) {
                let table = try RouteTable.load(path: routes.text)
                for route in table.routes {
                    for answer in route.answers {
                        guard let fixture = answer.fixture else { continue }
                        routeHints.append(
                            .init(method: route.method, path: route.path, status: answer.status, fixture: fixture))
                    }
                }
            } catch {
                context.diagnose("\(error)\n")
                return .failure
            }
        }
        let proposals = OpenAPIMappingProposal.propose(
            contracts: inputs.contracts.map { ($0.name, $0.contract) }, document: document, routes: routeHints)
        var members: [JSONObject.Member] = []
        var ranking = ""
        for proposal in proposals {
            let model = proposal.contract.model
            guard let best = proposal.candidates.first, best.score >= 0.5 else {
                let near =
                    proposal.candidates.first.map { " (best: \($0.target), \($0.declared) of \($0.total) paths)" } ?? ""
                ranking += "\(proposal.name) (\(model)): no match declares half its paths\(near)\n"
                continue
            }
            members.append(.init(key: proposal.name, value: .string(best.target.description)))
            ranking += "\(proposal.name) (\(model)): \(best.target): \(best.declared) of \(best.total) paths declared"
            if let route = best.route { ranking += ", route \(route.method) \(route.path) answers \(route.fixture)" }
            ranking += "\n"
            for other in proposal.candidates.dropFirst().prefix(3) {
                ranking += "  or \(other.target): \(other.declared) of \(other.total)\n"
            }
        }
        let block = JSONValue.object(
            JSONObject([
                "openapi": .object(
                    JSONObject([
                        "contracts": .object(JSONObject(members)),
                        "spec": .string(Self.configRelative(spec, configuration: inputs.configuration)),
                    ]))
            ]))
        context.output.write(CanonicalJSONWriter.text(block) + "\n")
        context.diagnose(ranking)
        return .success
    }

    /// The spec as the configuration names paths: relative to its folder when inside it.
    static func configRelative(_ spec: RawPath, configuration: ConfigurationFile) -> String {
        PackageLocation.relative(PackageLocation.absolute(spec), to: configuration.root).displayed
    }

    /// The configuration, contracts and mappings (``OpenAPIStage/inputs(configPath:reads:maps:environment:)``)
    /// and the document, or nil once what went wrong is reported.
    static func openAPIInputs(
        configPath: RawPath?, reads: [RawPath], maps: [String], spec: RawPath, in context: CommandContext
    ) -> (OpenAPIStage.Inputs, OpenAPIDocument)? {
        do throws(OpenAPIStage.Failure) {
            let inputs = try OpenAPIStage.inputs(
                configPath: configPath, reads: reads, maps: maps, environment: context.environment)
            do throws(OpenAPIError) {
                return (inputs, try OpenAPIDocument.load(spec))
            } catch {
                context.diagnose(error.description + "\n")
                return nil
            }
        } catch {
            _ = report(error, in: context)
            return nil
        }
    }

    /// The mapped readers resolved in `document`, or nil once what went wrong is reported.
    static func prepare(_ document: OpenAPIDocument, _ inputs: OpenAPIStage.Inputs, in context: CommandContext)
        -> OpenAPIStage.Setup?
    {
        do throws(OpenAPIStage.Failure) {
            return try OpenAPIStage.prepare(
                document: document, contracts: inputs.contracts, mappings: inputs.mappings,
                configurationFile: inputs.configuration.file.displayed)
        } catch {
            _ = report(error, in: context)
            return nil
        }
    }

    static func report(_ failure: OpenAPIStage.Failure, in context: CommandContext) -> ExitCode {
        if failure.isLocated {
            context.diagnose(failure.description + "\n")
        } else {
            context.reportError(failure.description)
        }
        return .failure
    }
}
