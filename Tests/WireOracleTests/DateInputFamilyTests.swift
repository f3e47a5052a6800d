import Foundation
import Testing
import WireLockTestSupport
import WireOracle

/// The formatters of a family's formats, as fixed-format apps set them up (en_US_POSIX, UTC).
private func formatters(_ formats: [String], locale: String = "en_US_POSIX") -> [DateFormatter] {
    formats.map { format in
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = format
        return formatter
    }
}

/// Each family's valid inputs parse with the matching Foundation formatter and its near misses are
/// rejected by it (2,000 of each per family in CI, 200 locally).
@Suite("Date input families against Foundation's formatters", .tags(.heavy))
struct DateInputFamilyTests {
    static let count = TestScale.current.count(2_000)

    /// A family's valid inputs parse with one of its formats' formatters; its near misses with none.
    func check(_ family: DateInputFamily, locale: String = "en_US_POSIX") {
        let reference = formatters(family.formats, locale: locale)
        #expect(!reference.isEmpty)
        for input in family.corpus(seed: 1, count: Self.count, only: .valid) {
            #expect(reference.contains { $0.date(from: input) != nil }, "valid \(input.debugDescription)")
            #expect(family.recognises(input), "\(family) does not recognise its valid \(input.debugDescription)")
        }
        for input in family.corpus(seed: 1, count: Self.count, only: .nearMiss) {
            let parsed = reference.first { $0.date(from: input) != nil }
            #expect(parsed == nil, "near miss \(input.debugDescription) parses with \(parsed?.dateFormat ?? "")")
        }
    }

    @Test func iso8601() { check(.iso8601) }

    @Test func rfc5322() { check(.rfc5322) }

    @Test(arguments: [
        "yyyy-MM-dd'T'HH:mm:ssZZZZZ", "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ", "EEE, d MMM yyy HH:mm:ss z",
        "d MMM yyy HH:mm:ss z", "yyyy-MM-dd'T'HH:mm:ssZ", "yyyy-MM-dd", "MM/dd/yyyy hh:mm a", "EEEE, MMMM d, yyyy",
        "yyyyMMdd'T'HHmmssXXX", "dd.MM.yy HH:mm", "yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXXXX", "yyyy-MM-dd HH:mm:ss ZZZZ",
        "EEE MMM dd HH:mm:ss O yyyy", "yyyy-MM-dd'T'HH:mm:ssx", "h:mm a, d MMM yyyy",
    ])
    func patternGenerator(format: String) { check(.pattern(format)) }

    @Test func patternGeneratorInAnotherLocale() {
        check(.pattern("d. MMMM yyyy HH:mm", locale: Locale(identifier: "de_DE")), locale: "de_DE")
        #expect(
            Array(
                DateInputFamily.pattern("d. MMMM yyyy", locale: Locale(identifier: "de_DE")).corpus(seed: 3, count: 200)
            )
            .contains { $0.contains("Januar") || $0.contains("März") || $0.contains("Dezember") })
    }

    @Test(arguments: [(DateInputFamily.epochSeconds, 1.0), (DateInputFamily.epochMilliseconds, 1000.0)])
    func epochNumbers(family: DateInputFamily, scale: Double) throws {
        struct Box: Decodable { var value: Date }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = scale == 1 ? .secondsSince1970 : .millisecondsSince1970
        for input in family.corpus(seed: 1, count: Self.count, only: .valid) {
            let date = try decoder.decode(Box.self, from: Data(#"{"value":\#(input)}"#.utf8)).value
            #expect(date == Date(timeIntervalSince1970: Double(input)! / scale), "\(input)")
            #expect(family.recognises(input) || Double(input)!.magnitude < 1e8 * scale, "\(input)")
        }
        for input in family.corpus(seed: 1, count: Self.count, only: .nearMiss) {
            #expect(
                (try? decoder.decode(Box.self, from: Data(#"{"value":\#(input)}"#.utf8))) == nil,
                "near miss \(input.debugDescription)")
        }
    }

    @Test func aFamilyNamesItselfInSwiftAReportCanPasteBack() {
        #expect(
            DateInputFamily.pattern("yyyy-MM-dd'T'HH:mm:ssZZZZZ").description
                == #"DateInputFamily.pattern("yyyy-MM-dd'T'HH:mm:ssZZZZZ")"#)
        #expect(
            DateInputFamily.mixing([.rfc5322, .pattern(#"d "MMM""#)]).corpus(seed: 3, count: 1).name
                == #"DateInputFamily.mixing([.rfc5322, .pattern("d \"MMM\"")])"#)
    }

    @Test func everyInputIsAPureFunctionOfSeedAndIndex() {
        for family in [DateInputFamily.iso8601, .rfc5322, .epochSeconds, .pattern("EEE, d MMM yyy HH:mm:ss z")] {
            let corpus = Array(family.corpus(seed: 7, count: 300))
            #expect(corpus == Array(family.corpus(seed: 7, count: 300)))
            #expect(family.input(seed: 7, index: 123) == corpus[123])
            #expect(Array(family.corpus(seed: 8, count: 300)) != corpus)
        }
    }

    @Test func variantsReachTheCornersThatPartImplementations() {
        let rfc = Array(DateInputFamily.rfc5322.corpus(seed: 1, count: 20_000, only: .variant))
        for needle in [" UT", " EST", " PDT", "GMT+", "(", "  ", ":60", "Feb 30", " 0000 ", "January", "wed"] {
            #expect(rfc.contains { $0.contains(needle) }, "no RFC 5322 variant contains \(needle.debugDescription)")
        }
        let iso = Array(DateInputFamily.pattern("yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ").corpus(seed: 1, count: 20_000))
        for digits in [1, 2, 4, 9, 10, 12] {
            let pattern = "T\\d\\d:\\d\\d:\\d\\d\\.\\d{\(digits)}[^0-9]"
            #expect(iso.contains { $0.range(of: pattern, options: .regularExpression) != nil }, "\(digits) digits")
        }
        for needle in [
            "+05:30", "+0530", "+05", "Z", "z", "GMT", "UTC", "EST", "+24:00", "23:59:60", "T24:00:00", "-02-29T",
            "10000-",
        ] {
            #expect(iso.contains { $0.contains(needle) }, "no pattern variant contains \(needle.debugDescription)")
        }
    }
}
