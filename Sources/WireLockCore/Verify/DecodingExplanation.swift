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
        guard let error = error as? DecodingError else { return "" }
        let keys: WireDiagnostics.KeyDecoding
        switch decoder.keyDecodingStrategy {
        case .convertFromSnakeCase: keys = .convertFromSnakeCase
        default: keys = .useDefaultKeys
        }
        return WireDiagnostics.explain(error, in: data, keyDecoding: keys).rendered(file: file)
    }
}
