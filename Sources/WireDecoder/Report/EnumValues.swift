// The values an enum the model reads accepts from the wire, when a decode proves it: a reader
// contract then knows them, and a spec's enum can be held against them.
import Foundation
import WireJSONCore
import WireSupportCore

/// The raw values a `CaseIterable & RawRepresentable` type (raw type `String` or an integer)
/// accepts, or nil when that is not known: the type is no such enum, or a value that is none of its
/// cases decodes too (its `init(from:)` maps unknown values to a case, as an open enum does, so it
/// accepts any value). Worked out once per type, by decoding a value that is no case and each case.
enum EnumValues {
    private static let cache = Locked<[ObjectIdentifier: [JSONValue]?]>([:])

    static func accepted(by type: Any.Type) -> [JSONValue]? {
        let id = ObjectIdentifier(type)
        if let known = cache.withLock({ $0[id] }) { return known }
        let values = compute(type)
        cache.withLock { _ = $0.updateValue(values, forKey: id) }
        return values
    }

    private static func compute(_ type: Any.Type) -> [JSONValue]? {
        guard let enumeration = type as? any CaseIterable.Type, let decodable = type as? any Decodable.Type else {
            return nil
        }
        func cases<T: CaseIterable>(_: T.Type) -> [Any] { T.allCases.map { $0 } }
        var raws: [JSONValue] = []
        for value in cases(enumeration) {
            switch (value as? any RawRepresentable)?.rawValue {
            case let text as String: raws.append(.string(text))
            case let number as any BinaryInteger: raws.append(.number(JSONNumber(text: "\(number)")))
            default: return nil
            }
        }
        func decodes<T: Decodable>(_: T.Type, _ value: JSONValue) -> Bool {
            (try? WireJSONDecoder().decode(T.self, from: Data(CanonicalJSONWriter.bytes(value)))) != nil
        }
        guard let first = raws.first else { return nil }
        let probe: JSONValue
        if case .string = first {
            probe = .string("\u{1}wirelock: no case")
        } else {
            let largest = raws.compactMap { value -> Int? in
                if case .number(let number) = value { return number.intValue }
                return nil
            }.max()
            probe = .number(JSONNumber(integerLiteral: (largest ?? 0) < Int.max ? (largest ?? 0) + 1 : Int.min))
        }
        guard !decodes(decodable, probe) else { return nil }
        let accepted = raws.filter { decodes(decodable, $0) }
        return accepted.isEmpty
            ? nil
            : accepted.sorted {
                CanonicalJSONWriter.text($0, style: .compact) < CanonicalJSONWriter.text($1, style: .compact)
            }
    }
}
