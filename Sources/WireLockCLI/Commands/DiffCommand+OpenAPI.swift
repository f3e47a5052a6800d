import WireCommandLine
import WireCommands
import WireJSON
import WireOpenAPI
import WireSupport

/// `wirelock diff --openapi OLD NEW`: response-side changes between two versions of an OpenAPI
/// document, named as oasdiff names them, each judged by the reader contracts mapped to where it is.
extension DiffCommand {
    func runOpenAPI(in context: CommandContext) -> ExitCode {
        guard
            let (inputs, old) = ContractCommand.openAPIInputs(
                configPath: configPath, reads: readsPaths, maps: maps, spec: paths[0], in: context)
        else { return .failure }
        let new: OpenAPIDocument
        do throws(OpenAPIError) {
            new = try OpenAPIDocument.load(paths[1])
        } catch {
            context.diagnose(error.description + "\n")
            return .failure
        }
        guard let setup = ContractCommand.prepare(old, inputs, in: context) else { return .failure }
        let diff = OpenAPIDiff(old: old, new: new)
        var changes = diff.changes()
        var compared: Set<JSONPointer> = []
        for reader in setup.readers {
            guard case .pointer = reader.target, compared.insert(reader.body.schema).inserted else { continue }
            changes += diff.changes(
                ofSchema: reader.body.schema, to: reader.body.schema, named: reader.target.description)
        }
        let judge = OpenAPIJudge(
            readers: setup.readers.map {
                .init(
                    name: $0.contract.name, contract: $0.contract.contract, target: $0.target,
                    mediaType: $0.body.mediaType)
            })
        let judged = changes.map(judge.judge)
        switch format {
        case .text:
            context.output.write(
                OpenAPIDiffRenderer.text(judged, all: all, setup: setup, style: context.outputStyle))
        case .json:
            context.output.write(CanonicalJSONWriter.text(OpenAPIDiffRenderer.json(judged, setup: setup)) + "\n")
        case .github:
            context.output.write(OpenAPIDiffRenderer.github(judged, file: paths[1].displayed, document: new))
        }
        let problems = diff.old.problems + diff.new.problems
        for problem in problems { context.diagnose(problem.description + "\n") }
        if setup.readers.isEmpty {
            context.reportWarning(
                "no reader contract is mapped: every change is judged \"no reader reads it\"; map them in "
                    + "\(inputs.configuration.file.displayed) (\"openapi\": {\"contracts\": {…}}) or with --map")
        }
        let status: ExitCode = problems.isEmpty ? .success : .failure
        return status.combined(with: judged.contains(where: \.breaks) ? .findings : .success)
    }
}

/// Renders `wirelock diff --openapi` (pure: values in, text out).
enum OpenAPIDiffRenderer {
    /// Changes a reader reads, grouped by place, breaking first; then the count per rule and a
    /// summary. `all`: every change, also those no reader reads.
    static func text(_ judged: [OpenAPIJudge.Judged], all: Bool, setup: OpenAPIStage.Setup, style: TerminalStyle)
        -> String
    {
        var out = ""
        let shown = judged.filter { all || !$0.readers.isEmpty }
        var places: [String] = []
        var byPlace: [String: [OpenAPIJudge.Judged]] = [:]
        for item in shown {
            let place = item.change.place
            if byPlace[place] == nil { places.append(place) }
            byPlace[place, default: []].append(item)
        }
        for place in places {
            out += style.bold(place) + "\n"
            let items = byPlace[place]!.enumerated().sorted { a, b in
                (a.element.breaks ? 0 : 1, a.offset) < (b.element.breaks ? 0 : 1, b.offset)
            }.map(\.element)
            for item in items {
                let label = item.breaks ? style.error("BREAKING") + " " : ""
                out +=
                    "  \(label)\(item.change.rule) at \(item.change.path): \(item.change.detail); \(item.verdictText)\n"
            }
        }
        if !shown.isEmpty { out += "\n" }
        var rules: [String: (changes: Int, breaking: Int)] = [:]
        for item in judged {
            rules[item.change.rule, default: (0, 0)].changes += 1
            if item.breaks { rules[item.change.rule, default: (0, 0)].breaking += 1 }
        }
        if !rules.isEmpty {
            let width = rules.keys.map(\.count).max() ?? 0
            out += "changes by rule (changes, breaking a reader):\n"
            for (rule, counts) in rules.sorted(by: { ($0.value.changes, $1.key) > ($1.value.changes, $0.key) }) {
                out +=
                    "  \(rule.padding(width))  \(String(counts.changes).leftPadding(6))  \(String(counts.breaking).leftPadding(6))\n"
            }
        }
        let breaking = judged.filter(\.breaks).count
        let unknown = judged.filter { !$0.breaks && $0.readers.contains { $0.verdict == .unknown } }.count
        let unread = judged.filter { $0.readers.isEmpty }.count
        let copes = judged.count - breaking - unknown - unread
        var summary =
            "\(Text.pluralized(judged.count, "change")): \(breaking) break a reader, \(copes) a reader copes with, "
            + "\(unknown) may break (values unknown), \(unread) no reader reads"
        if !all && unread > 0 { summary += " (--all lists them)" }
        out += style.bold(summary) + "\n"
        let readers = setup.readers.map { "\($0.contract.name) (\($0.target))" }
        out += "readers: " + (readers.isEmpty ? "none mapped" : readers.joined(separator: ", ")) + "\n"
        if !setup.unmapped.isEmpty { out += "not mapped: \(setup.unmapped.joined(separator: ", "))\n" }
        return out
    }

