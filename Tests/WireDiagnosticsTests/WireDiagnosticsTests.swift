import Foundation
import SampleAPI
import Testing
import WireDiagnostics
import WireJSON
import WireLockTestSupport

/// Where a text first appears in a file: the one line holding `line`, and the column of `at`
/// on it (both found in the file's text, independently of the source map).
private func place(of needle: String, at caret: String, in text: String) -> (line: Int, column: Int)? {
    let lines = text.components(separatedBy: "\n")
    let hits = lines.indices.filter { lines[$0].contains(needle) }
    guard hits.count == 1, let range = lines[hits[0]].range(of: caret) else { return nil }
    return (hits[0] + 1, lines[hits[0]].distance(from: lines[hits[0]].startIndex, to: range.lowerBound) + 1)
}

/// The end of a truncated file: its last line and the column after its last character.
private func end(of text: String) -> (line: Int, column: Int) {
    let lines = text.components(separatedBy: "\n")
    return (lines.count, lines[lines.count - 1].count + 1)
}

private func decodeError(
    _ decode: (JSONDecoder, Data) throws -> Void, _ data: Data, _ keys: WireDiagnostics.KeyDecoding
)
    -> DecodingError?
{
    let decoder = JSONDecoder.sampleAPI
    if keys == .convertFromSnakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
    do {
        try decode(decoder, data)
        return nil
    } catch {
        return error as? DecodingError
    }
}

@Suite("Explaining the sample fixtures' real DecodingErrors")
struct SampleFixtureExplanationTests {
    struct Case: Sendable, CustomStringConvertible {
        var fixture: String
        var kind: DecodingErrorValue.Kind
        var path: String
        /// A text on exactly one line of the fixture, and where on that line the caret goes;
        /// nil for a truncated fixture (the place is the end of the file).
        var needle: (line: String, caret: String)?
        var description: String { fixture }
    }

