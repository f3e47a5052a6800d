import Foundation
import Testing
import WireDecoder
import WireJSON

/// Strict acceptance rejects a trailing comma before `}` and before `]`; `.jsonDecoder`
/// acceptance takes it, as Foundation's `JSONDecoder` does. Until this suite only the optional
/// JSONTestSuite corpus caught a strict decoder that let a trailing comma through.
@Suite("WireJSONDecoder strict trailing commas")
struct StrictTrailingCommaTests {
    struct Movie: Decodable, Equatable {
        var id: Int
        var genres: [String]
    }

    static let cases: [(text: String, closer: String)] = [
        (#"{"id": 1, "genres": ["drama"],}"#, "}"),
        (#"{"id": 1, "genres": ["drama",]}"#, "]"),
    ]

    @Test(arguments: StrictTrailingCommaTests.cases.indices)
    func strictRejectsATrailingComma(_ index: Int) throws {
        let data = Data(Self.cases[index].text.utf8)
        let error = try #require(throws: DecodingError.self) { try WireJSONDecoder().decode(Movie.self, from: data) }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        let syntax = try #require(context.underlyingError as? JSONSyntaxError, "\(context)")
        #expect(syntax.kind == .trailingComma, "\(syntax)")
        #expect(syntax.reason == "trailing comma before '\(Self.cases[index].closer)'", "\(syntax)")
    }

    @Test(arguments: StrictTrailingCommaTests.cases.indices)
    func jsonDecoderAcceptanceTakesItAsFoundationDoes(_ index: Int) throws {
        let data = Data(Self.cases[index].text.utf8)
        let decoder = WireJSONDecoder()
        decoder.acceptance = .jsonDecoder
        let movie = try decoder.decode(Movie.self, from: data)
        #expect(movie == Movie(id: 1, genres: ["drama"]))
        #expect(try JSONDecoder().decode(Movie.self, from: data) == movie)
    }
}
