import Foundation
import Testing
import WireDecoder

@Suite struct DecoderBasicsTests {
    struct Point: Decodable, Equatable {
        var x: Int
        var y: Double?
        var name: String
    }

    @Test func decodesWhatJSONDecoderDecodes() throws {
        let data = Data(#"{"x": 3, "y": 2.5, "name": "A\u00e9"}"#.utf8)
        let expected = try JSONDecoder().decode(Point.self, from: data)
        #expect(try WireJSONDecoder().decode(Point.self, from: data) == expected)
        #expect(expected == Point(x: 3, y: 2.5, name: "Aé"))
    }
}

@Suite struct DecoderSharingTests {
    struct Stamp: Decodable, Equatable { var at: Date }

    /// One decoder, many threads, settings read once per decode: every decode sees a whole
    /// setting (run under the thread sanitizer this is also the data-race check).
    @Test func aSharedDecoderDecodesOnManyThreadsWhileItsSettingsChange() async throws {
        let decoder = WireJSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let data = Data(#"{"at": 86400}"#.utf8)
        try await withThrowingTaskGroup(of: Date.self) { group in
            for index in 0..<64 {
                group.addTask {
                    if index % 8 == 0 { decoder.dateDecodingStrategy = .secondsSince1970 }
                    return try decoder.decode(Stamp.self, from: data).at
                }
            }
            for try await date in group { #expect(date == Date(timeIntervalSince1970: 86400)) }
        }
    }
}

@Suite struct ConfiguredLikeTests {
    struct Event: Decodable, Equatable { var startsAt: Date }

    @Test func aDecoderConfiguredLikeAnAppsJSONDecoderDecodesAsItDoes() throws {
        let app = JSONDecoder()
        app.keyDecodingStrategy = .convertFromSnakeCase
        app.dateDecodingStrategy = .secondsSince1970
        let data = Data(#"{"starts_at": 60}"#.utf8)
        let wire = WireJSONDecoder(configuredLike: app)
        #expect(wire.acceptance == .strict)
        #expect(try wire.decode(Event.self, from: data) == app.decode(Event.self, from: data))
        #expect(WireJSONDecoder(configuredLike: app, acceptance: .jsonDecoder).acceptance == .jsonDecoder)
    }
}
