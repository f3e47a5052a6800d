import WireJSONCore

/// What the strict validator must say about a mutant: that it is valid JSON, or that it is invalid
/// with a given kind of error located inside a given byte range (the mutated bytes).
public enum ValidatorExpectation: Hashable, Sendable, CustomStringConvertible {
    /// A structural mutant: still well-formed JSON.
    case valid
    /// A syntax mutant: rejected with one of `kinds` at a byte offset in `offsets`.
    case invalid(kinds: Set<JSONSyntaxError.Kind>, offsets: ClosedRange<Int>)

    /// Whether the mutant is well-formed JSON.
    public var isValid: Bool {
        if case .valid = self { return true }
        return false
    }

    /// `valid`, or `invalid-utf8 at byte 87` / `unexpected-end-of-input at bytes 80...87`.
    public var description: String {
        switch self {
        case .valid:
            return "valid"
        case .invalid(let kinds, let offsets):
            let names = kinds.map(\.name).sorted().joined(separator: "|")
            let at =
                offsets.lowerBound == offsets.upperBound
                ? "byte \(offsets.lowerBound)" : "bytes \(offsets.lowerBound)...\(offsets.upperBound)"
            return "\(names) at \(at)"
        }
    }

    /// Compares what the validator said (its first error, nil when it accepted the mutant) with the
    /// expectation.
    /// - Returns: nil when the verdict is what was expected, else why not, in words.
    ///
    /// ```swift
    /// let why = mutant.expectation.mismatch(with: JSONValidator().validate(mutant.bytes).errors.first)
    /// ```
    public func mismatch(with firstError: JSONSyntaxError?) -> String? {
        switch self {
        case .valid:
            guard let error = firstError else { return nil }
            return "expected valid JSON, got \(error.kind.name) at byte \(error.location.offset) (\(error.reason))"
        case .invalid(let kinds, let offsets):
            guard let error = firstError else {
                return "expected \(description), but the validator accepted it"
            }
            if kinds.contains(error.kind) && offsets.contains(error.location.offset) { return nil }
            return "expected \(description), got \(error.kind.name) at byte \(error.location.offset) (\(error.reason))"
        }
    }
}