    /// `{"changes": [...], "rules": {RULE: {"changes", "breaking"}}, "summary": {...}}`.
    static func json(_ judged: [OpenAPIJudge.Judged], setup: OpenAPIStage.Setup) -> JSONValue {
        func number(_ value: Int) -> JSONValue { .number(JSONNumber(integerLiteral: value)) }
        var rules: [String: (changes: Int, breaking: Int)] = [:]
        let changes: [JSONValue] = judged.map { item in
            rules[item.change.rule, default: (0, 0)].changes += 1
            if item.breaks { rules[item.change.rule, default: (0, 0)].breaking += 1 }
            var members: [JSONObject.Member] = [
                .init(key: "rule", value: .string(item.change.rule)),
                .init(key: "operation", value: .string(item.change.operation)),
                .init(key: "path", value: .string(item.change.path.description)),
                .init(key: "detail", value: .string(item.change.detail)),
                .init(key: "breaks", value: .bool(item.breaks)),
                .init(
                    key: "readers",
                    value: .array(
                        item.readers.map {
                            .object(
                                JSONObject([
                                    "name": .string($0.name), "model": .string($0.model),
                                    "verdict": .string($0.verdict.rawValue), "reason": .string($0.reason),
                                ]))
                        })),
            ]
            if let status = item.change.status { members.append(.init(key: "status", value: .string(status))) }
            if let media = item.change.mediaType { members.append(.init(key: "mediaType", value: .string(media))) }
            if let pointer = item.change.pointer {
                members.append(.init(key: "pointer", value: .string(pointer.description)))
            }
            return .object(JSONObject(members))
        }
        let ruleObject = JSONObject(
            rules.sorted { $0.key < $1.key }.map {
                .init(
                    key: $0.key,
                    value: .object(
                        JSONObject(["changes": number($0.value.changes), "breaking": number($0.value.breaking)])))
            })
        return .object(
            JSONObject([
                "changes": .array(changes),
                "rules": .object(ruleObject),
                "readers": .array(setup.readers.map { .string("\($0.contract.name)=\($0.target)") }),
                "summary": .object(
                    JSONObject([
                        "changes": number(judged.count), "breaking": number(judged.filter(\.breaks).count),
                        "unread": number(judged.filter { $0.readers.isEmpty }.count),
                    ])),
            ]))
    }

    /// `::error` for a change that breaks a reader, `::warning` for one that may, at the new
    /// document's line.
    static func github(_ judged: [OpenAPIJudge.Judged], file: String, document: OpenAPIDocument) -> String {
        var out = ""
        let pointers = judged.compactMap { item -> JSONPointer? in
            guard item.breaks || item.readers.contains(where: { $0.verdict == .unknown }),
                let pointer = item.change.pointer, document.value(at: pointer) != nil
            else { return nil }
            return pointer
        }
        let lines = Dictionary(
            zip(pointers, document.places(of: pointers).map(\.line)), uniquingKeysWith: { first, _ in first })
        for item in judged {
            let level: String
            if item.breaks {
                level = "error"
            } else if item.readers.contains(where: { $0.verdict == .unknown }) {
                level = "warning"
            } else {
                continue
            }
            var properties = ["file=" + DiffRenderer.escapeProperty(file)]
            if let pointer = item.change.pointer, let line = lines[pointer] { properties.append("line=\(line)") }
            properties.append("title=" + DiffRenderer.escapeProperty("wirelock \(item.change.rule)"))
            let message = "\(item.change.place) \(item.change.path): \(item.change.detail); \(item.verdictText)"
            out += "::\(level) \(properties.joined(separator: ","))::\(DiffRenderer.escapeData(message))\n"
        }
        return out
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    fileprivate func leftPadding(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
