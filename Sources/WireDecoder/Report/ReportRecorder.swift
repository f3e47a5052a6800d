// What decodeWithReport watches while the model decodes: which members and elements were read,
// which containers each type reached or opened, the errors it threw (kept only if the decode
// succeeds: then the model caught them), numbers that did not arrive exactly, and every read (the
// raw facts of the reader contract).
import Foundation
import WireDates
import WireJSONCore
import WireSupportCore

/// Any `Dictionary` (its `init(from:)` reads an object's members as its values).
protocol DecodableDictionary {}
extension Dictionary: DecodableDictionary {}

final class ReportRecorder {
    /// One flag per tape entry: read by the model. A buffer rather than an array, so marking an
    /// entry is one store in a debug build too (no uniqueness check, no generic subscript).
    private let consumedEntries: UnsafeMutableBufferPointer<Bool>
    private var containers: [Int: Any.Type] = [:]
    private var failures: [(index: Int, expected: Any.Type)] = []
    private var losses: [(index: Int, type: String, decoded: String, reason: WireDecodingReport.PrecisionLoss.Reason)] =
        []

    /// Where a read was: a value on the tape, a member or element that was absent (its container
    /// and its name or position), or a path worked out when the read was made (a `superDecoder`
    /// of an absent member).
    enum Place {
        case value(Int)
        case member(of: Int, key: String)
        case element(of: Int, position: Int)
        case path(JSONPath)
    }

    struct RawRead {
        var place: Place
        var type: Any.Type
        var method: WireDecodingReport.Read.Method
        var outcome: WireDecodingReport.Read.Outcome
    }

    private var reads: [RawRead] = []
    /// Objects decoded as dictionaries (their members fold to `.*`).
    private var dictionaryObjects: [Int] = []
    /// The decoder's date strategy, as a date read's form names it.
    private let dateStrategy: String
    /// The entry that stands for a missing value (``DecoderImpl/nullIndex``).
    private let nullIndex: Int

    /// Whether entries get their line and column (else only their byte offset).
    private let locating: Bool
    /// Whether reads are kept (``WireJSONDecoder/recordsReads`` and the report's detail); when not,
    /// ``read(_:type:method:)`` keeps nothing and returns -1, which ``settle(_:_:)`` ignores.
    private let recordsReads: Bool

    init(
        entries: Int, dateStrategy: String = "deferredToDate", nullIndex: Int = -1, locating: Bool = true,
        recordsReads: Bool = true
    ) {
        self.locating = locating
        self.recordsReads = recordsReads
        consumedEntries = .allocate(capacity: entries)
        consumedEntries.initialize(repeating: false)
        self.dateStrategy = dateStrategy
        self.nullIndex = nullIndex
    }

    deinit { consumedEntries.deallocate() }

    func consumed(_ index: Int) {
        if index < consumedEntries.count { consumedEntries[index] = true }
    }

    /// Only containers are kept: a scalar has no members to drop.
    func reached(_ index: Int, by type: Any.Type, tape: TapeView) {
        let kind = tape.kind(index)
        guard kind == .object || kind == .array else { return }
        if containers[index] == nil {
            containers[index] = type
            if kind == .object, isDictionary(type) { dictionaryObjects.append(index) }
        }
    }

    func opened(_ index: Int, by type: Any.Type) {
        if containers[index] == nil || containers[index] == Never.self {
            if isDictionary(type) { dictionaryObjects.append(index) }
            containers[index] = type
        }
    }

    /// Whether a type is a `Dictionary`, asked once per type (a conformance check is slow): the
    /// last few types are compared first (a model's containers repeat a handful of types), then a
    /// table.
    private var recentTypes: [(type: ObjectIdentifier, isDictionary: Bool)] = []
    private var dictionaryTypes: [ObjectIdentifier: Bool] = [:]
    private func isDictionary(_ type: Any.Type) -> Bool {
        let id = ObjectIdentifier(type)
        for recent in recentTypes where recent.type == id { return recent.isDictionary }
        let answer: Bool
        if let known = dictionaryTypes[id] {
            answer = known
        } else {
            answer = type is any DecodableDictionary.Type
            dictionaryTypes[id] = answer
        }
        if recentTypes.count == 8 { recentTypes.removeFirst() }
        recentTypes.append((id, answer))
        return answer
    }

