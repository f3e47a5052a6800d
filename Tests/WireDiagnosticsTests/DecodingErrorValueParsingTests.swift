import Foundation
import SampleAPI
import Testing
import WireCommands
import WireDiagnostics
import WireLockTestSupport

@Suite("Reading a DecodingError back from its printed text")
struct DecodingErrorValueParsingTests {
    /// Every sample fixture that fails to decode, with the real error JSONDecoder throws.
    static func realErrors() throws -> [(String, DecodingError)] {
        var errors: [(String, DecodingError)] = []
        for name in ["movies", "series", "calendar"] {
            for scenario in ["wrong-type", "missing-field", "malformed"] {
                let data = try Data(contentsOf: Repository.url("Fixtures/API/v3/\(name)-\(scenario).json"))
                let decode = SampleFixtureExplanationTests.decoder(for: name)
                do {
                    try decode(JSONDecoder.sampleAPI, data)
                } catch let error as DecodingError {
                    errors.append(("\(name)-\(scenario)", error))
                }
            }
        }
        return errors
    }

    @Test func thisToolchainsDescriptionReadsBackAsTheSameFailure() throws {
        let errors = try Self.realErrors()
        #expect(errors.count == 9)
        for (fixture, error) in errors {
            let text = String(describing: error)
            let parsed = try DecodingErrorValue(parsing: text)
            #expect(parsed == DecodingErrorValue(error), "\(fixture): \(text)")
        }
    }

    @Test func aKeyWithADotIsBackQuotedAndAnEmptyKeyIsEmpty() throws {
        struct Wrapper: Decodable { var x: [String: [Int]] }
        for (payload, path) in [
            (
                #"{"x": {"a.b": [1, "s"]}}"#,
                [DecodingErrorValue.Key(stringValue: "x"), .init(stringValue: "a.b"), .index(1)]
            ),
            (#"{"x": {"": ["s"]}}"#, [.init(stringValue: "x"), .init(stringValue: ""), .index(0)]),
            (#"{"x": {"a`b": ["s"]}}"#, [.init(stringValue: "x"), .init(stringValue: "a`b"), .index(0)]),
        ] {
            do {
                _ = try JSONDecoder().decode(Wrapper.self, from: Data(payload.utf8))
                Issue.record("\(payload) decoded")
            } catch {
                let parsed = try DecodingErrorValue(parsing: String(describing: error))
                #expect(parsed.codingPath == path, "\(error)")
            }
        }
    }

    @Test func theReflectedAppleFormIsRead() throws {
        let typeMismatch = try DecodingErrorValue(
            parsing:
                #"typeMismatch(Swift.Int, Swift.DecodingError.Context(codingPath: [CodingKeys(stringValue: "records", intValue: nil), _JSONKey(stringValue: "Index 1", intValue: 1), CodingKeys(stringValue: "year", intValue: nil)], debugDescription: "Expected to decode Int but found a string/data instead.", underlyingError: nil))"#
        )
        #expect(typeMismatch.kind == .typeMismatch)
        #expect(typeMismatch.type == "Int")
        #expect(typeMismatch.codingPath == [.init(stringValue: "records"), .index(1), .init(stringValue: "year")])
        #expect(typeMismatch.debugDescription == "Expected to decode Int but found a string/data instead.")

        let keyNotFound = try DecodingErrorValue(
            parsing:
                #"keyNotFound(CodingKeys(stringValue: "title", intValue: nil), Swift.DecodingError.Context(codingPath: [CodingKeys(stringValue: "records", intValue: nil), _JSONKey(stringValue: "Index 0", intValue: 0)], debugDescription: "No value associated with key CodingKeys(stringValue: \"title\", intValue: nil) (\"title\").", underlyingError: nil))"#
        )
        #expect(keyNotFound.kind == .keyNotFound)
        #expect(keyNotFound.missingKey == .init(stringValue: "title"))
        #expect(keyNotFound.codingPath == [.init(stringValue: "records"), .index(0)])
        #expect(keyNotFound.debugDescription.hasSuffix(#"("title")."#))

        let corrupted = try DecodingErrorValue(
            parsing:
                #"Swift.DecodingError.dataCorrupted(Swift.DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: Optional(Error Domain=NSCocoaErrorDomain Code=3840 "Unexpected end of file" UserInfo={NSDebugDescription=Unexpected end of file})))"#
        )
        #expect(corrupted.kind == .dataCorrupted && corrupted.codingPath.isEmpty)

        let valueNotFound = try DecodingErrorValue(
            parsing:
                #"valueNotFound(Swift.String, Swift.DecodingError.Context(codingPath: [_JSONKey(stringValue: "Index 0", intValue: 0), CodingKeys(stringValue: "title", intValue: nil)], debugDescription: "Expected String value but found null instead.", underlyingError: nil))"#
        )
        #expect(valueNotFound.type == "String")
        #expect(valueNotFound.codingPath == [.index(0), .init(stringValue: "title")])

        let optionalIndex = try DecodingErrorValue(
            parsing:
                #"typeMismatch(Swift.String, Swift.DecodingError.Context(codingPath: [_JSONKey(stringValue: "Index 2", intValue: Optional(2))], debugDescription: "Expected to decode String but found a number instead.", underlyingError: nil))"#
        )
        #expect(optionalIndex.codingPath == [.index(2)])
    }

    @Test func aLogPrefixIsSkipped() throws {
        let parsed = try DecodingErrorValue(
            parsing: "Fatal error: DecodingError.valueNotFound: Expected value of type String but found null instead. "
                + "Path: items[0].name. Debug description: Cannot get value of type String -- found null value instead")
        #expect(parsed.kind == .valueNotFound && parsed.type == "String")
        #expect(parsed.codingPath == [.init(stringValue: "items"), .index(0), .init(stringValue: "name")])
    }

    @Test(arguments: ["", "The data couldn’t be read because it is missing.", "typeMismatch(Swift.Int)"])
    func textThatIsNoDecodingErrorIsRejected(_ text: String) {
        #expect(throws: DecodingErrorValue.ParseError.self) { try DecodingErrorValue(parsing: text) }
    }

    @Test func anIntKeyedDictionaryMemberIsFoundInTheObject() throws {
        let payload = Data(#"{"x": {"5": "s"}}"#.utf8)
        struct Wrapper: Decodable { var x: [Int: Int] }
        do {
            _ = try JSONDecoder().decode(Wrapper.self, from: payload)
        } catch let error as DecodingError {
            // The printed path is `x[5]`: read back as element 5, resolved as member "5".
            let parsed = try DecodingErrorValue(parsing: String(describing: error))
            let explanation = WireDiagnostics.explain(parsed, in: Array(payload))
            #expect(explanation.pathExists)
            #expect(explanation.path.description == #"$.x["5"]"#)
            #expect(explanation.location?.column == 13)
        }
    }
}
