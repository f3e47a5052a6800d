/// How the decoder oracle judged one decode: the same value, the same error, or a mismatch.
public enum DecoderVerdict: Hashable, Sendable {
    /// Both decoded, to the same canonical bytes.
    case sameValue
    /// Both threw the same error (case, coding path, missing key).
    case sameError(DecodingErrorSummary.Case)
    /// Both threw, at different members of one dictionary, and `JSONDecoder` throws the candidate's
    /// exact error once the dictionary holds only the candidate's member (see ``DecoderComparison``);
    /// the case is the candidate's.
    case sameErrorInHashOrder(DecodingErrorSummary.Case)
    /// Both decoded, to different values, because two names of one object became one dictionary
    /// key (`"01"` and `"1"` in an `[Int: String]`) and `Dictionary.init(from:)` keeps the member it
    /// visits last, in hash order; `JSONDecoder` decodes the candidate's value once each such
    /// group is cut down to its last member (see ``DecoderComparison/confirmByKeepingLast(_:legacy:candidate:edited:)``).
    case sameValueInHashOrder
    /// They differ; the reason says how.
    case mismatch(reason: String)

    /// Whether the verdict is a mismatch.
    public var isMismatch: Bool {
        if case .mismatch = self { return true }
        return false
    }
}

/// The pure rule that compares a legacy and a candidate decode.
///
/// Values are equal when their canonical bytes are. Errors are equal when their case, coding path
/// (each key's `stringValue` and `intValue`) and missing key are; descriptions may differ.
///
/// **The dictionary rule.** A dictionary's members come out of a `Dictionary`, whose order is a
/// hash order that differs from one dictionary to the next; with two bad members, which one
/// `JSONDecoder` reports is chance. So when both sides throw (any case: one member's key may not
/// convert while another's value is null) and their paths part at a dictionary, the candidate is
/// not trusted on its word: `JSONDecoder` is run again on the input with that dictionary edited,
/// and the verdict is ``DecoderVerdict/sameErrorInHashOrder(_:)`` only if it then throws exactly the
/// candidate's error:
///
/// - both name a member, and `JSONDecoder`'s is a dictionary key (its key type is one of
///   `mapKeyTypes`, see ``DecoderComparison/dictionaryKeyTypes``): the dictionary is cut down to the candidate's member;
/// - `JSONDecoder` names a dictionary member and the candidate's error is at the dictionary itself:
///   `JSONDecoder`'s failing members are taken out one by one (at most ``DecoderComparison/maxRemovals``);
/// - `JSONDecoder`'s error is `dataCorrupted` at the object itself (how it reports a number that no
///   `Int` holds inside a `[String: Int]`) and the candidate names a member: the object is cut down
///   to that member.
///
/// No other difference is forgiven.
///
/// ```swift
/// let verdict = DecoderComparison.compare(legacy: a, candidate: b) { reduction in nil }
/// if verdict.isMismatch { print(verdict) }
/// ```
public enum DecoderComparison {
    /// The key types whose order is a hash order by default: the standard library's
    /// `_DictionaryCodingKey`, and `_CodingKey`, the key Foundation's `JSONDecoder` gives the
    /// members of a `[String: T]` (which it decodes itself; an index's `_CodingKey` has an
    /// `intValue` and never counts).
    public static let dictionaryKeyTypes: Set<String> = ["_DictionaryCodingKey", "_CodingKey"]

    static func isMapKey(_ key: DecodingErrorSummary.Key, _ types: Set<String>) -> Bool {
        guard types.contains(key.typeName) else { return false }
        return key.typeName != "_CodingKey" || key.intValue == nil
    }

    /// The most members the removal check takes out of one dictionary before it gives up.
    public static let maxRemovals = 16

    /// How many times ``confirmByResampling(_:candidate:tries:again:)`` runs `JSONDecoder` again.
    public static let resamples = 64