    // MARK: Reads

    /// Notes a read of the value at `index` (the null entry after the document stands for an
    /// absent value); its outcome is a value until ``settle(_:_:)`` says otherwise.
    @discardableResult
    func read(_ index: Int, type: Any.Type, method: WireDecodingReport.Read.Method) -> Int {
        guard recordsReads else { return -1 }
        reads.append(RawRead(place: .value(index), type: type, method: method, outcome: .value))
        return reads.count - 1
    }

    /// Notes a read at a place that is not a value on the tape.
    @discardableResult
    func read(
        _ place: Place, type: Any.Type, method: WireDecodingReport.Read.Method,
        outcome: WireDecodingReport.Read.Outcome
    ) -> Int {
        guard recordsReads else { return -1 }
        reads.append(RawRead(place: place, type: type, method: method, outcome: outcome))
        return reads.count - 1
    }

    /// Sets the outcome of a read.
    func settle(_ read: Int, _ outcome: WireDecodingReport.Read.Outcome) {
        guard read >= 0 else { return }
        reads[read].outcome = outcome
    }

    func failed(at index: Int, expected: Any.Type) {
        failures.append((index, expected))
    }

    // MARK: Numbers

    func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        at index: Int, value: T, base: UnsafePointer<UInt8>, tape: TapeView
    ) {
        let text = NumberText.text(base, tape.offset(index), tape.length(index))
        let double = Double(text) ?? .nan
        let reason: WireDecodingReport.PrecisionLoss.Reason?
        if !DecimalText.sameValue(text, "\(double)") {
            reason = double.isSubnormal ? .underflow : .rounded
        } else if T.self != Double.self, Double(value) != double {
            reason = value.isSubnormal ? .underflow : .narrowed
        } else {
            reason = nil
        }
        // A Float prints as its shortest form ("0.1"), which hides the change; widened it shows.
        let decoded = T.self == Double.self ? "\(value)" : "\(Double(value))"
        if let reason { losses.append((index, "\(T.self)", decoded, reason)) }
    }

    func integer<T: FixedWidthInteger>(at index: Int, text: String, value: T) {
        if !DecimalText.sameValue(text, "\(value)") { losses.append((index, "\(T.self)", "\(value)", .rounded)) }
    }

    func decimal(at index: Int, text: String, value: Decimal) {
        if !DecimalText.sameValue(text, value.description) {
            losses.append((index, "Decimal", value.description, .rounded))
        }
    }

    // MARK: The report

    func finish(tape: TapeView, base: UnsafePointer<UInt8>, length: Int, duplicates: [DuplicateMember])
        -> WireDecodingReport
    {
        var dropped: [(member: Int, type: Any.Type)] = []
        walk(0, tape: tape, into: &dropped)
        // The unused copy of a repeated name is a duplicate entry, not also a dropped member.
        let repeats = Set(duplicates.map(\.repeated))
        dropped.removeAll { repeats.contains($0.member) }

        var swallowed: [(index: Int, expected: Any.Type)] = []
        var seen = Set<Int>()
        for failure in failures where seen.insert(failure.index).inserted { swallowed.append(failure) }

        // The reads, grouped by folded path and what was asked and found: each group's first read
        // is a target for a concrete path and a place, like the entries'.
        var folding = ReadFolding(tape: tape, base: base, reached: containers, dictionaries: Set(dictionaryObjects))
        let groups = folding.group(
            reads, nullIndex: nullIndex, form: { self.form(of: $0, type: $1, tape: tape, base: base) })
        let firsts = groups.compactMap { $0.target >= 0 ? $0.target : nil }
        let targets = dropped.map(\.member) + duplicates.map(\.repeated) + swallowed.map(\.index) + losses.map(\.index)
        let paths = TapePaths.paths(of: firsts.isEmpty ? targets : targets + firsts, tape: tape, base: base)
        let offsets =
            targets.map { TapePaths.startOffset($0, tape: tape) }
            + duplicates.map { TapePaths.startOffset($0.first, tape: tape) }
            + firsts.map { TapePaths.startOffset($0, tape: tape) }
        let locations = locating ? TapePaths.locations(of: offsets, base: base, length: length) : [:]
        func place(_ index: Int) -> JSONSourceLocation {
            let offset = TapePaths.startOffset(index, tape: tape)
            guard locating else { return JSONSourceLocation(offset: offset, line: 0, column: 0) }
            return locations[offset] ?? JSONSourceLocation(offset: 0, line: 1, column: 1)
        }

        var report = WireDecodingReport()
        report.droppedMembers = dropped.map {
            .init(path: paths[$0.member] ?? .root, droppedBy: "\($0.type)", location: place($0.member))
        }
        report.duplicateKeys = duplicates.sorted { $0.repeated < $1.repeated }.map {
            .init(path: paths[$0.repeated] ?? .root, location: place($0.repeated), keptLocation: place($0.first))
        }
        report.precisionLosses = losses.map {
            .init(
                path: paths[$0.index] ?? .root,
                text: NumberText.text(base, tape.offset($0.index), tape.length($0.index)),
                type: $0.type, decoded: $0.decoded, reason: $0.reason, location: place($0.index))
        }
        report.swallowedErrors = swallowed.map {
            .init(
                path: paths[$0.index] ?? .root, expected: "\($0.expected)",
                found: found($0.index, tape: tape, base: base), location: place($0.index))
        }
        report.reads = finishedReads(groups, folding: &folding, paths: paths, place: place, tape: tape)
        report.dictionaries = Set(dictionaryObjects.compactMap { folding.id(of: $0) }.map { folding.path($0) })
        return report
    }

    private func finishedReads(
        _ groups: [ReadFolding.Group], folding: inout ReadFolding, paths: [Int: JSONPath],
        place: (Int) -> JSONSourceLocation, tape: TapeView
    ) -> [WireDecodingReport.Read] {
        var names: [ObjectIdentifier: String] = [:]
        func name(_ type: Any.Type) -> String {
            if let known = names[ObjectIdentifier(type)] { return known }
            let text = TypeNames.name(type)
            names[ObjectIdentifier(type)] = text
            return text
        }
        let start = JSONSourceLocation(offset: 0, line: 1, column: 1)
        return groups.map { group in
            let read = group.first
            var path: JSONPath
            var wire: WireDecodingReport.Kind?
            switch read.place {
            case .value:
                path = group.target >= 0 ? paths[group.target] ?? .root : folding.concretePath(group.folded)
                wire = group.target >= 0 ? Self.kind(tape.kind(group.target)) : nil
            case .member(_, let key):
                path = (paths[group.target] ?? .root).appending(key: key)
            case .element(_, let position):
                path = (paths[group.target] ?? .root).appending(index: position)
            case .path(let known):
                path = known
            }
            var finished = WireDecodingReport.Read(
                path: path, pattern: folding.path(group.folded), type: name(read.type), method: read.method, wire: wire,
                outcome: read.outcome, form: group.form, location: group.target >= 0 ? place(group.target) : start,
                count: group.count)
            finished.values = EnumValues.accepted(by: read.type)
            return finished
        }
    }

    static func kind(_ kind: TapeKind) -> WireDecodingReport.Kind {
        switch kind {
        case .null: .null
        case .true, .false: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// A date's strategy and form, a number's form; nil for anything else.
    private func form(of index: Int, type: Any.Type, tape: TapeView, base: UnsafePointer<UInt8>) -> String? {
        let kind = tape.kind(index)
        if type == Date.self {
            switch kind {
            case .number: return dateStrategy + ":" + Self.numberForm(base, tape.offset(index), tape.length(index))
            case .string:
                let text =
                    StringDecoding.decode(base: base, offset: tape.offset(index), length: tape.length(index)) ?? ""
                return dateStrategy + ":" + Self.dateForm(text)
            default: return dateStrategy
            }
        }
        guard kind == .number else { return nil }
        return Self.numberForm(base, tape.offset(index), tape.length(index))
    }

    /// `exponent` when the text has one, else `fraction` when it has a point, else `integer`.
    static func numberForm(_ base: UnsafePointer<UInt8>, _ offset: Int, _ length: Int) -> String {
        var point = false
        for position in offset..<(offset + length) {
            let byte = base[position]
            if byte | 0x20 == UInt8(ascii: "e") { return "exponent" }
            if byte == UInt8(ascii: ".") { point = true }
        }
        return point ? "fraction" : "integer"
    }

    /// The class of a date string: `rfc3339-fraction`, `rfc3339` (a date-time without a
    /// fraction), `date` (an RFC 3339 full-date), or `other`.
    static func dateForm(_ text: String) -> String {
        guard RFC3339.isDateTime(text) else { return "other" }
        if text.utf8.count == 10 { return "date" }
        return text.utf8.contains(UInt8(ascii: ".")) ? "rfc3339-fraction" : "rfc3339"
    }

    /// Members and elements of reached containers that nothing read, outermost first.
    private func walk(_ index: Int, tape: TapeView, into dropped: inout [(member: Int, type: Any.Type)]) {
        let kind = tape.kind(index)
        guard kind == .object || kind == .array, let type = containers[index] else { return }
        if kind == .object {
            var member = index + 1
            for _ in 0..<tape.count(index) {
                if consumedEntries[member] {
                    walk(member + 1, tape: tape, into: &dropped)
                } else {
                    dropped.append((member, type))
                }
                member = tape.end(member + 1)
            }
        } else {
            var element = index + 1
            for _ in 0..<tape.count(index) {
                if consumedEntries[element] {
                    walk(element, tape: tape, into: &dropped)
                } else {
                    dropped.append((element, type))
                }
                element = tape.end(element)
            }
        }
    }

    private func found(_ index: Int, tape: TapeView, base: UnsafePointer<UInt8>) -> String {
        switch tape.kind(index) {
        case .null: return "null"
        case .true: return "true"
        case .false: return "false"
        case .number: return "a number \(NumberText.text(base, tape.offset(index), tape.length(index)))"
        case .string:
            let text =
                StringDecoding.decode(base: base, offset: tape.offset(index), length: tape.length(index))
                ?? NumberText.text(base, tape.offset(index), tape.length(index))
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "a string \"\(shown)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// Type names as a report shows them (`"\(type)"`), made once per type per process: printing a
/// generic type's name is slow, and every report of a model names the same types.
enum TypeNames {
    private static let cache = Locked<[ObjectIdentifier: String]>([:])

    static func name(_ type: Any.Type) -> String {
        let id = ObjectIdentifier(type)
        if let known = cache.withLock({ $0[id] }) { return known }
        let text = "\(type)"
        cache.withLock { $0[id] = text }
        return text
    }
}

/// Decimal numbers compared by value from their text (`1.50` is `1.5e0`), for telling whether a
/// decoded value still is the number the payload wrote.
enum DecimalText {
    static func sameValue(_ one: String, _ two: String) -> Bool {
        guard let first = normalized(one), let second = normalized(two) else { return one == two }
        return first == second
    }

    /// Sign, significant digits and the position of the decimal point; zero has no sign.
    static func normalized(_ text: String) -> (negative: Bool, digits: [UInt8], point: Int)? {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        var digits: [UInt8] = []
        var point: Int?
        var exponent = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digits.append(byte)
            } else if byte == UInt8(ascii: "."), point == nil {
                point = digits.count
            } else if byte | 0x20 == UInt8(ascii: "e") {
                guard let value = Int(String(decoding: bytes[(index + 1)...], as: UTF8.self)) else { return nil }
                exponent = value
                break
            } else {
                return nil
            }
            index += 1
        }
        var position = (point ?? digits.count) + exponent
        while let first = digits.first, first == UInt8(ascii: "0") {
            digits.removeFirst()
            position -= 1
        }
        while let last = digits.last, last == UInt8(ascii: "0") { digits.removeLast() }
        if digits.isEmpty { return (false, [], 0) }
        return (negative, digits, position)
    }
}
