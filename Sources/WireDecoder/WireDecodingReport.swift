// What a decode left behind: the verification report of WireJSONDecoder.decodeWithReport.
import WireJSONCore

/// What a model did not take from a payload, found while decoding it.
///
/// Every entry names its JSON path and its place in the payload. A report with no entries
/// (``isLossless``) means every member was read, no name was repeated, every number arrived
/// exactly and no error was swallowed.
///
/// ```swift
/// let (_, report) = try WireJSONDecoder().decodeWithReport(Movie.self, from: data)
/// #expect(report.isLossless, "\(report)")
/// ```
public struct WireDecodingReport: Hashable, Sendable, CustomStringConvertible {
    /// A member present in the payload that the model never read.
    public struct DroppedMember: Hashable, Sendable, CustomStringConvertible {
        /// The member's path, e.g. `$.records[0].tmdbId`.
        public var path: JSONPath
        /// The type whose `init(from:)` had the member's object and did not read it, e.g. `Movie`.
        public var droppedBy: String
        /// Where the member's name starts.
        public var location: JSONSourceLocation

        /// Creates an entry.
        public init(path: JSONPath, droppedBy: String, location: JSONSourceLocation) {
            self.path = path
            self.droppedBy = droppedBy
            self.location = location
        }

        /// `3:5: $.records[0].tmdbId dropped by Movie`.
        public var description: String { "\(location.line):\(location.column): \(path) dropped by \(droppedBy)" }
    }

    /// An object that names a member twice.
    public struct DuplicateKey: Hashable, Sendable, CustomStringConvertible {
        /// The repeated member's path.
        public var path: JSONPath
        /// Where the repeated name appears again.
        public var location: JSONSourceLocation
        /// Where the copy the decoder used starts.
        public var keptLocation: JSONSourceLocation

        /// Creates an entry.
        public init(path: JSONPath, location: JSONSourceLocation, keptLocation: JSONSourceLocation) {
            self.path = path
            self.location = location
            self.keptLocation = keptLocation
        }

        /// `9:5: $.id repeated; the copy at 2:5 was used`.
        public var description: String {
            "\(location.line):\(location.column): \(path) repeated; the copy at "
                + "\(keptLocation.line):\(keptLocation.column) was used"
        }
    }

    /// A number whose decoded value is not the number the payload wrote.
    public struct PrecisionLoss: Hashable, Sendable, CustomStringConvertible {
        /// Why the value differs. (A number too large for its type, such as `1e400` for `Double`,
        /// or one that rounds to zero, such as `1e-400`, is no loss but an error: JSONDecoder
        /// refuses it, and so does this decoder.)
        public enum Reason: String, Hashable, Sendable {
            /// More significant digits than the type holds (`9007199254740993` into `Double`,
            /// `1.0000000000000001` into `Int`, 39 digits into `Decimal`).
            case rounded
            /// A subnormal that kept fewer digits than the payload wrote
            /// (`1.2345678901234567e-310` into `Double`).
            case underflow
            /// Read exactly as `Double` would read it, then narrowed to `Float` with a different
            /// value (`0.1` becomes `0.10000000149011612`).
            case narrowed
        }
        /// The number's path.
        public var path: JSONPath
        /// The number as the payload wrote it.
        public var text: String
        /// The type it was decoded into, e.g. `Double`.
        public var type: String
        /// The value the model received, as the type prints it (a `Float` widened to `Double`, so
        /// the change shows).
        public var decoded: String
        /// Why the value differs.
        public var reason: Reason
        /// Where the number starts.
        public var location: JSONSourceLocation

        /// Creates an entry.
        public init(
            path: JSONPath, text: String, type: String, decoded: String, reason: Reason,
            location: JSONSourceLocation
        ) {
            self.path = path
            self.text = text
            self.type = type
            self.decoded = decoded
            self.reason = reason
            self.location = location
        }

