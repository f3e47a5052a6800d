// The error for input that is not JSON: in strict mode the validator's own diagnosis, from the
// core's exact pass alone (the error `JSONValidator` reports, so the location is the one `wirelock
// validate` prints), in compatible mode JSONDecoder's words.
import Foundation
import WireJSONCore

enum SyntaxFailure {
    static func error(for bytes: UnsafeBufferPointer<UInt8>, at offset: Int, strict: Bool) -> DecodingError {
        if strict, let syntax = ExactValidation.firstError(in: bytes) {
            return DecodingError.dataCorrupted(
                .init(
                    codingPath: [], debugDescription: "The given data was not valid JSON: \(syntax.description).",
                    underlyingError: syntax))
        }
        let location = JSONSourceLocation(offset: offset, in: Array(bytes.prefix(offset + 1)))
        return DecodingError.dataCorrupted(
            .init(codingPath: [], debugDescription: "The given data was not valid JSON (\(location)).")
        )
    }
}

/// JSONDecoder's reading of the input's encoding (RFC 4627 section 3): a UTF-8 byte order mark is
/// skipped, UTF-16 and UTF-32 (with or without a mark) are converted to UTF-8.
enum InputEncoding {
    static let notConvertible = DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "The given data was not valid JSON: it cannot be converted to UTF-8."))

    /// Nil when the input is UTF-8 without a mark (use it as it is); otherwise the converted
    /// text, itself nil when the conversion fails.
    static func utf8Representation(of bytes: UnsafeBufferPointer<UInt8>) -> (text: String?, Void)? {
        let count = bytes.count
        let byte0: UInt8? = count > 0 ? bytes[0] : nil
        let byte1: UInt8? = count > 1 ? bytes[1] : nil
        let byte2: UInt8? = count > 2 ? bytes[2] : nil
        let byte3: UInt8? = count > 3 ? bytes[3] : nil
        let encoding: String.Encoding
        let mark: Int
        switch (byte0, byte1, byte2, byte3) {
        case (0, 0, 0xFE, 0xFF): (encoding, mark) = (.utf32BigEndian, 4)
        case (0xFE, 0xFF, 0, 0): (encoding, mark) = (.utf32LittleEndian, 4)
        case (0xFE, 0xFF, _, _): (encoding, mark) = (.utf16BigEndian, 2)
        case (0xFF, 0xFE, _, _): (encoding, mark) = (.utf16LittleEndian, 2)
        case (0xEF, 0xBB, 0xBF, _): (encoding, mark) = (.utf8, 3)
        case (0, 0, 0, .some(let last)) where last != 0: (encoding, mark) = (.utf32BigEndian, 0)
        case (0, .some(let one), 0, .some(let two)) where one != 0 && two != 0: (encoding, mark) = (.utf16BigEndian, 0)
        case (.some(let first), 0, 0, 0) where first != 0: (encoding, mark) = (.utf32LittleEndian, 0)
        case (.some(let one), 0, .some(let two), 0) where one != 0 && two != 0:
            (encoding, mark) = (.utf16LittleEndian, 0)
        case (0, .some(let one), nil, nil) where one != 0: (encoding, mark) = (.utf16BigEndian, 0)
        case (.some(let one), 0, nil, nil) where one != 0: (encoding, mark) = (.utf16LittleEndian, 0)
        default: return nil
        }
        let rest = UnsafeBufferPointer(rebasing: bytes[mark...])
        if encoding == .utf8 { return (String(decoding: rest, as: UTF8.self), ()) }
        return (String(bytes: rest, encoding: encoding), ())
    }
}
