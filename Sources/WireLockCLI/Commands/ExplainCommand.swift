import WireCommandLine
import WireCommands
import WireDiagnostics
import WireJSON
import WireSupport

/// `wirelock explain`: points at the place in a payload that a `DecodingError` (as a log prints
/// it) is about: line, column, excerpt, the coding path as a JSON path, what was expected and
/// what was found.
struct ExplainCommand: ParsableCommand {
    /// The decoder's key strategy, as the command line spells it.
    enum KeyDecodingChoice: String, CaseIterable, Sendable {
        case `default`
        case snakeCase = "snake-case"

        var strategy: WireDiagnostics.KeyDecoding {
            switch self {
            case .default: .useDefaultKeys
            case .snakeCase: .convertFromSnakeCase
            }
        }
    }

    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "explain",
            abstract: "Show where in a payload a DecodingError is, and what was expected and found there.",
            discussion: """
                Maps the error's coding path to a JSON path in the payload (Index N components as array \
                indices; with --key-decoding snake-case each key as the member the payload has), then prints \
                FILE:LINE:COLUMN: error: KIND at PATH: expected …, found …, and the line with a caret. A key \
                not found points at the object that lacks it and lists its members; "not valid JSON" points \
                at the validator's location.

                Exit status: 0 when the error is explained, 1 when the payload has no value on the error's \
                path (the payload is not the one that failed; the output says how far the path got), 2 for a \
                usage error, a payload that cannot be read, or error text that is no DecodingError.
                """)
    }

    @Option(
        "error", valueName: "text", as: .text,
        help:
            "The DecodingError as printed (String(describing: error)): the Swift 6.2+ form 'DecodingError.typeMismatch: … Path: … Debug description: …' or the reflected form 'typeMismatch(Swift.Int, Swift.DecodingError.Context(codingPath: […], …))'. Required."
    )
    var errorText: String
    @Option(
        valueName: "strategy", as: .choice, default: .default,
        help: "The decoder's keyDecodingStrategy: default (useDefaultKeys) or snake-case (convertFromSnakeCase).")
    var keyDecoding: KeyDecodingChoice
    @Option(.format(default: .text)) var format: OutputFormat
    @Argument(
        help: "The JSON the decoder was given (the response body, the fixture). Use - for standard input.")
    var payload: RawPath

    func run(in context: CommandContext) -> ExitCode {
        let failure: DecodingErrorValue
        do throws(DecodingErrorValue.ParseError) {
            failure = try DecodingErrorValue(parsing: errorText)
        } catch {
            context.reportError("--error: \(error.reason)")
            return .failure
        }
        let bytes: [UInt8]
        let display: String
        do throws(JSONInputError) {
            if payload.isStandardInput {
                display = "<stdin>"
                bytes = try FileReader.readAll(from: 0, path: display)
            } else {
                display = payload.displayed
                bytes = try FileReader.readFile(at: payload)
            }
        } catch {
            context.reportError(error.description)
            return .failure
        }
        let explanation = WireDiagnostics.explain(failure, in: bytes, keyDecoding: keyDecoding.strategy)
        switch format {
        case .text:
            context.output.write(explanation.rendered(file: display))
            if !explanation.pathExists {
                context.output.write(Self.shortfall(explanation) + "\n")
            }
        case .json:
            context.output.write(CanonicalJSONWriter.text(Self.document(explanation, file: display), style: .pretty))
        }
        return explanation.pathExists ? .success : .findings
    }

    /// How far the error's path got in the payload, for a payload that is not the one that failed.
    static func shortfall(_ explanation: Explanation) -> String {
        if explanation.syntaxError != nil {
            return "the payload is not valid JSON, but the error is a \(explanation.failure.kind.rawValue) at "
                + "\(explanation.path): it comes from another payload"
        }
        return "the payload has no value at \(explanation.path): the path exists only as far as "
            + "\(explanation.reachedPath) (\(explanation.reachedPath.components.count) of "
            + "\(explanation.path.components.count) steps)"
    }

    /// The explanation as one JSON document.
    static func document(_ explanation: Explanation, file: String) -> JSONValue {
        func number(_ value: Int) -> JSONValue { .number(JSONNumber(text: String(value))) }
        var members: [JSONObject.Member] = [
            .init(key: "file", value: .string(file)),
            .init(key: "kind", value: .string(explanation.failure.kind.rawValue)),
            .init(key: "path", value: .string(explanation.path.description)),
            .init(key: "pathExists", value: .bool(explanation.pathExists)),
            .init(key: "reachedPath", value: .string(explanation.reachedPath.description)),
            .init(key: "expected", value: .string(explanation.expected)),
            .init(key: "found", value: .string(explanation.found)),
            .init(key: "debugDescription", value: .string(explanation.failure.debugDescription)),
        ]
        if let location = explanation.location {
            members += [
                .init(key: "line", value: number(location.line)),
                .init(key: "column", value: number(location.column)),
                .init(key: "offset", value: number(location.offset)),
            ]
        }
        if let excerpt = explanation.excerpt {
            members.append(
                .init(
                    key: "excerpt",
                    value: .object(
                        JSONObject([
                            .init(key: "text", value: .string(excerpt.text)),
                            .init(key: "caretColumn", value: number(excerpt.caretColumn)),
                        ]))))
        }
        if !explanation.members.isEmpty {
            members.append(.init(key: "members", value: .array(explanation.members.map { .string($0) })))
        }
        if let syntax = explanation.syntaxError {
            members.append(
                .init(
                    key: "syntaxError",
                    value: .object(
                        JSONObject([
                            .init(key: "kind", value: .string(syntax.kind.name)),
                            .init(key: "reason", value: .string(syntax.reason)),
                        ]))))
        }
        return .object(JSONObject(members))
    }
}