        /// `4:12: $.budget 9007199254740993 became 9007199254740992.0 as Double (rounded)`.
        public var description: String {
            "\(location.line):\(location.column): \(path) \(text) became \(decoded) as \(type) (\(reason.rawValue))"
        }
    }

    /// An error the decoder threw that the model caught (`try?`, `?? default`) and went on: the
    /// value was there but the model treated it as absent or replaced it.
    public struct SwallowedError: Hashable, Sendable, CustomStringConvertible {
        /// The path of the value that failed.
        public var path: JSONPath
        /// The type the model asked for, e.g. `Int`.
        public var expected: String
        /// What the payload has there, e.g. `a string "soon"`.
        public var found: String
        /// Where the value starts.
        public var location: JSONSourceLocation

        /// Creates an entry.
        public init(path: JSONPath, expected: String, found: String, location: JSONSourceLocation) {
            self.path = path
            self.expected = expected
            self.found = found
            self.location = location
        }

        /// `5:18: $.retryAfter: expected Int, found a string "soon"; the error was swallowed`.
        public var description: String {
            "\(location.line):\(location.column): \(path): expected \(expected), found \(found); the error was swallowed"
        }
    }

    /// The kind of a JSON value, as the wire has it.
    public enum Kind: String, Hashable, Sendable, CaseIterable, Comparable {
        case array, bool, null, number, object, string

