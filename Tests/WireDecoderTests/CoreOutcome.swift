import Foundation
import WireDecoder

/// One decode's result, comparable across decoders: the value (as it prints, or re-encoded), or
/// the error's case and coding path.
enum CoreOutcome: Equatable, CustomStringConvertible {
    case value(String)
    case error(kind: String, path: [String])

    init<T: Decodable>(_ body: () throws -> T) {
        do {
            let value = try body()
            self = .value(CoreOutcome.render(value))
        } catch let error as DecodingError {
            func keys(_ context: DecodingError.Context) -> [String] {
                context.codingPath.map { "\($0.stringValue)|\($0.intValue.map(String.init) ?? "-")" }
            }
            switch error {
            case .typeMismatch(_, let context): self = .error(kind: "typeMismatch", path: keys(context))
            case .valueNotFound(_, let context): self = .error(kind: "valueNotFound", path: keys(context))
            case .keyNotFound(let key, let context):
                self = .error(kind: "keyNotFound(\(key.stringValue))", path: keys(context))
            case .dataCorrupted(let context): self = .error(kind: "dataCorrupted", path: keys(context))
            @unknown default: self = .error(kind: "unknown", path: [])
            }
        } catch {
            self = .error(kind: "other \(error)", path: [])
        }
    }

    static func render<T>(_ value: T) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    var description: String {
        switch self {
        case .value(let text): "value \(text.prefix(300))"
        case .error(let kind, let path): "\(kind) at \(path)"
        }
    }

    /// JSONDecoder and WireJSONDecoder (compatible acceptance) on the same input.
    static func both<T: Decodable>(
        _ type: T.Type, _ data: Data, configure: (JSONDecoder, WireJSONDecoder) -> Void = { _, _ in }
    ) -> (legacy: CoreOutcome, candidate: CoreOutcome) {
        let legacy = JSONDecoder()
        let candidate = WireJSONDecoder()
        candidate.acceptance = .jsonDecoder
        configure(legacy, candidate)
        return (
            CoreOutcome { try legacy.decode(type, from: data) }, CoreOutcome { try candidate.decode(type, from: data) }
        )
    }
}
