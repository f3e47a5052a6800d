/// A difference between the legacy and the candidate that the migration means to make, declared so
/// that it stops failing the oracle while every other difference still does.
///
/// A declaration names a class (``OracleDifference``) and, optionally, narrows it to inputs of one
/// shape (a shell pattern over ``OracleMismatch/shape``) or of one ``DateInputFamily``. Each
/// difference is taken by the first declaration that matches it; the report counts what each one
/// took, and lists a declaration that took nothing as stale.
///
/// ```swift
/// assertOracle(oracle, over: corpus, intended: [
///     .candidateAcceptsMore.only(shape: "dddd-dd-ddTdd:dd:dd.d*Z"),   // fractions of any length now parse
///     .valuesWithin(ulps: 1),                                          // .203 is no longer 0.2030001
/// ])
/// ```
public struct IntendedChange: Hashable, Sendable, CustomStringConvertible {
    enum Rule: Hashable, Sendable {
        case candidateAccepts, candidateRejects, rejectsDifferently
        case valuesWithinUlps(UInt64)
        case valuesWithinSeconds(Double)
    }

    var rule: Rule
    /// The shell pattern the input's shape must match, if any.
    public private(set) var shape: String?
    /// The family whose pattern the input must match, if any (by name; see ``DateInputFamily``).
    public private(set) var family: DateInputFamily?

    /// The candidate accepts inputs the legacy rejects (a deliberate widening).
    public static let candidateAcceptsMore = IntendedChange(rule: .candidateAccepts)
    /// The candidate rejects inputs the legacy accepts (a deliberate tightening).
    public static let candidateRejectsMore = IntendedChange(rule: .candidateRejects)
    /// Both reject an input, for different reasons (different ``OracleErrorCategory`` categories).
    public static let rejectsDifferently = IntendedChange(rule: .rejectsDifferently)

    /// The candidate rejects inputs of this shape that the legacy accepts.
    ///
    /// - Parameter shape: A shell pattern over the input's shape: `"d MMM"` inputs are
    ///   `"d Aaa*"`, two-digit years `"*, d Aaa dd dd:dd:dd*"`.
    public static func candidateRejects(shape: String) -> IntendedChange {
        candidateRejectsMore.only(shape: shape)
    }

    /// The candidate accepts inputs of this shape that the legacy rejects.
    ///
    /// - Parameter shape: A shell pattern over the input's shape.
    public static func candidateAccepts(shape: String) -> IntendedChange {
        candidateAcceptsMore.only(shape: shape)
    }

    /// Both accept, and the two instants are at most `ulps` units in the last place apart (only
    /// outputs that are instants, such as `Date`, can match).
    ///
    /// - Parameter ulps: The largest distance allowed, in representable `Double`s.
    public static func valuesWithin(ulps: UInt64) -> IntendedChange {
        IntendedChange(rule: .valuesWithinUlps(ulps))
    }

    /// Both accept, and the two instants are at most `seconds` apart (only outputs that are
    /// instants, such as `Date`, can match).
    ///
    /// - Parameter seconds: The largest |Δ| allowed, in seconds.
    public static func valuesWithin(seconds: Double) -> IntendedChange {
        IntendedChange(rule: .valuesWithinSeconds(seconds))
    }

    /// The same declaration, only for inputs whose shape matches a shell pattern.
    ///
    /// - Parameter shape: A pattern such as `"dddd-dd-ddTdd:dd:dd.d*"` (`*` any run, `?` one character).
    public func only(shape: String) -> IntendedChange {
        var copy = self
        copy.shape = shape
        return copy
    }

    /// The same declaration, only for inputs the family's pattern recognises.
    ///
    /// - Parameter family: For example ``DateInputFamily/rfc5322``.
    public func only(family: DateInputFamily) -> IntendedChange {
        var copy = self
        copy.family = family
        return copy
    }

    /// Whether the declaration covers a difference of this class, shape and Δ; `text` is the raw
    /// input the family pattern reads.
    func covers(kind: OracleDifference, shape inputShape: String, delta: OracleDelta?, text: String) -> Bool {
        switch (rule, kind) {
        case (.candidateAccepts, .candidateOnly), (.candidateRejects, .legacyOnly),
            (.rejectsDifferently, .differentRejections):
            break
        case (.valuesWithinUlps(let limit), .differentValues):
            guard let ulps = delta?.ulps, ulps <= limit else { return false }
        case (.valuesWithinSeconds(let limit), .differentValues):
            guard let seconds = delta?.seconds, abs(seconds) <= limit else { return false }
        default:
            return false
        }
        if let shape, !InputShape.matches(inputShape, pattern: shape) { return false }
        if let family, !family.recognises(text) { return false }
        return true
    }

    /// The declaration as Swift: `.candidateAcceptsMore.only(shape: "dddd-*")`.
    public var description: String {
        var text: String
        switch rule {
        case .candidateAccepts: text = ".candidateAcceptsMore"
        case .candidateRejects: text = ".candidateRejectsMore"
        case .rejectsDifferently: text = ".rejectsDifferently"
        case .valuesWithinUlps(let ulps): text = ".valuesWithin(ulps: \(ulps))"
        case .valuesWithinSeconds(let seconds): text = ".valuesWithin(seconds: \(seconds))"
        }
        if let shape { text += ".only(shape: \(shape.debugDescription))" }
        if let family { text += ".only(family: .\(family.name))" }
        return text
    }
}
