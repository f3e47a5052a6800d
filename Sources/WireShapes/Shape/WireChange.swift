import WireDecoder
import WireJSONCore

/// Which readers a change is judged for.
///
/// - ``backward``: the *new* reader, an *old* payload (what the server sent yesterday, a sync
///   record an old app version wrote).
/// - ``forward``: the *old* reader, a *new* payload (an old app version reads what the new one writes).
public struct CompatibilityDirection: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The bit set: 1 for ``backward``, 2 for ``forward``.
    public let rawValue: Int
    /// A set from its bits; bits other than 1 and 2 have no meaning and print as `none`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// New reader, old payload.
    public static let backward = CompatibilityDirection(rawValue: 1)
    /// Old reader, new payload.
    public static let forward = CompatibilityDirection(rawValue: 2)
    /// Both.
    public static let both: CompatibilityDirection = [.backward, .forward]

    public var description: String {
        switch self {
        case .backward: "backward"
        case .forward: "forward"
        case .both: "both"
        default: "none"
        }
    }
}

/// A kind of wire change, by its stable name (the names `--allow` takes and JSON output shows).
public struct WireRule: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The rule's stable kebab-case name (`member-removed`).
    public let rawValue: String
    /// A rule from its name. Any string is accepted; to check a name a user typed (`--allow`),
    /// look it up in ``all``.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A required member is gone: old readers that need it fail (forward).
    public static let memberRemoved = WireRule(rawValue: "member-removed")
    /// An optional member is gone: old readers already cope with its absence.
    public static let optionalMemberRemoved = WireRule(rawValue: "optional-member-removed")
    /// A member disappeared and one with the same shape appeared beside it: breaking both ways.
    public static let memberRenamed = WireRule(rawValue: "member-renamed")
    /// A new member present in every sample: new readers need it, old payloads lack it (backward).
    public static let requiredMemberAdded = WireRule(rawValue: "required-member-added")
    /// A new member absent from some samples: no reader breaks.
    public static let optionalMemberAdded = WireRule(rawValue: "optional-member-added")
    /// A member that was sometimes absent is now always present: new readers may require it (backward).
    public static let memberMadeRequired = WireRule(rawValue: "member-made-required")
    /// A member that was always present is now sometimes absent: old readers may require it (forward).
    public static let memberMadeOptional = WireRule(rawValue: "member-made-optional")
    /// The JSON kind changed (int→number, string→number, object→array, scalar→array …).
    public static let typeChanged = WireRule(rawValue: "type-changed")
    /// `null` was seen before and not now: new readers may not accept it (backward).
    public static let nullabilityRemoved = WireRule(rawValue: "nullability-removed")
    /// `null` appears where it never did: old readers may not accept it (forward).
    public static let nullabilityAdded = WireRule(rawValue: "nullability-added")
    /// An RFC 3339 date's layout changed: fractional digits, offset style, date vs date-time.
    public static let dateFormatChanged = WireRule(rawValue: "date-format-changed")
    /// Another recognised string format (UUID, URL, integer-in-string) appeared or disappeared.
    public static let stringFormatChanged = WireRule(rawValue: "string-format-changed")
    /// An enum lost a value: new strict readers reject old payloads with it (backward).
    public static let enumValueRemoved = WireRule(rawValue: "enum-value-removed")
    /// An enum gained a value: old strict readers reject new payloads with it (forward).
    public static let enumValueAdded = WireRule(rawValue: "enum-value-added")
    /// The goldens changed but their shape did not.
    public static let valueOnly = WireRule(rawValue: "value-only")
    /// A whole format (golden) appeared.
    public static let formatAdded = WireRule(rawValue: "format-added")
    /// A whole format (golden) disappeared.
    public static let formatRemoved = WireRule(rawValue: "format-removed")
    /// A reader rejected a payload for a reason no other rule names (assertions only).
    public static let valueRejected = WireRule(rawValue: "value-rejected")

    /// Every rule, in documentation order.
    public static let all: [WireRule] = [
        .memberRemoved, .optionalMemberRemoved, .memberRenamed, .requiredMemberAdded, .optionalMemberAdded,
        .memberMadeRequired, .memberMadeOptional, .typeChanged, .nullabilityRemoved, .nullabilityAdded,
        .dateFormatChanged, .stringFormatChanged, .enumValueRemoved, .enumValueAdded, .valueOnly,
        .formatAdded, .formatRemoved, .valueRejected,
    ]

    public var description: String { rawValue }
    /// Alphabetical by name (``all`` keeps the documentation order).
    public static func < (lhs: WireRule, rhs: WireRule) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One classified change between two shapes of a wire format.
public struct WireChange: Hashable, Sendable, CustomStringConvertible {
    /// Where in the format.
    public var path: JSONPathPattern
    /// What kind of change.
    public var rule: WireRule
    /// The directions in which it breaks readers (empty: non-breaking).
    public var breaks: CompatibilityDirection
    /// A sentence: what was there before and what is there now.
    public var detail: String

    /// A change from its parts; `WireShapeDiff` (WireShapeTools) and the command line's format comparison build
    /// these, and the directions are taken as given (not derived from `rule`).
    public init(path: JSONPathPattern, rule: WireRule, breaks: CompatibilityDirection, detail: String) {
        self.path = path
        self.rule = rule
        self.breaks = breaks
        self.detail = detail
    }

    /// Whether it breaks readers in any direction.
    public var isBreaking: Bool { !breaks.isEmpty }

    /// Whether it breaks readers in any of `directions`.
    public func isBreaking(in directions: CompatibilityDirection) -> Bool { !breaks.intersection(directions).isEmpty }

    /// `breaking (backward, forward)` or `non-breaking`.
    public var severity: String {
        guard isBreaking else { return "non-breaking" }
        var parts: [String] = []
        if breaks.contains(.backward) { parts.append("backward") }
        if breaks.contains(.forward) { parts.append("forward") }
        return "breaking (\(parts.joined(separator: ", ")))"
    }

    public var description: String { "\(severity) \(rule) at \(path): \(detail)" }
}
