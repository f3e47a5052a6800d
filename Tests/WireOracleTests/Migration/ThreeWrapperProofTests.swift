import Testing
import WireOracleTesting

// The worked example of WireOracle's "Oracle tests" article, word for word (`make newcomer` builds
// and runs the article's copy in a new package, with LegacyDateWrappers.swift and NewDateWrappers.swift).
@Test func dateWrappersKeepTheirMeaning() {
    let iso = DateInputFamily.iso8601.corpus(seed: 1, count: 2_000)
    let rfc = DateInputFamily.rfc5322.corpus(seed: 1, count: 2_000)
    let plain = Oracle.decoding(LegacyISO8601Coding.self, \.wrappedValue, versus: ISO8601Coding.self, \.wrappedValue)
    let fractional = Oracle.decoding(
        LegacyISO8601WithFractionalSecondsCoding.self, \.wrappedValue,
        versus: ISO8601WithFractionalSecondsCoding.self, \.wrappedValue)
    let rfc5322 = Oracle.decoding(
        LegacyRFC5322DateTimeCoding.self, \.wrappedValue, versus: RFC5322DateTimeCoding.self, \.wrappedValue)
    withKnownIssue("the rewrite changes more than it declares: the report says what") {
        assertOracle(plain, over: iso, intended: [.candidateAccepts(shape: "*dd:dd:dd.d*")])
        assertOracle(fractional, over: iso, intended: [.valuesWithin(ulps: 1)])
        assertOracle(rfc5322, over: rfc)
    }
}