    static let cases: [Case] = [
        Case(
            fixture: "movies-wrong-type", kind: .typeMismatch, path: "$.records[1].year",
            needle: (#""year": "2001""#, #""2001""#)),
        Case(
            fixture: "series-wrong-type", kind: .typeMismatch, path: "$[0].seasons[0].statistics.sizeOnDisk",
            needle: (#""sizeOnDisk": "7516192768""#, #""7516192768""#)),
        Case(
            fixture: "calendar-wrong-type", kind: .typeMismatch, path: "$[1].hasFile", needle: (#""hasFile": 1,"#, "1")),
        Case(fixture: "movies-missing-field", kind: .keyNotFound, path: "$.records[0]", needle: nil),
        Case(fixture: "series-missing-field", kind: .keyNotFound, path: "$[1].seasons[1].episodes[2]", needle: nil),
        Case(fixture: "calendar-missing-field", kind: .keyNotFound, path: "$[2]", needle: nil),
        Case(fixture: "movies-malformed", kind: .dataCorrupted, path: "", needle: nil),
        Case(fixture: "series-malformed", kind: .dataCorrupted, path: "", needle: nil),
        Case(fixture: "calendar-malformed", kind: .dataCorrupted, path: "", needle: nil),
    ]

    static func decoder(for fixture: String) -> (JSONDecoder, Data) throws -> Void {
        if fixture.hasPrefix("movies") { return { _ = try $0.decode(Page<Movie>.self, from: $1) } }
        if fixture.hasPrefix("series") { return { _ = try $0.decode([Series].self, from: $1) } }
        return { _ = try $0.decode([CalendarEntry].self, from: $1) }
    }

    @Test(arguments: cases, WireDiagnostics.KeyDecoding.allCases)
    func pointsAtTheRightLineAndColumn(_ test: Case, keys: WireDiagnostics.KeyDecoding) throws {
        let url = Repository.url("Fixtures/API/v3/\(test.fixture).json")
        let data = try Data(contentsOf: url)
        let text = String(decoding: data, as: UTF8.self)
        let error = try #require(decodeError(Self.decoder(for: test.fixture), data, keys))
        let explanation = WireDiagnostics.explain(error, in: data, keyDecoding: keys)
        #expect(explanation.failure.kind == test.kind)
        let location = try #require(explanation.location)
        switch test.kind {
        case .dataCorrupted:
            let syntax = try #require(explanation.syntaxError, "a malformed fixture is explained by the validator")
            let (line, column) = end(of: text)
            #expect((location.line, location.column) == (line, column))
            #expect(location.offset == data.count)
            #expect(syntax.location == location)
        case .keyNotFound:
            // The container: the `{` that opens the object at the path, which lacks the key.
            #expect(explanation.path.description == test.path)
            #expect(explanation.pathExists)
            let missing = try #require(error.missingKeyName)
            #expect(!explanation.members.isEmpty && !explanation.members.contains(missing))
            #expect(Array(data)[location.offset] == UInt8(ascii: "{"))
            let lines = text.components(separatedBy: "\n")
            let line = lines[location.line - 1]
            #expect(Array(line)[location.column - 1] == "{", "\(line)")
        default:
            #expect(explanation.path.description == test.path)
            #expect(explanation.pathExists)
            let needle = try #require(test.needle)
            let expected = try #require(place(of: needle.line, at: needle.caret, in: text))
            #expect((location.line, location.column) == expected)
            #expect(explanation.excerpt.map { $0.text.contains(needle.line) } == true)
        }
    }

    @Test func keyNotFoundNamesTheContainerAndItsMembers() throws {
        let data = try Data(contentsOf: Repository.url("Fixtures/API/v3/calendar-missing-field.json"))
        let error = try #require(decodeError(Self.decoder(for: "calendar"), data, .useDefaultKeys))
        let explanation = WireDiagnostics.explain(error, in: data)
        #expect(explanation.expected == #"a member "series""#)
        #expect(explanation.members.contains("seriesId") && explanation.members.contains("title"))
        #expect(explanation.closestMember == "seriesId")
        #expect(explanation.found.hasPrefix(#"an object whose closest member is "seriesId" ("#), "\(explanation)")
    }

    @Test func aMismatchSaysWhatWasFound() throws {
        let data = try Data(contentsOf: Repository.url("Fixtures/API/v3/movies-wrong-type.json"))
        let error = try #require(decodeError(Self.decoder(for: "movies"), data, .useDefaultKeys))
        let explanation = WireDiagnostics.explain(error, in: data)
        #expect(explanation.expected == "Int")
        #expect(explanation.found == #"a string "2001""#)
        #expect(
            explanation.rendered(file: "m.json").hasPrefix("m.json:297:15: error: typeMismatch at $.records[1].year"))
    }
}

extension DecodingError {
    fileprivate var missingKeyName: String? {
        if case .keyNotFound(let key, _) = self { return key.stringValue }
        return nil
    }
}

@Suite("Coding paths through convertFromSnakeCase")
struct SnakeCasePathTests {
    struct Episode: Decodable {
        var seriesTitle: String
        var urlValue: Int
        var aB: Int?
        var leading: Int?
        var trailing: Int?

        enum CodingKeys: String, CodingKey {
            case seriesTitle, urlValue, aB
            case leading = "_leading"
            case trailing = "trailing_"
        }
    }
    struct Calendar: Decodable { var upcomingEpisodes: [Episode] }

    static let payload = """
        {
          "upcoming_episodes": [
            {"series_title": "Slow Horses", "URL_value": 1},
            {"series_title": "Andor", "URL_value": 2, "a__b": 3, "_leading": 4, "trailing_": "five"},
            {"series_title": "Severance", "URL_value": "three"},
            {"URL_value": 4}
          ]
        }
        """

    func explain(_ payload: String) throws -> (DecodingError, Explanation) {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let data = Data(payload.utf8)
        do {
            _ = try decoder.decode(Calendar.self, from: data)
        } catch let error as DecodingError {
            return (error, WireDiagnostics.explain(error, in: data, keyDecoding: .convertFromSnakeCase))
        }
        throw CancellationError()
    }

    @Test func eachKeyIsMappedBackToTheMemberThePayloadHas() throws {
        let (error, explanation) = try explain(Self.payload)
        guard case .typeMismatch = error else { throw CancellationError() }
        #expect(explanation.path.description == "$.upcoming_episodes[1].trailing_")
        let expected = try #require(place(of: #""trailing_": "five""#, at: #""five""#, in: Self.payload))
        #expect(explanation.location.map { ($0.line, $0.column) } ?? (0, 0) == expected)
    }

    @Test func underDefaultKeysTheSnakeCaseMembersAreNotFound() throws {
        let data = Data(Self.payload.utf8)
        let error = try #require(
            decodeError({ _ = try $0.decode(Calendar.self, from: $1) }, data, .useDefaultKeys))
        let explanation = WireDiagnostics.explain(error, in: data, keyDecoding: .useDefaultKeys)
        #expect(explanation.failure.kind == .keyNotFound)
        #expect(explanation.path == .root)
        #expect(explanation.members == ["upcoming_episodes"])
    }

    @Test func aMissingMemberPointsAtItsObject() throws {
        let payload = Self.payload.replacingOccurrences(of: #", "trailing_": "five""#, with: "")
            .replacingOccurrences(of: #""URL_value": "three""#, with: #""URL_value": 3"#)
        let (_, explanation) = try explain(payload)
        #expect(explanation.failure.kind == .keyNotFound)
        #expect(explanation.path.description == "$.upcoming_episodes[3]")
        let expected = try #require(place(of: #"{"URL_value": 4}"#, at: "{", in: payload))
        #expect(explanation.location.map { ($0.line, $0.column) } ?? (0, 0) == expected)
        #expect(explanation.members == ["URL_value"])
    }
}

@Suite("convertFromSnakeCase is JSONDecoder's rule")
struct ConvertFromSnakeCaseTests {
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
    struct Probe: Decodable {
        var key: String
        init(from decoder: any Decoder) throws {
            key = try decoder.container(keyedBy: AnyKey.self).allKeys.first?.stringValue ?? "<none>"
        }
    }

    /// What JSONDecoder on this toolchain turns `name` into.
    static func decoderConversion(_ name: String) throws -> String {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        var bytes: [UInt8] = Array("{".utf8)
        CanonicalJSONWriter.writeString(name, into: &bytes)
        bytes += Array(":1}".utf8)
        return try decoder.decode(Probe.self, from: Data(bytes)).key
    }

    static let edgeNames = [
        "_leading", "trailing_", "a__b", "URL_value", "__", "_", "", "a_1st_b", "hello_wORLD", "é_ñu", "x_ßtraße",
        "a_b_", "__a__b__", "ǆ_ǆx", "ab_cD", "one_two3_four", "a-b_c", "a b_c d", "a_ŉx", "i_ıx", "a_ﬁx", "A_B",
        "x_ab'cd", "x_ab’cd", "x_ab\u{AD}cd", "x_ab.cd", "x_aǅx", "x_ⅰx", "x_aᵃb", "x_aªb", "x_a\u{301}B",
        "x_ΣΑΣ", "x_ab^cd", "x_ab:cd", "x_\u{301}a", "camelCase", "already_camelCase_x",
    ]

    @Test(arguments: edgeNames)
    func edgeNameConvertsLikeJSONDecoder(_ name: String) throws {
        #expect(WireDiagnostics.convertFromSnakeCase(name) == (try Self.decoderConversion(name)))
    }

    @Test func seededRandomNamesConvertLikeJSONDecoder() throws {
        let alphabet = Array("aZ_9_.-'é ßİǅΣ\u{301}x_Q")
        var rng = SplitMix64(seed: 12)
        var mismatches: [String] = []
        for _ in 0..<TestScale.current.count(3000) {
            let name = String((0..<rng.next(in: 0...9)).map { _ in alphabet[rng.next(below: alphabet.count)] })
            if WireDiagnostics.convertFromSnakeCase(name) != (try Self.decoderConversion(name)) {
                mismatches.append(name)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }
}

@Suite("valueNotFound and dataCorrupted at a path")
struct OtherCaseTests {
    struct Movie: Decodable {
        enum Status: String, Decodable { case released, announced }
        var title: String
        var status: Status
    }

    static func explain(_ payload: String) throws -> Explanation {
        let data = Data(payload.utf8)
        do {
            _ = try JSONDecoder().decode([Movie].self, from: data)
        } catch let error as DecodingError {
            return WireDiagnostics.explain(error, in: data)
        }
        throw CancellationError()
    }

    @Test func nullWhereAValueIsNeededIsFoundAsNull() throws {
        let payload = """
            [
              {"title": "Heat", "status": "released"},
              {"title": null, "status": "released"}
            ]
            """
        let explanation = try Self.explain(payload)
        #expect(explanation.failure.kind == .valueNotFound)
        #expect(explanation.path.description == "$[1].title")
        #expect(explanation.expected == "a value of type String")
        #expect(explanation.found == "null")
        let expected = try #require(place(of: #"{"title": null"#, at: "null", in: payload))
        #expect(explanation.location.map { ($0.line, $0.column) } ?? (0, 0) == expected)
    }

    @Test func aRejectedValueIsShownWithTheDecodersMessage() throws {
        let payload = #"[{"title": "Heat", "status": "rumoured"}]"#
        let explanation = try Self.explain(payload)
        #expect(explanation.failure.kind == .dataCorrupted)
        #expect(explanation.path.description == "$[0].status")
        #expect(explanation.found == #"a string "rumoured""#)
        #expect(explanation.expected.contains("rumoured"))
        #expect(explanation.location?.column == 30)
    }
}
