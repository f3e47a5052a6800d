import Foundation
import WireDiagnostics

/// Where in a payload a decoding error is, for the assertions' failure messages: WireDiagnostics'
/// explanation (line, column, the coding path as a JSON path, what was expected and found, the
/// line with a caret), so a failed round trip or golden decode says what the model received, and
/// where, not only the coding path `DecodingError` carries on Linux.
enum DecodingExplanation {
    /// The explanation of `error` in `data` as lines to append to a message (each ending in a
    /// newline), the first one `FILE:LINE:COLUMN: error: …`; empty for an error that is not a
    /// `DecodingError`.
    static func lines(for error: any Error, in data: Data, file: String, decoder: JSONDecoder) -> String {
        explanation(of: error, in: data, decoder: decoder)?.rendered(file: file) ?? ""
    }

    /// The place in one line for a message that must stay one line: ` (line L, column C of the
    /// golden: TEXT)`, TEXT the excerpt's line without its indentation; empty when unknown.
    static func place(of error: any Error, in data: Data, decoder: JSONDecoder) -> String {
        guard let explanation = explanation(of: error, in: data, decoder: decoder),
            let location = explanation.location
        else { return "" }
        var text = " (line \(location.line), column \(location.column) of the golden"
        if let excerpt = explanation.excerpt {
            text += ": " + excerpt.text.drop { $0 == " " || $0 == "\t" }
        }
        return text + ")"
    }

    private static func explanation(of error: any Error, in data: Data, decoder: JSONDecoder) -> Explanation? {
        guard let error = error as? DecodingError else { return nil }
        let keys: WireDiagnostics.KeyDecoding
        switch decoder.keyDecodingStrategy {
        case .convertFromSnakeCase: keys = .convertFromSnakeCase
        default: keys = .useDefaultKeys
        }
        return WireDiagnostics.explain(error, in: data, keyDecoding: keys)
    }
}