        /// Alphabetical, as a reader contract file lists them.
        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Values the model asked for while it decoded, grouped: where (the folded path and the first
    /// concrete one), as which Swift type, how, what the wire had there, what came of it, and how
    /// many reads the group holds. The reads of a decode are the facts a reader contract folds;
    /// a page of 100 records that reads `id` from each is one group with a count of 100.
    public struct Read: Hashable, Sendable, CustomStringConvertible {
        /// How the model asked.
        public enum Method: String, Hashable, Sendable, CaseIterable, Comparable {
            /// `decode(_:forKey:)`, an unkeyed `decode(_:)`, or the root value.
            case decode
            /// `decodeIfPresent(_:forKey:)` or its unkeyed form.
            case decodeIfPresent
            /// `decodeNil(forKey:)` or its unkeyed form, on a `null` or an absent member.
            case decodeNil
            /// `contains(_:)`.
            case contains
            /// `nestedContainer(keyedBy:forKey:)`, `nestedUnkeyedContainer(forKey:)` and their unkeyed forms.
            case nestedContainer
            /// `superDecoder()`, `superDecoder(forKey:)`.
            case superDecoder
            /// A `singleValueContainer()`'s `decode(_:)` or `decodeNil()` (an enum's raw value,
            /// a wrapper type, `Optional`).
            case singleValue

            /// In the order of the cases.
            public static func < (lhs: Method, rhs: Method) -> Bool {
                allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
            }
        }

        /// What came of the read.
        public enum Outcome: String, Hashable, Sendable {
            /// A value (for `contains`, `decodeNil`: `true`).
            case value
            /// Nil: `decodeIfPresent` of an absent or `null` member (for `contains`, `decodeNil`: `false`).
            case nothing = "nil"
            /// An error, which the model swallowed (the decode went on and succeeded).
            case threw
        }

        /// The first read's concrete path; for an absent member, its object's path and its name.
        public var path: JSONPath
        /// The folded path every read of the group is at (`$.records[*].id`; members of a
        /// dictionary as `.*`).
        public var pattern: JSONPathPattern
        /// The Swift type asked for, e.g. `String`, `URL`, `Owner`, `Array<Label>`.
        public var type: String
        /// How it was asked for.
        public var method: Method
        /// The kind of value the wire had there; nil when the member (or element) was absent.
        public var wire: WireDecodingReport.Kind?
        /// What came of it.
        public var outcome: Outcome
        /// For a `Date`: the decoder's strategy and the form of the value
        /// (`iso8601:rfc3339-fraction`, `custom:rfc3339`, `secondsSince1970:integer`); for a
        /// number: `integer`, `fraction` or `exponent`. Nil otherwise.
        public var form: String?
        /// Where the first read's value starts (for an absent member, its object).
        public var location: JSONSourceLocation
        /// How many reads the group holds.
        public var count: Int
        /// For a `CaseIterable` enum with `String` or integer raw values that rejects any other
        /// value: the raw values it accepts (see ``ReaderContract/Entry/values``); nil otherwise.
        package var values: [JSONValue]?

        /// Creates a read.
        /// - Parameters:
        ///   - path: where the first read of the group was.
        ///   - pattern: the folded path; by default `path` folded (indices as `[*]`).
        ///   - type: the Swift type asked for (`URL`, `Array<Owner>`).
        ///   - method: how it was asked for.
        ///   - wire: what the wire had there; nil when absent.
        ///   - outcome: what came of it.
        ///   - form: the date or number form parsed, when there is one.
        ///   - location: where the first read's value starts.
        ///   - count: how many reads the group holds.
        public init(
            path: JSONPath, pattern: JSONPathPattern? = nil, type: String, method: Method,
            wire: WireDecodingReport.Kind?,
            outcome: Outcome, form: String? = nil,
            location: JSONSourceLocation = JSONSourceLocation(offset: 0, line: 1, column: 1), count: Int = 1
        ) {
            self.path = path
            self.pattern = pattern ?? JSONPathPattern(folding: path)
            self.count = count
            self.type = type
            self.method = method
            self.wire = wire
            self.outcome = outcome
            self.form = form
            self.location = location
        }

        /// `3:12: $.records[*].id Int decode: number → value (integer) ×100`.
        public var description: String {
            "\(location.line):\(location.column): \(pattern) \(type) \(method.rawValue): "
                + "\(wire?.rawValue ?? "absent") → \(outcome.rawValue)" + (form.map { " (\($0))" } ?? "")
                + (count == 1 ? "" : " ×\(count)")
        }
    }

    /// Members the model never read, in payload order.
    public var droppedMembers: [DroppedMember]
    /// Repeated member names, in payload order.
    public var duplicateKeys: [DuplicateKey]
    /// Numbers that did not arrive exactly, in decoding order.
    public var precisionLosses: [PrecisionLoss]
    /// Errors the model caught and went on from, in decoding order.
    public var swallowedErrors: [SwallowedError]
    /// Every value the model asked for, grouped by folded path and what was asked and found, in the
    /// order of each group's first read (the facts a reader contract folds).
    /// Not entries of the report: ``isLossless`` and ``description`` do not look at them.
    public var reads: [Read]
    /// The folded paths of the objects the model decoded as dictionaries (`[String: T]`), whose
    /// members a ``JSONPathPattern`` folds to `.*`.
    public var dictionaries: Set<JSONPathPattern>

    /// Creates a report.
    public init(
        droppedMembers: [DroppedMember] = [], duplicateKeys: [DuplicateKey] = [],
        precisionLosses: [PrecisionLoss] = [], swallowedErrors: [SwallowedError] = [], reads: [Read] = [],
        dictionaries: Set<JSONPathPattern> = []
    ) {
        self.droppedMembers = droppedMembers
        self.duplicateKeys = duplicateKeys
        self.precisionLosses = precisionLosses
        self.swallowedErrors = swallowedErrors
        self.reads = reads
        self.dictionaries = dictionaries
    }

    /// True when the report has no entry.
    public var isLossless: Bool {
        droppedMembers.isEmpty && duplicateKeys.isEmpty && precisionLosses.isEmpty && swallowedErrors.isEmpty
    }

    /// One line per entry, grouped by kind; `lossless` when there is none.
    public var description: String {
        if isLossless { return "lossless" }
        var lines: [String] = []
        lines += droppedMembers.map { "dropped: \($0)" }
        lines += duplicateKeys.map { "duplicate: \($0)" }
        lines += precisionLosses.map { "precision: \($0)" }
        lines += swallowedErrors.map { "swallowed: \($0)" }
        return lines.joined(separator: "\n")
    }
}
