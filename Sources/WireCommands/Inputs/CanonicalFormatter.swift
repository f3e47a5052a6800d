import WireDecoder
import WireJSON
import WireReaders

/// Computes the canonical form of a whole input for `fmt` (pure: bytes in, bytes or errors out).
///
/// - A document becomes ``CanonicalJSONWriter/Style/pretty`` text with a final newline.
/// - JSON Lines become one ``CanonicalJSONWriter/Style/compact`` record per line, each followed by a
///   newline; blank lines are dropped.
/// - A reader contract (`*.reads.json`) keeps its own canonical layout (`ReaderContract.text`:
///   members sorted, one compact line per path), so `fmt` and `check` agree with what
///   `assertReaderContract` writes.
package struct CanonicalFormatter: Sendable {
    /// The outcome for one input.
    package enum Outcome: Hashable, Sendable {
        /// The canonical bytes (which may equal the input).
        case canonical([UInt8])
        /// The input is not valid; its errors, located in the whole input.
        case invalid([JSONSyntaxError])
    }

    /// Strictness; the framing comes from each call.
    package var options: JSONParseOptions

    package init(options: JSONParseOptions) { self.options = options }

    /// The canonical form of `bytes`; `name` is the file's name or path, which says whether it is a
    /// reader contract.
    package func format(_ bytes: [UInt8], framing: JSONParseOptions.Framing, name: String? = nil) -> Outcome {
        if let name, name.hasSuffix(".reads.json"), !name.hasSuffix(".actual.json"), framing == .document,
            let contract = try? ReaderContract(parsing: bytes, file: name)
        {
            return .canonical(contract.bytes)
        }
        var options = self.options
        options.framing = framing
        switch framing {
        case .document:
            do throws(JSONSyntaxError) {
                return .canonical(try CanonicalJSONWriter.canonicalize(bytes, options: options, style: .pretty))
            } catch {
                return .invalid([error])
            }
        case .lines:
            // Validate first, so that errors carry their line in the whole file and every bad line is
            // reported; then each line is known to be one valid document.
            let report = JSONValidator(options: options).validate(bytes)
            guard report.isValid else { return .invalid(report.errors) }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var lineOptions = options
            lineOptions.framing = .document
            var lineStart = 0
            for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
                defer { lineStart += line.count + 1 }
                if Self.isBlank(line) { continue }
                do throws(JSONSyntaxError) {
                    output += try CanonicalJSONWriter.canonicalize(line, options: lineOptions, style: .compact)
                    output.append(0x0A)
                } catch {
                    // Not expected after validation; keep the location right anyway.
                    var located = error
                    located.location.line += index
                    located.location.offset += lineStart
                    return .invalid([located])
                }
            }
            return .canonical(output)
        }
    }

    /// Whether a line holds only JSON whitespace.
    package static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}
