/// What yajl's parser accepts next, from the callback state: the last event, the open containers and
/// the one `,` or `:` the grammar accepted after the last event (if any).
enum GrammarExpectation: Equatable {
    /// A value: the start of the document, after `:`, after `,` in an array.
    case value
    /// A value or `]` (just after `[`).
    case valueOrEnd
    /// A member name or `}` (just after `{`).
    case memberOrEnd
    /// A member name (after `,` in an object).
    case member
    /// `:` after a member name.
    case colon
    /// `,` or `]` after an array element.
    case commaOrEndOfArray
    /// `,` or `}` after an object member.
    case commaOrEndOfObject
    /// Nothing: the document is complete.
    case nothing

    init(after s: CallbackState, punctuation: UInt8?) {
        let inObject = s.frames.last?.isObject
        switch s.lastEvent {
        case .none: self = s.frames.isEmpty ? .value : .valueOrEnd
        case .arrayStart: self = .valueOrEnd
        case .objectStart: self = .memberOrEnd
        case .key: self = punctuation == nil ? .colon : .value
        case .value:
            switch inObject {
            case nil: self = .nothing
            case true?: self = punctuation == nil ? .commaOrEndOfObject : .member
            case false?: self = punctuation == nil ? .commaOrEndOfArray : .value
            }
        }
    }

    /// Whether `b` is punctuation the grammar accepts right after the last event (`,` after a
    /// value inside a container, `:` after a member name).
    static func acceptsPunctuation(_ b: UInt8, after s: CallbackState) -> Bool {
        switch s.lastEvent {
        case .value: return b == UInt8(ascii: ",") && !s.frames.isEmpty
        case .key: return b == UInt8(ascii: ":")
        default: return false
        }
    }

    /// A byte that starts a value (string, number, literal, array or object).
    static func startsValue(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "["), UInt8(ascii: "{"):
            return true
        default:
            return false
        }
    }
}
