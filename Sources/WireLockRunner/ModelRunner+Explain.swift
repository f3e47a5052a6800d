import Foundation
import WireCommandLine
import WireDecoder
import WireGolden
import WireJSON
import WireSupport

/// `explain --model <name> <payload>`: decodes a payload into a registered model with
/// `WireJSONDecoder` (strict, the model's strategies) and says what happened to it.
struct RunnerExplainCommand: ParsableCommand {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "explain",
            abstract: "Decode a payload into a model and show where it fails, or what the model does not take from it.",
            discussion: """
                The payload is decoded with WireJSONDecoder, strict, with the model's strategies. When the \
                decode fails, the place of the failure is printed: FILE:LINE:COLUMN, the JSON path, what was \
                expected and found, and the line with a caret (a syntax error at the validator's location). \
                When it succeeds, the verification report is printed: every member the model did not read, \
                every repeated member name, every number that lost precision and every error the model \
                swallowed, one line each with FILE:LINE:COLUMN and its JSON path; or "lossless". With \
                --format json, one document: file, model, type, outcome (lossless, report or failed), the \
                report's entries by kind with their paths and places, or the failure's text.

                Exit status: 0 lossless, 1 the decode failed or the report has entries, 2 for a usage \
                error, an unknown model or a payload that cannot be read.
                """)
    }

    @Option(valueName: "name", as: .text, help: "The registered model to decode the payload into. Required.")
    var model: String
    @Option(.format(default: .text)) var format: OutputFormat
    @Argument(help: "The JSON to decode (a response body, a fixture). Use - for standard input.") var payload: RawPath
}

extension ModelRunner {
    /// Runs `explain`: the decode's failure located, or its verification report.
    func explain(_ command: RunnerExplainCommand, output: (String) -> Void) -> ExitCode {
        guard let model = models.first(where: { $0.name == command.model }) else {
            reportError(
                "unknown model '\(command.model)'; known: \(models.map(\.name).joined(separator: ", "))",
                output: output)
            return .failure
        }
        let display = command.payload.isStandardInput ? "<stdin>" : command.payload.displayed
        let read = command.payload.isStandardInput ? FileSystem.readAll(from: 0) : FileSystem.readFile(command.payload)
        let bytes: [UInt8]
        switch read {
        case .success(let value): bytes = value
        case .failure(let error):
            reportError("cannot read '\(display)': \(error)", output: output)
            return .failure
        }
        guard let decoder = model.fuzzModel.wireDecoder() else {
            reportError("the model \(model.name) cannot be decoded with WireJSONDecoder", output: output)
            return .failure
        }
        let decode = { (bytes: [UInt8]) throws -> WireDecodingReport in
            try model.fuzzModel.decodeWithReport(bytes) ?? WireDecodingReport()
        }
        if command.format == .json {
            let (document, lossless) = Self.explanationDocument(
                of: bytes, file: display, model: model.name, typeName: model.typeName, decoder: decoder,
                decode: decode)
            output(String(CanonicalJSONWriter.text(document, style: .pretty).dropLast()))
            return lossless ? .success : .findings
        }
        let lines = Self.explanation(
            of: bytes, file: display, typeName: model.typeName, decoder: decoder, decode: decode)
        for line in lines.text { output(line) }
        return lines.lossless ? .success : .findings
    }

    /// What `explain --format json` prints: one document with the outcome (`lossless`, `report`
    /// or `failed`), the report's entries by kind (each with its JSON path, line, column and
    /// byte offset), or the failure's located text; and whether it was lossless.
    static func explanationDocument(
        of bytes: [UInt8], file: String, model: String, typeName: String, decoder: WireJSONDecoder,
        decode: ([UInt8]) throws -> WireDecodingReport
    ) -> (document: JSONValue, lossless: Bool) {
        var members: [JSONObject.Member] = [
            .init(key: "file", value: .string(file)), .init(key: "model", value: .string(model)),
            .init(key: "type", value: .string(typeName)),
        ]
        let report: WireDecodingReport
        do {
            report = try decode(bytes)
        } catch {
            let place = LosslessDecoding.explanation(of: error, in: Data(bytes), file: file, decoder: decoder)
            members += [
                .init(key: "outcome", value: .string("failed")),
                .init(key: "error", value: .string(place.isEmpty ? "\(error)" : place)),
            ]
            return (.object(JSONObject(members)), false)
        }
        members.append(.init(key: "outcome", value: .string(report.isLossless ? "lossless" : "report")))
        members += reportMembers(report)
        return (.object(JSONObject(members)), report.isLossless)
    }

    /// The report's four lists, each entry an object with its path and place.
    static func reportMembers(_ report: WireDecodingReport) -> [JSONObject.Member] {
        func number(_ value: Int) -> JSONValue { .number(JSONNumber(text: String(value))) }
        func text(_ key: String, _ value: String) -> JSONObject.Member { .init(key: key, value: .string(value)) }
        /// One list: each item's path, place and own members.
        func list<Item>(
            _ key: String, _ items: [Item], _ fields: (Item) -> (JSONPath, JSONSourceLocation, [JSONObject.Member])
        ) -> JSONObject.Member {
            let entries = items.map { item -> JSONValue in
                let (path, location, more) = fields(item)
                let place: [JSONObject.Member] = [
                    text("path", path.description), .init(key: "line", value: number(location.line)),
                    .init(key: "column", value: number(location.column)),
                    .init(key: "offset", value: number(location.offset)),
                ]
                return .object(JSONObject(place + more))
            }
            return .init(key: key, value: .array(entries))
        }
        return [
            list("droppedMembers", report.droppedMembers) { ($0.path, $0.location, [text("droppedBy", $0.droppedBy)]) },
            list("duplicateKeys", report.duplicateKeys) {
                (
                    $0.path, $0.location,
                    [
                        .init(key: "keptLine", value: number($0.keptLocation.line)),
                        .init(key: "keptColumn", value: number($0.keptLocation.column)),
                    ]
                )
            },
            list("precisionLosses", report.precisionLosses) {
                (
                    $0.path, $0.location,
                    [
                        text("text", $0.text), text("type", $0.type), text("decoded", $0.decoded),
                        text("reason", $0.reason.rawValue),
                    ]
                )
            },
            list("swallowedErrors", report.swallowedErrors) {
                ($0.path, $0.location, [text("expected", $0.expected), text("found", $0.found)])
            },
        ]
    }

    /// What `explain` prints for a payload, line by line, and whether it was lossless.
    static func explanation(
        of bytes: [UInt8], file: String, typeName: String, decoder: WireJSONDecoder,
        decode: ([UInt8]) throws -> WireDecodingReport
    ) -> (text: [String], lossless: Bool) {
        let report: WireDecodingReport
        do {
            report = try decode(bytes)
        } catch {
            let place = LosslessDecoding.explanation(of: error, in: Data(bytes), file: file, decoder: decoder)
            return (["\(file): \(typeName) could not decode it"] + (place.isEmpty ? ["\(error)"] : [place]), false)
        }
        guard !report.isLossless else { return (["\(file): lossless (\(typeName))"], true) }
        return ([LosslessDecoding.message(for: report, type: typeName, file: file)], false)
    }
}
