import Foundation
import WireDates
import WireJSONCore
import WireSupport

/// What a model decoded, as a JSON document: any Swift value taken apart by reflection (`Mirror`),
/// so a model that is only `Decodable` can be locked by a golden and judged by a fuzz campaign
/// without an encoder.
///
/// - structs and classes: an object of their stored properties by name (a class's inherited ones
///   too); a property wrapper (`_timestamp`) by its wrapped value under the property's name;
/// - enums: a case without values as its name (`"notification"`), a case with values as
///   `{"case": values}`; optionals as the value or `null`; tuples as an array (or an object when
///   labelled);
/// - arrays in order; sets sorted by their elements' dumps; dictionaries as objects, a key that is
///   not a `String` written as its dump's compact JSON text (`1`, `"a"` as `a`, `{"x":1}`);
/// - `Date` exactly, as `ExactInstant` renders it (`"2020-01-08T14:18:51.2030001Z (600185931.2030001 s,
///   0x41c1e30e2599fbe8)"`): every digit of the shortest decimal and the `Double`'s bits, so two
///   instants one ulp apart differ here;
/// - values JSON has no type for as `Type(text)`, so a model that swaps one for a `String` decodes
///   something else: `"URL(https://media.example/a)"` (its absolute string), `"Data(aGk=)"` (base64),
///   `"UUID(…)"`, `"Decimal(12.5)"` (its exact decimal text), `"TimeZone(UTC)"`, `"Locale(en_US)"`;
/// - integers in full, floating-point numbers by their shortest round-tripping text (`"NaN"`,
///   `"Infinity"`, `"-Infinity"` as strings);
/// - a class instance met again inside itself as `"cycle: back to $.path"`; values nested deeper
///   than 512 levels as `"depth limit"`.
///
/// The document is written with the canonical writer (keys sorted), so one value gives the same
/// bytes on every run and platform.
///
/// ```swift
/// let event = try WireJSONDecoder().decode(LibraryEvent.self, from: data)
/// print(DecodedDump.text(of: event))
/// // {
/// //   "records": [
/// //     {
/// //       "notification": { "sentAt": "2020-01-08T14:18:51.2030001Z (600185931.2030001 s, 0x41c1e30e2599fbe8)", … }
/// ```
package enum DecodedDump {
    /// The dump of `value` as a JSON tree.
    package static func value(of value: Any) -> JSONValue {
        var dumper = Dumper()
        return dumper.dump(value)
    }

    /// The dump's canonical text (two-space indent, keys sorted, final newline).
    package static func text(of value: Any) -> String {
        CanonicalJSONWriter.text(Self.value(of: value))
    }

    /// The deepest nesting dumped; below it a value is `"depth limit"`.
    static let depthLimit = 512

    /// A walk over one value: the class instances on the current chain, for the cycle guard.
    private struct Dumper {
        var path: [JSONPath.Component] = []
        var onChain: [ObjectIdentifier: [JSONPath.Component]] = [:]

        mutating func dump(_ subject: Any) -> JSONValue {
            if let leaf = DecodedDump.leaf(subject) { return leaf }
            guard path.count < DecodedDump.depthLimit else { return .string("depth limit") }
            let mirror = Mirror(reflecting: subject)
            switch mirror.displayStyle {
            case .optional:
                guard let wrapped = mirror.children.first else { return .null }
                return dump(wrapped.value)
            case .collection:
                return .array(elements(mirror))
            case .set:
                let dumped = elements(mirror).map { (CanonicalJSONWriter.bytes($0, style: .compact), $0) }
                return .array(dumped.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1))
            case .dictionary:
                return dictionary(mirror)
            case .enum:
                guard let payload = mirror.children.first else { return .string(DecodedDump.caseName(subject)) }
                let name = payload.label ?? "some"
                return .object(JSONObject([.init(key: name, value: member(name, payload.value))]))
            case .tuple:
                let labels = mirror.children.map { $0.label ?? "" }
                if labels.allSatisfy({ $0.hasPrefix(".") }) { return .array(elements(mirror)) }
                return .object(
                    JSONObject(
                        mirror.children.map { .init(key: $0.label ?? "", value: member($0.label ?? "", $0.value)) }))
            case .class:
                let id = ObjectIdentifier(subject as AnyObject)
                if let first = onChain[id] { return .string("cycle: back to \(JSONPath(first))") }
                onChain[id] = path
                defer { onChain[id] = nil }
                var chain: [Mirror] = [mirror]
                while let parent = chain.last?.superclassMirror { chain.append(parent) }
                return fields(chain.reversed().flatMap { Array($0.children) })
            default:
                if mirror.children.isEmpty && mirror.displayStyle == nil {
                    return .string(String(describing: subject))
                }
                return fields(Array(mirror.children))
            }
        }

        /// A struct's or class's stored properties by name; a property wrapper's storage
        /// (`_timestamp`) by its wrapped value under the property's name.
        mutating func fields(_ children: [Mirror.Child]) -> JSONValue {
            var members: [JSONObject.Member] = []
            for (index, child) in children.enumerated() {
                var name = child.label ?? "\(index)"
                var value = child.value
                if name.hasPrefix("_"), name.count > 1, let wrapped = DecodedDump.wrappedValue(of: value) {
                    name.removeFirst()
                    value = wrapped
                }
                members.append(.init(key: name, value: member(name, value)))
            }
            return .object(JSONObject(members))
        }

        mutating func member(_ key: String, _ value: Any) -> JSONValue {
            path.append(.key(key))
            defer { path.removeLast() }
            return dump(value)
        }

        mutating func elements(_ mirror: Mirror) -> [JSONValue] {
            mirror.children.enumerated().map { index, child in
                path.append(.index(index))
                defer { path.removeLast() }
                return dump(child.value)
            }
        }

        /// A dictionary as an object: each key as its dump's text, members sorted by key and then by
        /// value, so keys that dump alike still come out in one order.
        mutating func dictionary(_ mirror: Mirror) -> JSONValue {
            var members: [(key: String, value: JSONValue, bytes: [UInt8])] = []
            for entry in mirror.children {
                let pair = Array(Mirror(reflecting: entry.value).children)
                guard pair.count == 2 else { continue }
                var keyDumper = Dumper()
                let key: String
                switch keyDumper.dump(pair[0].value) {
                case .string(let text): key = text
                case let other: key = CanonicalJSONWriter.text(other, style: .compact)
                }
                let value = member(key, pair[1].value)
                members.append((key, value, CanonicalJSONWriter.bytes(value, style: .compact)))
            }
            members.sort { $0.key != $1.key ? $0.key < $1.key : $0.bytes.lexicographicallyPrecedes($1.bytes) }
            return .object(JSONObject(members.map { .init(key: $0.key, value: $0.value) }))
        }
    }

    /// The values written as one JSON scalar, or nil for everything that is taken apart.
    static func leaf(_ subject: Any) -> JSONValue? {
        switch subject {
        case let text as String: return .string(text)
        case let text as Substring: return .string(String(text))
        case let character as Character: return .string(String(character))
        case let flag as Bool: return .bool(flag)
        case let date as Date: return .string(ExactInstant(date.timeIntervalSinceReferenceDate).rendered)
        case let url as URL: return tagged("URL", url.absoluteString)
        case let data as Data: return tagged("Data", data.base64EncodedString())
        case let uuid as UUID: return tagged("UUID", uuid.uuidString)
        case let zone as TimeZone: return tagged("TimeZone", zone.identifier)
        case let locale as Locale: return tagged("Locale", locale.identifier)
        case let decimal as Decimal: return tagged("Decimal", decimal.description)
        case let integer as any BinaryInteger: return .number(JSONNumber(text: "\(integer)"))
        case let float as any BinaryFloatingPoint:
            if float.isNaN { return .string("NaN") }
            if float.isInfinite { return .string(float.sign == .minus ? "-Infinity" : "Infinity") }
            return number("\(float)")
        default: return nil
        }
    }

    /// The types a dump writes as `Type(text)`: JSON has no type for them, and a model that swaps
    /// one for a `String` (or a `Double`) decodes another kind of value.
    static let taggedTypes = ["URL", "Data", "UUID", "TimeZone", "Locale", "Decimal"]

    /// `URL(https://example.com/a)`.
    static func tagged(_ type: String, _ text: String) -> JSONValue { .string("\(type)(\(text))") }

    /// The text inside a tagged leaf (`URL(x)` → `x`, `Decimal(1.5)` → `1.5`), or nil for any other string.
    package static func untagged(_ text: String) -> String? {
        guard text.hasSuffix(")"), let open = text.firstIndex(of: "("),
            taggedTypes.contains(String(text[..<open]))
        else { return nil }
        return String(text[text.index(after: open)..<text.index(before: text.endIndex)])
    }

    /// Whether a dumped string is a `Date` (`ExactInstant`'s rendering).
    package static func isInstant(_ text: String) -> Bool { ExactInstant(rendered: text) != nil }

    /// Number text as a JSON number when it is one (`1.5`, `1e-05`), else as a string (`NaN`).
    static func number(_ text: String) -> JSONValue {
        if case .number(let number)? = try? JSONValue.parse(Array(text.utf8)) { return .number(number) }
        return .string(text)
    }

    /// A property wrapper's value: its `wrappedValue` member, or its only stored member.
    static func wrappedValue(of storage: Any) -> Any? {
        let mirror = Mirror(reflecting: storage)
        guard mirror.displayStyle == .struct || mirror.displayStyle == .class else { return nil }
        if let wrapped = mirror.children.first(where: { $0.label == "wrappedValue" }) { return wrapped.value }
        return mirror.children.count == 1 ? mirror.children.first?.value : nil
    }

    /// The name of an enum case, as the runtime knows it whatever the type's description or raw
    /// value says (`swift_EnumCaseName`, the runtime entry point `print` and `dump` use for enums in
    /// every Swift runtime); its description should the runtime not know it.
    static func caseName(_ subject: Any) -> String {
        guard let name = enumCaseName(subject) else { return String(describing: subject) }
        return String(cString: name)
    }
}

@_silgen_name("swift_EnumCaseName")
private func enumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?
