import WireDecoder
import WireJSON
import WireReaders

/// What a reader contract's entry accepts, as far as its facts tell: the JSON kinds it took from
/// the fixtures and those its Swift types stand for, whether it reads numbers only as integers (and
/// how wide), which date strategy parsed a `Date` there.
///
/// ```swift
/// let acceptance = ReaderAcceptance(entry)   // {"kinds":["number"],"types":["Int"]}
/// acceptance.accepts(.string)                 // false
/// acceptance.integerBits                      // 64
/// ```
package struct ReaderAcceptance: Hashable, Sendable {
    /// JSON kinds the reader takes (`null` aside); empty when nothing says (a `contains` read).
    package var kinds: Set<ReaderContract.Kind>
    /// Every number type asked for is an integer type (a fraction fails).
    package var integerOnly: Bool
    /// The narrowest integer width asked for (`Int32` → 32), when one is.
    package var integerBits: Int?
    /// A `Date` is read here; its strategy (`iso8601`, `secondsSince1970`, `custom`…) when known.
    package var dateStrategy: String?
    package var readsDate: Bool
    /// A `UUID` is read here.
    package var readsUUID: Bool
    /// The Swift types, for messages.
    package var types: [String]

    package init(_ entry: ReaderContract.Entry) {
        types = entry.types
        kinds = Set(entry.kinds)
        var numberTypes = 0
        var integerTypes = 0
        var bits: Int?
        readsDate = false
        readsUUID = false
        dateStrategy =
            entry.forms.lazy.compactMap { form -> String? in
                guard let colon = form.firstIndex(of: ":") else { return nil }
                return String(form[..<colon])
            }.first
        for type in entry.types {
            let name = Self.unwrapped(type)
            if let width = Self.integerWidths[name] {
                numberTypes += 1
                integerTypes += 1
                bits = min(bits ?? width, width)
                kinds.insert(.number)
            } else if Self.fractionTypes.contains(name) {
                numberTypes += 1
                kinds.insert(.number)
            } else if Self.stringTypes.contains(name) {
                kinds.insert(.string)
                if name == "UUID" { readsUUID = true }
            } else if name == "Bool" {
                kinds.insert(.bool)
            } else if name.hasPrefix("Array<") || name.hasPrefix("Set<") || name.hasPrefix("ContiguousArray<") {
                kinds.insert(.array)
            } else if name.hasPrefix("Dictionary<") {
                kinds.insert(.object)
            } else if name == "Date" {
                readsDate = true
                switch dateStrategy {
                case "secondsSince1970", "millisecondsSince1970", "deferredToDate": kinds.insert(.number)
                case "iso8601": kinds.insert(.string)
                default: break
                }
            }
        }
        integerOnly = numberTypes > 0 && numberTypes == integerTypes
        integerBits = integerOnly ? bits : nil
    }

    /// Whether a value of this JSON type would be taken (nil when the contract cannot tell).
    package func accepts(_ type: JSONType) -> Bool? {
        guard !kinds.isEmpty else { return nil }
        switch type {
        case .array: return kinds.contains(.array)
        case .object: return kinds.contains(.object)
        case .string: return kinds.contains(.string)
        case .boolean: return kinds.contains(.bool)
        case .integer: return kinds.contains(.number)
        case .number: return kinds.contains(.number) && !integerOnly
        }
    }

    /// `a number (Int)`, `a string or null (String)`: what the reader takes, for messages.
    package var summary: String {
        let names = kinds.sorted().map { kind -> String in
            switch kind {
            case .number: integerOnly ? "an integer" : "a number"
            case .bool: "a boolean"
            case .array: "an array"
            case .object: "an object"
            case .string: "a string"
            case .null: "null"
            }
        }
        let list = names.isEmpty ? "nothing it can name" : names.joined(separator: " or ")
        return types.isEmpty ? list : "\(list) (\(types.joined(separator: ", ")))"
    }

    /// `Optional<Int>` → `Int`.
    static func unwrapped(_ type: String) -> String {
        var name = type
        while name.hasPrefix("Optional<"), name.hasSuffix(">") { name = String(name.dropFirst(9).dropLast()) }
        return name
    }

    static let integerWidths: [String: Int] = [
        "Int": 64, "Int64": 64, "UInt": 64, "UInt64": 64, "Int32": 32, "UInt32": 32, "Int16": 16, "UInt16": 16,
        "Int8": 8, "UInt8": 8,
    ]
    static let fractionTypes: Set<String> = ["Double", "Float", "Float16", "Float80", "CGFloat", "Decimal"]
    static let stringTypes: Set<String> = ["String", "Substring", "Character", "URL", "UUID", "Data"]
}