    /// The rule's second form, for inputs the first cannot edit (a string that is not valid UTF-8,
    /// a lone surrogate or a bad escape, which the tree parser the edits use rejects).
    /// `JSONDecoder` checks a string only when it decodes it and visits a dictionary's members in
    /// a hash order that changes from one decode to the next, so on one input it throws one error
    /// or another. Two different errors are forgiven when `JSONDecoder`, run again on the very same
    /// input (at most `tries` times), throws exactly the candidate's error: the candidate's answer
    /// is then one of `JSONDecoder`'s own. A value against an error, or an error `JSONDecoder` never
    /// throws on that input, stays a mismatch.
    ///
    /// ```swift
    /// let verdict = DecoderComparison.confirmByResampling(first, candidate: b) { legacy(bytes) }
    /// ```
    public static func confirmByResampling(
        _ verdict: DecoderVerdict, candidate: DecodeOutcome, tries: Int = resamples, again: () -> DecodeOutcome
    ) -> DecoderVerdict {
        guard verdict.isMismatch, case .error(let wanted) = candidate else { return verdict }
        for _ in 0..<tries {
            guard case .error(let seen) = again() else { continue }
            if seen.sameError(as: wanted) { return .sameErrorInHashOrder(wanted.errorCase) }
        }
        return verdict
    }

    /// The rule's form for values. `Dictionary.init(from:)` stores each member under its key, so
    /// when two names of one object become one key (`"01"`, `"1"` and `"+1"` are all the `Int` 1)
    /// the value kept is the one visited last: payload order for the candidate, hash order (which
    /// changes from one process to the next) for `JSONDecoder`. Two different values are forgiven
    /// when `JSONDecoder`, on the input with every such group cut down to its last member
    /// (`edited`, see `DecoderReduction.keepingLastOfEachKey`), decodes exactly the candidate's
    /// value: that is the answer `JSONDecoder` gives whenever it happens to visit those members
    /// last. Nil from `edited` (no names collide) leaves the mismatch.
    ///
    /// ```swift
    /// let verdict = DecoderComparison.confirmByKeepingLast(first, legacy: a, candidate: b) { nil }
    /// ```
    public static func confirmByKeepingLast(
        _ verdict: DecoderVerdict, legacy: DecodeOutcome, candidate: DecodeOutcome, edited: () -> DecodeOutcome?
    ) -> DecoderVerdict {
        guard verdict.isMismatch, case .value = legacy, case .value(let wanted) = candidate,
            case .value(let seen) = edited()
        else { return verdict }
        return seen == wanted ? .sameValueInHashOrder : verdict
    }

    /// Compares two outcomes.
    ///
    /// - Parameters:
    ///   - legacy: `JSONDecoder`'s outcome.
    ///   - candidate: `WireJSONDecoder`'s outcome.
    ///   - mapKeyTypes: key types whose members a decoder visits in hash order.
    ///   - reduced: `JSONDecoder`'s outcome on the input with one dictionary edited; nil when no
    ///     such input can be built. Called only under the dictionary rule.
    /// - Returns: the verdict.
    public static func compare(
        legacy: DecodeOutcome, candidate: DecodeOutcome,
        mapKeyTypes: Set<String> = dictionaryKeyTypes,
        reduced: (DictionaryReduction) -> DecodeOutcome?
    ) -> DecoderVerdict {
        switch (legacy, candidate) {
        case (.value(let a), .value(let b)):
            return a == b ? .sameValue : .mismatch(reason: "the values differ")
        case (.value, .error):
            return .mismatch(reason: "JSONDecoder decoded a value, the candidate threw")
        case (.error, .value):
            return .mismatch(reason: "JSONDecoder threw, the candidate decoded a value")
        case (.error(let a), .error(let b)):
            if a.sameError(as: b) { return .sameError(a.errorCase) }
            return dictionaryRule(a, b, mapKeyTypes, reduced) ?? plainMismatch(a, b)
        }
    }

