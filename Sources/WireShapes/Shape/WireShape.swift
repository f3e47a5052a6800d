import WireDecoder
import WireJSONCore

/// The structural type of a wire format, inferred from one or many JSON documents.
///
/// A shape records, per position in the document, the JSON kinds seen there and, for each kind,
/// what is known about it:
/// - strings: a recognised format shared by every string seen (RFC 3339 date-time with its
///   fractional-digit counts and offset styles, date, UUID, URL, integer-in-string) and, for small
///   closed sets, the enum of values (see ``StringShape``);
/// - objects: each member's shape and whether it is required (present in every object seen there);
/// - arrays: the shape of their elements (all elements of all arrays seen there, merged).
///
/// Shapes merge: inferring from many documents is the same as merging the shapes inferred from
/// each one, except for enums, which need the counts only inference sees.
///
/// ```swift
/// let shape = WireShape.infer(from: [try JSONValue.parse(#"{"id": 1, "added": "2024-05-01T10:00:00.123Z"}"#)])
/// shape.members?["added"]?.shape.string?.format   // .dateTime
/// print(shape.canonicalText)                      // the reviewable golden/shapes/<name>.shape.json body
/// ```
public struct WireShape: Hashable, Sendable {
    /// A JSON kind, with integers (no fraction, no exponent in the source text) told apart from
    /// other numbers.
    public enum Kind: String, Hashable, Sendable, CaseIterable, Comparable {
        case null, bool, integer, number, string, array, object

        /// Declaration order: `null < bool < integer < number < string < array < object`.
        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// An object member: its shape and whether every object seen had it.
    public struct Member: Hashable, Sendable {
        /// The merged shape of the member's values.
        public var shape: WireShape
        /// Whether every object seen at this position had the member (false: sometimes absent).
        public var required: Bool

        /// A member from its shape and whether it is required.
        public init(shape: WireShape, required: Bool) {
            self.shape = shape
            self.required = required
        }
    }

    /// The kinds seen at this position. `number` subsumes `integer`: when both were seen only
    /// `number` is kept.
    public var kinds: Set<Kind>
    /// What is known about the strings seen here (nil unless `kinds` has `.string`).
    public var string: StringShape?
    /// The members of the objects seen here (nil unless `kinds` has `.object`), by name. Names are
    /// `JSONKey`s: two spellings of one text (`"caf\u{E9}"`, `"cafe\u{301}"`) are two members, as
    /// in JSON. A string literal is a key: `shape.members?["id"]`.
    public var members: [JSONKey: Member]?
    private var _element: [WireShape]

    /// The shape of array elements seen here; nil when no array here had any element.
    public var element: WireShape? {
        get { _element.first }
        set { _element = newValue.map { [$0] } ?? [] }
    }

    /// A shape from its parts. `kinds` is normalised (`number` absorbs `integer`).
    public init(
        kinds: Set<Kind>, string: StringShape? = nil, members: [JSONKey: Member]? = nil, element: WireShape? = nil
    ) {
        self.kinds = kinds.contains(.number) ? kinds.subtracting([.integer]) : kinds
        self.string = string
        self.members = members
        self._element = element.map { [$0] } ?? []
    }

    /// A shape whose `kinds` are normalised already (no `integer` beside `number`).
    init(normalizedKinds kinds: Set<Kind>, string: StringShape?, members: [JSONKey: Member]?, element: WireShape?) {
        self.kinds = kinds
        self.string = string
        self.members = members
        self._element = element.map { [$0] } ?? []
    }

    /// The shape of nothing seen: no kinds.
    public static let empty = WireShape(kinds: [])

    /// Whether a `null` was seen here.
    public var isNullable: Bool { kinds.contains(.null) }
}

/// What is known about the strings at one position.
public struct StringShape: Hashable, Sendable {
    /// A format every string seen here matched.
    public enum Format: String, Hashable, Sendable, CaseIterable {
        /// RFC 3339 `date-time`: `2024-05-01T10:00:00.123Z`.
        case dateTime = "date-time"
        /// RFC 3339 `full-date`: `2024-05-01`.
        case date
        /// A UUID in 8-4-4-4-12 hex form.
        case uuid
        /// An absolute URL with an authority: `scheme://…`, no whitespace.
        case url
        /// An integer written as a string: `"-42"`.
        case integerString = "integer-string"
    }

    /// How an RFC 3339 date-time writes its time offset.
    public enum OffsetStyle: String, Hashable, Sendable, CaseIterable, Comparable {
        /// `Z` (or `z`).
        case z = "Z"
        /// `+hh:mm` / `-hh:mm`.
        case numeric = "+hh:mm"

        /// By raw value: `+hh:mm` sorts before `Z`.
        public static func < (lhs: OffsetStyle, rhs: OffsetStyle) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The format every string here matched, if one did.
    public var format: Format?
    /// For date-times: the numbers of fractional-second digits seen (`[0]` none, `[3]` milliseconds).
    public var fractionDigits: Set<Int>
    /// For date-times: the offset styles seen.
    public var offsets: Set<OffsetStyle>
    /// The closed set of values, when the strings here form an enum (see ``WireShape/EnumRule``).
    /// Values are `JSONKey`s, so two spellings of one text are two values, as in JSON.
    public var enumValues: Set<JSONKey>?

    /// A string shape from its parts. Nothing is checked: date-time variants given with another
    /// format are kept, and inference never produces them.
    public init(
        format: Format? = nil, fractionDigits: Set<Int> = [], offsets: Set<OffsetStyle> = [],
        enumValues: Set<JSONKey>? = nil
    ) {
        self.format = format
        self.fractionDigits = fractionDigits
        self.offsets = offsets
        self.enumValues = enumValues
    }

    /// The format and, for a date-time, its variants, as words: `date-time (3 fractional digits, Z)`.
    public var formatDescription: String {
        guard let format else { return "string" }
        guard format == .dateTime else { return format.rawValue }
        let digits = fractionDigits.sorted().map(String.init).joined(separator: " or ")
        let offsets = self.offsets.sorted().map(\.rawValue).joined(separator: " or ")
        return "date-time (\(digits) fractional digit\(fractionDigits == [1] ? "" : "s"), offset \(offsets))"
    }
}

extension WireShape {
    /// The shape at a folded path (members and `[*]`), if the path exists in this shape.
    public subscript(path: JSONPathPattern) -> WireShape? {
        var current: WireShape? = self
        for step in path.steps {
            switch step {
            case .key(let key): current = current?.members?[JSONKey(key)]?.shape
            case .anyElement: current = current?.element
            default: return nil
            }
        }
        return current
    }
}
