// What decodeWithReport watches while the model decodes: which members and elements were read,
// which containers each type reached or opened, the errors it threw (kept only if the decode
// succeeds: then the model caught them), and numbers that did not arrive exactly.
import Foundation
import WireJSON

final class ReportRecorder {
    /// One flag per tape entry: read by the model. A buffer rather than an array, so marking an
    /// entry is one store in a debug build too (no uniqueness check, no generic subscript).
    private let consumedEntries: UnsafeMutableBufferPointer<Bool>
    private var containers: [Int: Any.Type] = [:]
    private var failures: [(index: Int, expected: Any.Type)] = []
    private var losses: [(index: Int, type: String, decoded: String, reason: WireDecodingReport.PrecisionLoss.Reason)] =
        []

    /// Whether entries get their line and column (else only their byte offset).
    private let locating: Bool

    init(entries: Int, locating: Bool = true) {
        self.locating = locating
        consumedEntries = .allocate(capacity: entries)
        consumedEntries.initialize(repeating: false)
    }

    deinit { consumedEntries.deallocate() }

    func consumed(_ index: Int) {
        if index < consumedEntries.count { consumedEntries[index] = true }
    }

    /// Only containers are kept: a scalar has no members to drop.
    func reached(_ index: Int, by type: Any.Type, tape: TapeView) {
        let kind = tape.kind(index)
        guard kind == .object || kind == .array else { return }
        if containers[index] == nil { containers[index] = type }
    }

    func opened(_ index: Int, by type: Any.Type) {
        if containers[index] == nil || containers[index] == Never.self { containers[index] = type }
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

        let targets = dropped.map(\.member) + duplicates.map(\.repeated) + swallowed.map(\.index) + losses.map(\.index)
        let paths = TapePaths.paths(of: targets, tape: tape, base: base)
        let offsets =
            targets.map { TapePaths.startOffset($0, tape: tape) }
            + duplicates.map { TapePaths.startOffset($0.first, tape: tape) }
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
        return report
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