    private static func plainMismatch(_ a: DecodingErrorSummary, _ b: DecodingErrorSummary) -> DecoderVerdict {
        if a.errorCase != b.errorCase {
            return .mismatch(reason: "different error cases: \(a.errorCase.rawValue) vs \(b.errorCase.rawValue)")
        }
        return .mismatch(reason: "same case, different coding path or missing key")
    }

    /// Nil when the rule does not apply; else its verdict.
    private static func dictionaryRule(
        _ a: DecodingErrorSummary, _ b: DecodingErrorSummary, _ mapKeyTypes: Set<String>,
        _ reduced: (DictionaryReduction) -> DecodeOutcome?
    ) -> DecoderVerdict? {
        let common = zip(a.codingPath, b.codingPath).prefix { $0 == $1 }.count
        let prefix = Array(a.codingPath[..<common])
        let legacyNamesMember = a.codingPath.count > common && isMapKey(a.codingPath[common], mapKeyTypes)
        let candidateNamesMember = b.codingPath.count > common
        func confirmed(_ request: DictionaryReduction) -> DecoderVerdict {
            guard let again = reduced(request) else {
                return .mismatch(
                    reason: "paths part at a dictionary, and the input cannot be cut down to the candidate's member")
            }
            if case .error(let check) = again, check.sameError(as: b) { return .sameErrorInHashOrder(b.errorCase) }
            return .mismatch(
                reason: "paths part at a dictionary, and JSONDecoder on the dictionary cut down to the candidate's "
                    + "member gives \(again)")
        }
        if legacyNamesMember && candidateNamesMember {
            // Two members of one dictionary: JSONDecoder on the dictionary cut down to the candidate's.
            return confirmed(DictionaryReduction(prefix: prefix, edit: .keepOnly(b.codingPath[common])))
        }
        if legacyNamesMember {
            // The candidate's error is at the dictionary itself: take JSONDecoder's failing members
            // out, one at a time, until it throws the candidate's error (or fails elsewhere).
            var removed = [a.codingPath[common]]
            while removed.count <= maxRemovals {
                let request = DictionaryReduction(prefix: prefix, edit: .remove(removed))
                guard let again = reduced(request), case .error(let check) = again else { break }
                if check.sameError(as: b) { return .sameErrorInHashOrder(b.errorCase) }
                guard check.codingPath.count > common, Array(check.codingPath[..<common]) == prefix,
                    isMapKey(check.codingPath[common], mapKeyTypes), !removed.contains(check.codingPath[common])
                else { break }
                removed.append(check.codingPath[common])
            }
            return .mismatch(
                reason: "JSONDecoder fails at a dictionary member, the candidate at the dictionary, and taking "
                    + "JSONDecoder's failing members out does not give the candidate's error")
        }
        if a.codingPath.count == common && candidateNamesMember && a.errorCase == .dataCorrupted {
            // JSONDecoder reports some member errors (a number no Int holds, in a [String: Int]) at
            // the dictionary's own path; the candidate named a member.
            return confirmed(DictionaryReduction(prefix: prefix, edit: .keepOnly(b.codingPath[common])))
        }
        return nil
    }
}

/// An edit of one object of a document, for the dictionary rule: the object at `prefix` cut down to
/// the members with one key, or without the members with some keys.
public struct DictionaryReduction: Hashable, Sendable {
    /// What is done to the object's members.
    public enum Edit: Hashable, Sendable {
        /// Keep only the members with this key.
        case keepOnly(DecodingErrorSummary.Key)
        /// Remove the members with these keys.
        case remove([DecodingErrorSummary.Key])
    }

    /// The coding path of the object.
    public var prefix: [DecodingErrorSummary.Key]
    /// The edit.
    public var edit: Edit

    /// Creates an edit.
    public init(prefix: [DecodingErrorSummary.Key], edit: Edit) {
        self.prefix = prefix
        self.edit = edit
    }
}
