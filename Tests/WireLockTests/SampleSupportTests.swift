import Foundation
import SampleAPI
import Testing
import WireGolden
import WireJSON
import WireLock
import WireReaders

/// The building blocks of the sample models, and the fixtures' canonical form.
@Suite("Sample API building blocks")
struct SampleSupportTests {
    // MARK: Fixtures

    static let fixtureNames: [String] = {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: SampleModelTests.fixturesDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test func thereAreFixtures() {
        #expect(Self.fixtureNames.count >= 23)
    }

    /// Every valid fixture is in WireLock's canonical form (a truncated `-malformed` one cannot be).
    @Test(arguments: fixtureNames.filter { !$0.contains("-malformed") })
    func validFixturesAreCanonical(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: SampleModelTests.fixturesDirectory.appendingPathComponent(name)))
        let canonical = try CanonicalJSONWriter.canonicalize(bytes)
        #expect(bytes == canonical, "\(name) is not canonical:\n\(String(decoding: canonical, as: UTF8.self))")
    }

    @Test(arguments: fixtureNames.filter { $0.contains("-malformed") })
    func malformedFixturesAreNotJSON(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: SampleModelTests.fixturesDirectory.appendingPathComponent(name)))
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(bytes) }
    }

    /// Each line of the activity stream decodes as an `ActivityEvent` and re-encodes without loss
    /// (the model runner takes `.json` files only, so the lines are checked here).
    @Test func everyActivityStreamEventRoundTripsLosslessly() throws {
        let text = try String(
            contentsOf: SampleModelTests.fixturesDirectory.appendingPathComponent("activity-stream.jsonl"),
            encoding: .utf8)
        for (number, line) in text.split(separator: "\n").enumerated() {
            let original = try JSONValue.parse(String(line))
            let event = try JSONDecoder.sampleAPI.decode(ActivityEvent.self, from: Data(line.utf8))
            let reencoded = try JSONValue.parse(try JSONEncoder.sampleAPI.encode(event))
            let differences = JSONDiff.differences(expected: original, actual: reencoded)
            #expect(differences.isEmpty, "line \(number + 1): \(differences.map(RoundTrip.describe))")
        }
    }

    @Test func theActivityStreamIsCanonicalJSONLines() throws {
        let text = try String(
            contentsOf: SampleModelTests.fixturesDirectory.appendingPathComponent("activity-stream.jsonl"),
            encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 5)
        for line in lines {
            let value = try JSONValue.parse(String(line))
            #expect(CanonicalJSONWriter.text(value, style: .compact) == String(line))
        }
    }

    // MARK: WireDate

    @Test(arguments: [
        ("2024-05-01T00:00:00Z", 1_714_521_600.0),
        ("2023-11-17T08:30:00.123Z", 1_700_209_800.123),
        ("2024-01-09T21:14:05.5Z", 1_704_834_845.5),
        ("2003-03-17T00:00:00.000Z", 1_047_859_200.0),
        ("2024-05-01T12:00:07.1234567Z", 1_714_564_807.1234567),
    ])
    func wireDatesParseWithAndWithoutFractionalSecondsAndKeepTheirText(text: String, seconds: Double) throws {
        let date = try WireDate(text)
        #expect(abs(date.date.timeIntervalSince1970 - seconds) < 0.001)
        #expect(date.text == text)
        let encoded = try JSONEncoder.sampleAPI.encode([date])
        #expect(String(decoding: encoded, as: UTF8.self) == "[\"\(text)\"]")
    }

    @Test(arguments: ["2024-05-01", "yesterday", "2024-13-01T00:00:00Z", ""])
    func textThatIsNotADateTimeIsRejected(text: String) {
        #expect(throws: WireDateError.self) { try WireDate(text) }
        let json = Data("[\"\(text)\"]".utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder.sampleAPI.decode([WireDate].self, from: json) }
    }

    @Test func aDateMadeInCodeIsWrittenInTheServersForm() {
        #expect(WireDate(Date(timeIntervalSince1970: 1_714_521_600)).text == "2024-05-01T00:00:00Z")
        #expect(WireDate(Date(timeIntervalSince1970: 1_714_594_530.25)).text == "2024-05-01T20:15:30.250Z")
    }

    // MARK: Nullable

    struct Probe: Codable, Equatable {
        @Nullable var note: String?
    }

    @Test(arguments: [#"{}"#, #"{"note":null}"#, #"{"note":"hi"}"#])
    func nullAndAbsentMembersSurviveARoundTrip(json: String) throws {
        let probe = try JSONDecoder.sampleAPI.decode(Probe.self, from: Data(json.utf8))
        let encoded = String(decoding: try JSONEncoder.sampleAPI.encode(probe), as: UTF8.self)
        #expect(encoded == json)
    }

    @Test func aNullableSetInCodeIsWrittenAsNullOrAsTheValue() throws {
        var probe = Probe(note: nil)
        #expect(String(decoding: try JSONEncoder.sampleAPI.encode(probe), as: UTF8.self) == #"{"note":null}"#)
        probe.$note = .absent
        #expect(String(decoding: try JSONEncoder.sampleAPI.encode(probe), as: UTF8.self) == #"{}"#)
        probe.note = "set"
        #expect(!probe.$note.isAbsent)
        #expect(String(decoding: try JSONEncoder.sampleAPI.encode(probe), as: UTF8.self) == #"{"note":"set"}"#)
    }

    // MARK: Open enums

    @Test func unknownEnumValuesAreKeptAndReencodedUnchanged() throws {
        let json = #"["poster","clearlogo","hologram"]"#
        let types = try JSONDecoder.sampleAPI.decode([CoverType].self, from: Data(json.utf8))
        #expect(types == [.poster, .clearlogo, .unknown("hologram")])
        #expect(String(decoding: try JSONEncoder.sampleAPI.encode(types), as: UTF8.self) == json)
    }

    @Test func aNonStringEnumValueIsATypeMismatch() {
        let failure = DecodingFailure(DecodingFailureErrorProbe.decode(#"{"coverType":7,"url":"/x.jpg"}"#))
        #expect(failure.kind == .typeMismatch)
        #expect(failure.path.description == "$.coverType")
    }

    // MARK: Numbers

    /// Swift writes a `Double` in its shortest round-tripping form: the server's spellings of frame
    /// rates, channel layouts and ratings survive; only a redundant `.0` is lost (and declared).
    @Test(arguments: [
        ("23.976", "23.976"), ("5.1", "5.1"), ("2", "2"), ("8.3", "8.3"), ("96.43", "96.43"),
        ("6.25", "6.25"), ("0", "0"), ("40.0", "40"),
    ])
    func doublesReencodeInTheirShortestForm(sent: String, written: String) throws {
        let value = try JSONDecoder.sampleAPI.decode([Double].self, from: Data("[\(sent)]".utf8))
        #expect(String(decoding: try JSONEncoder.sampleAPI.encode(value), as: UTF8.self) == "[\(written)]")
    }

    @Test func fileSizesBeyondInt32AreExact() throws {
        let value = try JSONDecoder.sampleAPI.decode([Int64].self, from: Data("[38654705664]".utf8))
        #expect(String(decoding: try JSONEncoder.sampleAPI.encode(value), as: UTF8.self) == "[38654705664]")
    }
}

/// Decodes a `MediaCover` and returns the error it throws.
enum DecodingFailureErrorProbe {
    static func decode(_ json: String) -> any Error {
        do {
            _ = try JSONDecoder.sampleAPI.decode(MediaCover.self, from: Data(json.utf8))
            return CancellationError()
        } catch {
            return error
        }
    }
}
