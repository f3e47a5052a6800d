import Foundation
import Testing
import WireDecoder

/// WireJSONDecoder in JSONDecoder-compatible mode against JSONDecoder itself, on the edges found
/// while building it (each of these inputs is a place where a first version differed).
@Suite struct CoreCompatibilityTests {
    struct Point: Decodable {
        var x: Int
        var y: Double?
        var name: String
    }
    struct One: Decodable { var b: Int }
    struct Nested: Decodable {
        var a: [[Int]]
        var m: [String: Int]?
        var o: One?
    }
    struct SnakeModel: Decodable {
        var aB: Int
        var m: [String: Int]
        var urlValue: String?
    }
    struct Lenient: Decodable {
        var a: Int?
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: K.self)
            a = try? c.decodeIfPresent(Int.self, forKey: .a)
        }
        enum K: CodingKey { case a }
    }
    struct Unkeyed: Decodable {
        var values: [Int?]
        init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            values = []
            for _ in 0..<4 { values.append(try c.decodeIfPresent(Int.self)) }
            _ = try c.decodeNil()
        }
    }

    static let documents: [String] = [
        #"{"x":1,"y":2.5,"name":"a"}"#, #"{"x":1,"name":"a","y":null}"#, #"{"x":"1","name":"a"}"#,
        #"{"x":1.0,"name":"a"}"#, #"{"x":1.5,"name":"a"}"#, #"{"x":1e2,"name":"a"}"#, #"{"x":01,"name":"a"}"#,
        #"{"x":1,"name":"a",}"#, #"{"x":1,"name":"a","x":2}"#, #"{"name":"a"}"#, #"{"x":null,"name":"a"}"#,
        #"{"x":1,"name":null}"#, #"{"x":1,"name":"\ud800"}"#, #"{"x":1,"name":"\u00e9\ud83d\ude00"}"#,
        #"{"x":1,"name":"a","z":"\x"}"#, #"{"x":1,"name":"a","z":01}"#, #"[1,2]"#, #"null"#, #"{"x":1,"name":"a"} x"#,
        #"{"x":9223372036854775808,"name":"a"}"#, #"{"x":-9223372036854775808,"name":"a"}"#,
        #"{"x":12345678901234567890e-1,"name":"a"}"#, #"{"x":1,"y":1e400,"name":"a"}"#,
        #"{"x":1,"y":1e-400,"name":"a"}"#,
        #"{"x":1,"y":-0,"name":"a"}"#, #"{"x":1,"y":"1","name":"a"}"#, #" {"x" : 1 , "name" : "a" } "#,
        #"{"x":1,"name":"a\u0000b"}"#, "{\"x\":1,\"name\":\"a\tb\"}", #"{"x":1,"name":"a","":3}"#, #"{,"x":1}"#,
        #"{"x":1,"name":"a",,}"#, #"{"x":-,"name":"a"}"#, #"{"x":1.,"name":"a"}"#, #"{"x":-0,"name":"a"}"#,
    ]

    @Test(arguments: documents) func pointMatchesJSONDecoder(_ text: String) {
        let outcome = CoreOutcome.both(Point.self, Data(text.utf8))
        #expect(outcome.candidate == outcome.legacy, "\(text)")
    }

    static let nested: [String] = [
        #"{"a":[[1],[2,3]],"m":{"k":1},"o":{"b":2}}"#, #"{"a":[[1],["x"]]}"#, #"{"a":[[1],null]}"#,
        #"{"a":[],"m":{"k":"v"}}"#, #"{"a":[],"m":{"k":1,"k":2}}"#, #"{"a":[],"o":{"b":1,"b":"x"}}"#,
        #"{"a":[],"o":{"b":"x","b":1}}"#, #"{"a":[],"o":[]}"#, #"{"a":[],"o":null}"#, #"{"a":{}}"#,
        #"{"a":[[1,],[2]]}"#, #"{"a":[[1]],"m":{"\u006b":1,"k":2}}"#,
        #"{"a":[[1]],"m":{"caf\u00e9":1,"cafe\u0301":2}}"#,
    ]

    @Test(arguments: nested) func nestedMatchesJSONDecoder(_ text: String) {
        let outcome = CoreOutcome.both(Nested.self, Data(text.utf8))
        #expect(outcome.candidate == outcome.legacy, "\(text)")
    }

    static let snake: [String] = [
        #"{"a_b":1,"m":{"x_y":2}}"#, #"{"aB":1,"m":{}}"#, #"{"a_b":1,"a_B":2,"m":{}}"#,
        #"{"a_b":1,"m":{},"url_value":"u"}"#,
        #"{"a_b":"1","m":{}}"#, #"{"m":{}}"#,
    ]

    @Test(arguments: snake) func snakeCaseMatchesJSONDecoder(_ text: String) {
        let outcome = CoreOutcome.both(SnakeModel.self, Data(text.utf8)) {
            $0.keyDecodingStrategy = .convertFromSnakeCase
            $1.keyDecodingStrategy = .convertFromSnakeCase
        }
        #expect(outcome.candidate == outcome.legacy, "\(text)")
    }

    @Test(arguments: [#"{"a":1}"#, #"{"a":"x"}"#, #"{"a":null}"#, #"{}"#, #"{"a":1.5}"#])
    func lenientMatchesJSONDecoder(_ text: String) {
        let outcome = CoreOutcome.both(Lenient.self, Data(text.utf8))
        #expect(outcome.candidate == outcome.legacy, "\(text)")
    }

    @Test(arguments: ["[1,null,3]", "[1,2,3,4]", "[1,2,3,4,null]", "[1,2,3,4,5]", "[]", "[\"x\"]", "{}"])
    func unkeyedMatchesJSONDecoder(_ text: String) {
        let outcome = CoreOutcome.both(Unkeyed.self, Data(text.utf8))
        #expect(outcome.candidate == outcome.legacy, "\(text)")
    }

    static let scalars: [String] = [
        "1", "-0", "1e2", "1.5", "128", "-129", "255", "256", "-1", "18446744073709551615", "18446744073709551616",
        "9.223372036854775807e18", "1e19", "3.5e38", "1e-50", "1e-40", "0.1", "true", "null", "\"1\"", "[1]", "",
        " 7 ", "\u{FEFF}7",
        // JSONDecoder's zero check reads a short tail backwards: these zeros are refused as
        // underflows, their neighbours accepted.
        "0e1", "0E1", "0.00e5", "0e+1", "-0e1", "0e100", "0.0e1", "0E-5",
    ]

    @Test(arguments: scalars) func scalarsMatchJSONDecoder(_ text: String) {
        let data = Data(text.utf8)
        func check<T: Decodable>(_ type: T.Type) {
            let outcome = CoreOutcome.both(type, data)
            #expect(outcome.candidate == outcome.legacy, "\(T.self) \(text)")
        }
        check(Int.self)
        check(Int8.self)
        check(UInt8.self)
        check(UInt64.self)
        check(Int64.self)
        check(Double.self)
        check(Float.self)
        check(Decimal.self)
        check(Bool.self)
        check(String.self)
        check(Date.self)
        check(URL.self)
        check(UUID.self)
        check(Data.self)
        check([Int].self)
    }

    @Test func strictModeIsTheDefaultAndRejectsWhatTheValidatorRejects() throws {
        let decoder = WireJSONDecoder()
        #expect(decoder.acceptance == .strict)
        for text in [#"{"x":1,"name":"a",}"#, #"{"x":1,"name":"a","x":2}"#, "\u{FEFF}{}"] {
            #expect(throws: DecodingError.self, "\(text)") {
                try decoder.decode([String: Int].self, from: Data(text.utf8))
            }
        }
        #expect(try decoder.decode(Point.self, from: Data(#"{"x":1,"name":"a"}"#.utf8)).x == 1)
    }
}
