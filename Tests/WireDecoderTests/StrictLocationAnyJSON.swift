import Foundation

/// Any JSON value, as a `Decodable`: the universal model the strict-location tests decode into, so
/// that every valid document decodes and only the syntax decides.
///
/// The kind is found by asking for a container (an array, then an object) or a single value; once
/// it is known, the contents are decoded with `try`, so an error inside (a number no numeric type
/// holds) is thrown at its own coding path, never hidden by a fallback. A number is read as
/// `Double`, else as `Decimal`: on this toolchain `JSONDecoder` refuses `0e1` as a `Double` (not
/// `0e+1` or `-0e1`) but reads it as a `Decimal`, and this model is about syntax, not that quirk.
enum AnyJSON: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case decimal(Decimal)
    case string(String)
    case array([AnyJSON])
    case object([String: AnyJSON])

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if var elements = try? decoder.unkeyedContainer() {
            var array: [AnyJSON] = []
            while !elements.isAtEnd { array.append(try elements.decode(AnyJSON.self)) }
            self = .array(array)
        } else if let members = try? decoder.container(keyedBy: Key.self) {
            var object: [String: AnyJSON] = [:]
            for key in members.allKeys { object[key.stringValue] = try members.decode(AnyJSON.self, forKey: key) }
            self = .object(object)
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let bool = try? value.decode(Bool.self) {
                self = .bool(bool)
            } else if let string = try? value.decode(String.self) {
                self = .string(string)
            } else if let double = try? value.decode(Double.self) {
                self = .number(double)
            } else {
                self = .decimal(try value.decode(Decimal.self))
            }
        }
    }
}
