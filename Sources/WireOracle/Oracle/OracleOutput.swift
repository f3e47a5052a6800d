import Foundation
import WireDates

/// A result that an ``Oracle`` compares as bytes.
///
/// Two outputs are equal for the oracle when their ``oracleBytes`` are equal, nothing else: a
/// `Date` compares by the bit pattern of its time interval (so `0.1229999` and `0.123` differ, and
/// so do `0.0` and `-0.0`), `Data` and `[UInt8]` as they are, a `String` by its UTF-8.
///
/// ```swift
/// extension Money: OracleOutput {
///     var oracleBytes: [UInt8] { Array("\(cents)".utf8) }
///     var oracleDescription: String { "\(cents) cents" }
/// }
/// ```
public protocol OracleOutput {
    /// The bytes that decide equality.
    var oracleBytes: [UInt8] { get }
    /// A readable rendering for reports (the hex of ``oracleBytes`` is printed beside it when
    /// ``oracleShowsHex`` is true).
    var oracleDescription: String { get }
    /// Whether reports should print the bytes in hex next to the description.
    var oracleShowsHex: Bool { get }
}

extension OracleOutput {
    /// By default reports print the hex of ``oracleBytes`` beside the description, since two values
    /// that print alike may still differ in their bytes.
    public var oracleShowsHex: Bool { true }
}

extension Date: OracleOutput {
    /// The 8 bytes of `timeIntervalSinceReferenceDate.bitPattern`, big-endian.
    public var oracleBytes: [UInt8] {
        let bits = timeIntervalSinceReferenceDate.bitPattern
        return (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * UInt64($0))) }
    }

    /// The interval since 2001-01-01 with all its digits, and the instant in UTC.
    public var oracleDescription: String {
        let t = timeIntervalSinceReferenceDate
        return "\(t) (\(OracleDateText.utc(self)))"
    }
}

extension Data: OracleOutput {
    /// The data's bytes, unchanged.
    public var oracleBytes: [UInt8] { Array(self) }
    /// The bytes as a quoted string when they are valid UTF-8, else their count (`<3 bytes, not UTF-8>`).
    public var oracleDescription: String { OracleText.quotedUTF8(Array(self)) }
}

extension Array: OracleOutput where Element == UInt8 {
    /// The bytes themselves.
    public var oracleBytes: [UInt8] { self }
    /// The bytes as a quoted string when they are valid UTF-8, else their count (`<3 bytes, not UTF-8>`).
    public var oracleDescription: String { OracleText.quotedUTF8(self) }
}

extension String: OracleOutput {
    /// The string's UTF-8: strings that are equal as `String` but differ in normalisation (`é` as one
    /// scalar or two) are different outputs.
    public var oracleBytes: [UInt8] { Array(utf8) }
    /// The string as a quoted, escaped literal.
    public var oracleDescription: String { debugDescription }
    /// False: the quoted literal already shows every character.
    public var oracleShowsHex: Bool { false }
}

/// An error that names its own category for the oracle.
///
/// By default every thrown error, and every `nil` result, is the category `rejected`: "both
/// rejected" is equal whatever the error types, and "one rejected" is a mismatch. Conform an error
/// type to this protocol when the kind of rejection must match too.
public protocol OracleErrorCategory: Error {
    /// A stable name: errors with the same category compare equal.
    var oracleCategory: String { get }
}

/// What one side of an oracle returned for one input: a value, as bytes, or a rejection.
public enum OracleOutcome: Hashable, Sendable {
    /// The side produced a value.
    case value(bytes: [UInt8], description: String, showsHex: Bool)
    /// The side threw or returned `nil`; the category decides equality.
    case rejected(category: String)

    /// Wraps a value.
    public init(_ output: some OracleOutput) {
        self = .value(
            bytes: output.oracleBytes, description: output.oracleDescription,
            showsHex: output.oracleShowsHex)
    }

    /// Runs a throwing function and records its value, `nil`, or error.
    public init<O: OracleOutput>(catching body: () throws -> O?) {
        do {
            if let output = try body() {
                self.init(output)
            } else {
                self = .rejected(category: "rejected")
            }
        } catch let error as any OracleErrorCategory {
            self = .rejected(category: error.oracleCategory)
        } catch {
            self = .rejected(category: "rejected")
        }
    }

    /// Equality for the oracle: the same bytes, or the same rejection category.
    public func matches(_ other: OracleOutcome) -> Bool {
        switch (self, other) {
        case (.value(let a, _, _), .value(let b, _, _)): return a == b
        case (.rejected(let a), .rejected(let b)): return a == b
        default: return false
        }
    }

    /// The readable form, with hex where it helps: `736218000.123 (2024-05-01T01:00:00.123Z) [41 c5 …]`.
    public var rendered: String {
        switch self {
        case .value(let bytes, let description, let showsHex):
            return showsHex ? "\(description) [hex \(OracleText.hex(bytes))]" : description
        case .rejected(let category):
            return category == "rejected" ? "rejected" : "rejected (\(category))"
        }
    }
}
