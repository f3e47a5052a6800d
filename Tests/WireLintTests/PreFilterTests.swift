import Testing
import WireLint

/// Values that carry only the one byte a detector is gated on (the scanner skips a detector when
/// a value lacks the bytes its pattern needs): each must still be found, under a neutral key.
@Suite("Value pre-filter")
struct PreFilterTests {
    static let cases: [(value: String, rule: String)] = [
        ("LOCALHOST", "internal.host"),
        ("[localhost]", "internal.host"),
        ("[localhost]abc", "internal.host"),
        ("localhost.", "internal.host"),
        ("fe80::1", "internal.ip"),
        ("see http://10.1.2.3/x", "internal.ip"),
        ("Bearer abcdefgh12345678ij", "secret.bearer"),
        ("x BASIC dXNlcjpodW50ZXIy", "secret.basic"),
        ("call +4915112345678", "personal.phone"),
        ("reach me at alice@corp.io", "personal.email"),
        ("AKIAQWERTYUIOPASDFGH", "secret.aws-access-key"),
        ("xoxb-1234567890-abcdefghij", "secret.slack-token"),
        ("sk_live_abcdefghijklmnop1234", "secret.stripe-key"),
    ]

    @Test("a value with only its detector's gate byte is still found", arguments: cases)
    func found(_ sample: (value: String, rule: String)) {
        let document = "{\n  \"note\": \"\(sample.value)\"\n}\n"
        let rules = Lint.findings(in: Array(document.utf8), file: "note-default.json").map(\.ruleID)
        #expect(rules == [sample.rule])
    }

    @Test("a plain word and a plain number have no findings", arguments: ["canyon night", "12", "delta"])
    func clean(_ value: String) {
        let document = "{\n  \"note\": \"\(value)\"\n}\n"
        #expect(Lint.findings(in: Array(document.utf8), file: "note-default.json").isEmpty)
    }
}
