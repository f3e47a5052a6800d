import Foundation
import WireDates
import WireSupport

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
    /// The output as an instant in seconds since 2001-01-01 (a `Date`'s interval), so that two
    /// different values get a Δ in seconds and in ulps; `nil` (the default) for other outputs.
    var oracleInstant: Double? { get }
}

extension OracleOutput {
    /// By default reports print the hex of ``oracleBytes`` beside the description, since two values
    /// that print alike may still differ in their bytes.
    public var oracleShowsHex: Bool { true }
    /// By default an output is no instant.
    public var oracleInstant: Double? { nil }
}

extension Date: OracleOutput {
    /// The 8 bytes of `timeIntervalSinceReferenceDate.bitPattern`, big-endian.
    public var oracleBytes: [UInt8] {
        withUnsafeBytes(of: timeIntervalSinceReferenceDate.bitPattern.bigEndian) { Array($0) }
    }

    /// The instant in UTC with every digit of its interval, the interval and its bit pattern:
    /// `2020-01-08T14:18:51.2030001Z (600185931.2030001 s, 0x41c1e30e2599fbe8)`.
    public var oracleDescription: String { ExactInstant(timeIntervalSinceReferenceDate).rendered }
    /// False: the description already shows the bit pattern.
    public var oracleShowsHex: Bool { false }
    /// The interval since 2001-01-01.
    public var oracleInstant: Double? { timeIntervalSinceReferenceDate }
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
    /// The side produced a value; `instant` is its ``OracleOutput/oracleInstant``.
    case value(bytes: [UInt8], description: String, showsHex: Bool, instant: Double? = nil)
    /// The side threw or returned `nil`; the category decides equality.
    case rejected(category: String)

    /// Wraps a value.
    public init(_ output: some OracleOutput) {
        self = .value(
            bytes: output.oracleBytes, description: output.oracleDescription,
            showsHex: output.oracleShowsHex, instant: output.oracleInstant)
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
        case (.value(let a, _, _, _), .value(let b, _, _, _)): return a == b
        case (.rejected(let a), .rejected(let b)): return a == b
        default: return false
        }
    }

    /// Whether the side produced a value (rather than rejecting the input).
    public var isValue: Bool {
        if case .value = self { return true }
        return false
    }

    /// The readable form, with hex where it helps: `"abc"`, `<3 bytes, not UTF-8> [hex ff fe 00]`, or
    /// for a date `2024-05-01T01:00:00.1229999Z (736218000.1229999 s, 0x41c5f0e5c80fbe76)`.
    public var rendered: String {
        switch self {
        case .value(let bytes, let description, let showsHex, _):
            return showsHex ? "\(description) [hex \(OracleText.hex(bytes))]" : description
        case .rejected(let category):
            return category == "rejected" ? "rejected" : "rejected (\(category))"
        }
    }
}

extension OracleOutcome: Codable {
    private enum Key: String, CodingKey { case value, hex, showsHex, instant, rejected }

    /// `{"value": description, "hex": "…", "instant": …}` or `{"rejected": category}`: the bytes in
    /// hex, so that two reports compare outputs exactly.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .value(let bytes, let description, let showsHex, let instant):
            try container.encode(description, forKey: .value)
            try container.encode(OracleText.hex(bytes), forKey: .hex)
            try container.encode(showsHex, forKey: .showsHex)
            try container.encodeIfPresent(instant, forKey: .instant)
        case .rejected(let category):
            try container.encode(category, forKey: .rejected)
        }
    }

    /// Reads what ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        if let category = try container.decodeIfPresent(String.self, forKey: .rejected) {
            self = .rejected(category: category)
            return
        }
        let hex = try container.decode(String.self, forKey: .hex).split(separator: " ").joined()
        guard let bytes = Text.bytes(fromHex: hex) else {
            throw DecodingError.dataCorruptedError(forKey: .hex, in: container, debugDescription: "not hex")
        }
        self = .value(
            bytes: bytes, description: try container.decode(String.self, forKey: .value),
            showsHex: try container.decode(Bool.self, forKey: .showsHex),
            instant: try container.decodeIfPresent(Double.self, forKey: .instant))
    }
}
