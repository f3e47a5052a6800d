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
