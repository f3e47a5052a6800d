import Foundation
import Testing
import WireJSON

@testable import WireShapes

/// Issue 33, "Done when" 4: the dump of a decoded value is canonical — one value, one text, whatever
/// order its dictionaries and sets were built in, on every run — and keeps what JSON alone would
/// lose: a date's every bit, a `Decimal`'s digits, which type a URL was.
@Suite("Decoded-value dumps")
struct DecodedDumpTests {
    @propertyWrapper
    struct Stamp: Decodable {
        var wrappedValue: Date
    }

    enum Channel: Hashable {
        case email
        case push(priority: Int)
    }
    enum Level: String { case low = "LOW" }
    struct Point: Hashable { var x: Int, y: Int }

    struct Sample {
        var name: String
        @Stamp var at: Date
        var price: Decimal
        var nested: Int??
        var missing: String??
        var byID: [Int: String]
        var byChannel: [Channel: Bool]
        var byPoint: [Point: String]
        var tags: Set<String>
        var link: URL?
        var payload: Data
        var id: UUID
        var ratio: Double
        var odd: [Double]
        var float: Float
        var level: Level
        var pair: (Int, label: String)
    }

    static func sample(reversed: Bool) -> Sample {
        var byID: [Int: String] = [:]
        var byChannel: [Channel: Bool] = [:]
        var byPoint: [Point: String] = [:]
        var tags = Set<String>()
        let ids = reversed ? [30, 2, 100].reversed() : [30, 2, 100]
        for id in ids { byID[id] = "#\(id)" }
        let channels: [Channel] = [.email, .push(priority: 2), .push(priority: 10)]
        for channel in reversed ? channels.reversed() : channels { byChannel[channel] = true }
        for point in [Point(x: 1, y: 2), Point(x: 0, y: 5)] { byPoint[point] = "\(point.x),\(point.y)" }
        for tag in reversed ? ["b", "a", "c"] : ["c", "a", "b"] { tags.insert(tag) }
        return Sample(
            name: "Heat", at: Date(timeIntervalSinceReferenceDate: 600_185_931.2030001),
            price: Decimal(string: "12.50")!, nested: .some(.some(3)), missing: .some(nil), byID: byID,
            byChannel: byChannel, byPoint: byPoint, tags: tags,
            link: URL(string: "https://media.example/a?x=1"), payload: Data([0xDE, 0xAD, 0xBE, 0xEF]),
            id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, ratio: 0.1,
            odd: [.nan, .infinity, -.infinity, -0.0, 1e-300], float: 0.1, level: .low, pair: (7, label: "seven"))
    }

    static let expected = #"""
        {
          "at": "2020-01-08T14:18:51.2030001Z (600185931.2030001 s, 0x41c1e30e2599fbe8)",
          "byChannel": {
            "email": true,
            "{\"push\":{\"priority\":10}}": true,
            "{\"push\":{\"priority\":2}}": true
          },
          "byID": {
            "100": "#100",
            "2": "#2",
            "30": "#30"
          },
          "byPoint": {
            "{\"x\":0,\"y\":5}": "0,5",
            "{\"x\":1,\"y\":2}": "1,2"
          },
          "float": 0.1,
          "id": "UUID(E621E1F8-C36C-495A-93FC-0C247A3E6E5F)",
          "level": "low",
          "link": "URL(https://media.example/a?x=1)",
          "missing": null,
          "name": "Heat",
          "nested": 3,
          "odd": [
            "NaN",
            "Infinity",
            "-Infinity",
            -0.0,
            1e-300
          ],
          "pair": {
            ".0": 7,
            "label": "seven"
          },
          "payload": "Data(3q2+7w==)",
          "price": "Decimal(12.5)",
          "ratio": 0.1,
          "tags": [
            "a",
            "b",
            "c"
          ]
        }

        """#

    @Test func theDumpIsOneTextWhateverOrderItWasBuiltIn() {
        let first = DecodedDump.text(of: Self.sample(reversed: false))
        let second = DecodedDump.text(of: Self.sample(reversed: true))
        #expect(first == second)
        #expect(first == Self.expected)
        // Canonical: writing the parsed dump again gives the same bytes.
        #expect(CanonicalJSONWriter.text(try! JSONValue.parse(Array(first.utf8))) == first)
    }

    @Test func datesOneUlpApartDumpApart() {
        let formatter = Date(timeIntervalSinceReferenceDate: 600_185_931.2030001)
        let style = Date(timeIntervalSinceReferenceDate: 600_185_931.203)
        #expect(formatter != style)
        #expect(
            DecodedDump.value(of: formatter)
                == .string("2020-01-08T14:18:51.2030001Z (600185931.2030001 s, 0x41c1e30e2599fbe8)"))
        #expect(
            DecodedDump.value(of: style) == .string("2020-01-08T14:18:51.203Z (600185931.203 s, 0x41c1e30e2599fbe7)"))
    }

    @Test func aURLAndAStringOfTheSameTextDumpApart() {
        let url = URL(string: "https://media.example/unsubscribe")!
        #expect(DecodedDump.value(of: url) != DecodedDump.value(of: url.absoluteString))
        #expect(DecodedDump.untagged("URL(https://media.example/unsubscribe)") == "https://media.example/unsubscribe")
        #expect(DecodedDump.untagged("Heat (1995)") == nil)
    }

    @Test func enumsDumpByCaseAndValues() {
        enum Attribute {
            case string(String)
            case binary(Data)
            case pair(Int, Int)
            case none
        }
        #expect(DecodedDump.text(of: Attribute.string("x"), style: .compact) == #"{"string":"x"}"#)
        #expect(DecodedDump.text(of: Attribute.pair(1, 2), style: .compact) == #"{"pair":[1,2]}"#)
        #expect(DecodedDump.text(of: Attribute.none, style: .compact) == #""none""#)
        // A raw-value enum that describes itself still dumps by its case name.
        enum Described: String, CustomStringConvertible {
            case on = "ON"
            var description: String { "switched on" }
        }
        #expect(DecodedDump.value(of: Described.on) == .string("on"))
    }

    final class Node {
        var name: String
        var next: Node?
        init(_ name: String) { self.name = name }
    }

    class Base {
        var id = 1
    }

    final class Derived: Base {
        var title = "t"
    }

    @Test func classesDumpTheirStoredPropertiesAndStopAtACycle() {
        let a = Node("a")
        let b = Node("b")
        a.next = b
        b.next = a
        #expect(
            DecodedDump.text(of: a, style: .compact)
                == #"{"name":"a","next":{"name":"b","next":"cycle: back to $"}}"#)
        // The same instance twice, not in a cycle, is dumped twice.
        let shared = Node("s")
        #expect(
            DecodedDump.text(of: [shared, shared], style: .compact)
                == #"[{"name":"s","next":null},{"name":"s","next":null}]"#)
        #expect(DecodedDump.text(of: Derived(), style: .compact) == #"{"id":1,"title":"t"}"#)
    }
}

extension DecodedDump {
    fileprivate static func text(of value: Any, style: CanonicalJSONWriter.Style) -> String {
        CanonicalJSONWriter.text(Self.value(of: value), style: style)
    }
}
