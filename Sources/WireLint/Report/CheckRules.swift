extension RuleDescription {
    /// The rules `wirelock check` reports besides lint's: the validator, canonical form, the lock
    /// file and the fuzz smoke campaign (for SARIF's `rules[]`).
    package static let checkRules: [RuleDescription] = [
        RuleDescription(
            id: "format.invalid-json", shortDescription: "Invalid JSON",
            fullDescription:
                "The file is not strict RFC 8259 JSON (as `wirelock validate` reads it): a decoder may reject it or read it differently from another one.",
            help: "Fix the JSON at the reported place; `wirelock validate FILE` shows the line with a caret."),
        RuleDescription(
            id: "format.non-canonical", shortDescription: "Not in canonical form",
            fullDescription:
                "The file is valid JSON but not in WireLock's canonical form (sorted keys, two-space indent, minimal escapes), so its diffs are noisy to review.",
            help: "Run `wirelock fmt FILE` and commit the result."),
        RuleDescription(
            id: "lock.missing-lock", shortDescription: "No lock file",
            fullDescription: "The golden directory has no wirelock.lock, so a change of a wire format goes unnoticed.",
            help: "Run `wirelock lock` and commit the lock file and the shape files."),
        RuleDescription(
            id: "lock.not-locked", shortDescription: "Format not locked",
            fullDescription: "A wire format has goldens but no line in the lock file.",
            help: "Run `wirelock lock`, review the new line and commit it."),
        RuleDescription(
            id: "lock.no-goldens", shortDescription: "Lock line without goldens",
            fullDescription: "The lock file names a wire format that has no goldens any more.",
            help: "Run `wirelock lock` to drop the line, or restore the goldens."),
        RuleDescription(
            id: "lock.shape-changed", shortDescription: "Wire format shape changed",
            fullDescription:
                "The shape inferred from a format's goldens differs from the locked one: the wire format changed.",
            help: "Review the change (`wirelock diff`), then run `wirelock lock` and commit it."),
        RuleDescription(
            id: "lock.golden-changed", shortDescription: "Goldens changed",
            fullDescription: "A format's goldens changed while its shape did not.",
            help: "Review the goldens, then run `wirelock lock` and commit it."),
        RuleDescription(
            id: "lock.shape-file-outdated", shortDescription: "Shape file out of date",
            fullDescription:
                "A format's shape file under golden/shapes/ is missing or differs from its inferred shape.",
            help: "Run `wirelock lock` and commit the shape file."),
        RuleDescription(
            id: "lock.malformed", shortDescription: "Malformed lock file",
            fullDescription: "The lock file cannot be read as `<format> shape=… golden=…` lines.",
            help: "Run `wirelock lock` to rewrite it."),
        RuleDescription(
            id: "lock.no-canonical-form", shortDescription: "Golden without RFC 8785 form",
            fullDescription: "A golden holds a number beyond the double range, so it has no fingerprint.",
            help: "Keep numbers of goldens within the double range."),
        RuleDescription(
            id: "lock.decoded-not-locked", shortDescription: "Decoded golden not locked",
            fullDescription:
                "A decoded golden (golden/<name>.decoded.json, what a model decoded) has no line in the lock file.",
            help: "Run `wirelock lock`, review the new line and commit it."),
        RuleDescription(
            id: "lock.decoded-no-file", shortDescription: "Lock line without decoded golden",
            fullDescription: "The lock file names a decoded golden that does not exist any more.",
            help: "Run `wirelock lock` to drop the line, or restore the decoded golden."),
        RuleDescription(
            id: "lock.decoded-changed", shortDescription: "Decoded golden changed",
            fullDescription: "A decoded golden differs from the locked one: the model decodes other values.",
            help: "Review the change, then run `wirelock lock` and commit it."),
        RuleDescription(
            id: "model.fixture", shortDescription: "Fixture not decoded as expected",
            fullDescription:
                "The model runner's model rejects a fixture it must decode, accepts a broken one, or does not round-trip it.",
            help: "Run the runner's `roundtrip MODEL FILE` to see the differences."),
        RuleDescription(
            id: "model.decoded-golden", shortDescription: "Decoded value changed",
            fullDescription:
                "A model that is only Decodable decodes a fixture to another value than its decoded golden holds (a date by as little as one ulp).",
            help: "Review the change; assertDecodedGolden leaves the new dump for `wirelock accept`."),
        RuleDescription(
            id: "model.reader-contract", shortDescription: "Model reads differently",
            fullDescription:
                "A model reads its fixtures differently from its reader contract, golden/<model>.reads.json.",
            help: "Review the change; assertReaderContract leaves the new contract for `wirelock accept`."),
        RuleDescription(
            id: "fuzz.misclassified", shortDescription: "Mutant misclassified",
            fullDescription:
                "A mutant of a fixture was rejected with the wrong kind of error or at the wrong place, or rejected where it had to be accepted.",
            help: "Rerun the campaign with `wirelock fuzz` (same seed and count) to see and save the mutant."),
        RuleDescription(
            id: "fuzz.silently-accepted", shortDescription: "Mutant silently accepted",
            fullDescription: "A mutant of a fixture that must be rejected was accepted.",
            help: "Rerun the campaign with `wirelock fuzz` (same seed and count) to see and save the mutant."),
        RuleDescription(
            id: "fuzz.crash", shortDescription: "Mutant crashed the reader",
            fullDescription: "A mutant of a fixture made the reader crash.",
            help: "Rerun the campaign with `wirelock fuzz` (same seed and count) to see and save the mutant."),
        RuleDescription(
            id: "fuzz.hang", shortDescription: "Mutant hung the reader",
            fullDescription: "A mutant of a fixture made the reader run past its time limit.",
            help: "Rerun the campaign with `wirelock fuzz` (same seed and count) to see and save the mutant."),
    ]
}
