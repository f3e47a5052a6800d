import WireFuzz
import WireJSON

/// The model-independent check: every mutant against the strict streaming validator. Syntax
/// mutants must be rejected with the expected kind of error inside the mutated bytes; structural
/// mutants must stay valid JSON.
///
/// ```swift
/// let check = ValidatorCheck()
/// if let problem = check.mismatch(generator.mutant(42)) { print(problem) }
/// ```
package struct ValidatorCheck: Sendable {
    /// The validator under test (its `maxDepth` must be the generator's).
    package let validator: JSONValidator

    /// A check with the given strictness (strict RFC 8259 by default).
    package init(options: JSONParseOptions = .strict) {
        var document = options
        document.framing = .document
        validator = JSONValidator(options: document)
    }

    /// Validates a mutant.
    /// - Returns: nil when the validator says what the mutant's expectation requires, else why not.
    package func mismatch(_ mutant: Mutant) -> String? {
        mutant.expectation.mismatch(with: validator.validate(mutant.bytes).errors.first)
    }
}
