import Foundation

/// Any JSON value, as a `Decodable`: the universal model the strict-location tests decode into, so
/// that every valid document decodes and only the syntax decides.
///
/// Each kind is tried in turn. A number `Double` does not take is read as `Decimal`: on this
/// toolchain `JSONDecoder` refuses `0e1` as a `Double` (but not `0e+1` or `-0e1`) and reads it as a
/// `Decimal`, and the universal model is about syntax, not about that quirk. The last attempt (an object) is not wrapped in `try?`, so a decoder
/// that reports a syntax error from inside `init(from:)` still has its error thrown, not hidden.
enum AnyJSON: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case decimal(Decimal)
    case string(String)
    case array([AnyJSON])
    case object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() {
                self = .null
                return
            }
            if let value = try? container.decode(Bool.self) {
                self = .bool(value)
                return
            }
            if let value = try? container.decode(Double.self) {
                self = .number(value)
                return
            }
            if let value = try? container.decode(Decimal.self) {
                self = .decimal(value)
                return
            }
            if let value = try? container.decode(String.self) {
                self = .string(value)
                return
            }
            if let value = try? container.decode([AnyJSON].self) {
                self = .array(value)
                return
            }
        }
        self = .object(try [String: AnyJSON](from: decoder))
    }
}
