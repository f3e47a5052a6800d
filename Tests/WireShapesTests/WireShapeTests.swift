import Testing
import WireJSON
import WireShapeTools

@testable import WireShapes

func docs(_ texts: [String]) -> [JSONValue] {
    texts.map { try! JSONValue.parse($0) }
}

func shape(_ texts: String...) -> WireShape {
    WireShape.infer(from: docs(texts))
}

@Suite("WireShape inference")
struct WireShapeInferenceTests {
    @Test("members present in every sample are required, the others optional")
    func requiredAndOptional() {
        let s = shape(#"{"id": 1, "note": "a"}"#, #"{"id": 2}"#)
        #expect(s.kinds == [.object])
        #expect(s.members?["id"] == WireShape.Member(shape: WireShape(kinds: [.integer]), required: true))
        #expect(s.members?["note"]?.required == false)
    }

    @Test("integers and numbers are told apart; number absorbs integer")
    func numbers() {
        #expect(shape("1", "2").kinds == [.integer])
        #expect(shape("1.5").kinds == [.number])
        #expect(shape("1", "1e3").kinds == [.number])
        #expect(shape("1", "null").kinds == [.integer, .null])
    }

    @Test(
        "recognised string formats",
        arguments: [
            (#""2024-05-01T10:00:00.123Z""#, StringShape(format: .dateTime, fractionDigits: [3], offsets: [.z])),
            (#""2024-05-01T10:00:00Z""#, StringShape(format: .dateTime, fractionDigits: [0], offsets: [.z])),
            (
                #""2024-05-01T10:00:00.1234567+02:00""#,
                StringShape(format: .dateTime, fractionDigits: [7], offsets: [.numeric])
            ),
            (#""2024-05-01""#, StringShape(format: .date)),
            (#""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#, StringShape(format: .uuid)),
            (#""https://example.com/a?b=c""#, StringShape(format: .url)),
            (#""-42""#, StringShape(format: .integerString)),
            (#""2024-13-01""#, StringShape()),
            (#""2024-05-01T25:00:00Z""#, StringShape()),
            (#""hello world""#, StringShape()),
            (#""mailto:x@y""#, StringShape()),
        ])
    func formats(text: String, expected: StringShape) {
        #expect(shape(text).string == expected)
    }

    @Test("mixed formats at one position leave a plain string; date-time variants accumulate")
    func mixedFormats() {
        #expect(shape(#""2024-05-01""#, #""x""#).string == StringShape())
        #expect(
            shape(#""2024-05-01T10:00:00Z""#, #""2024-05-01T10:00:00.5+01:00""#).string
                == StringShape(format: .dateTime, fractionDigits: [0, 1], offsets: [.z, .numeric]))
    }

    @Test("enum rule: ≥ 4 strings, ≤ 8 distinct values, each seen twice, no format")
    func enumRule() {
        let statuses = #"[{"s":"released"},{"s":"announced"},{"s":"released"},{"s":"announced"}]"#
        #expect(shape(statuses).element?.members?["s"]?.shape.string?.enumValues == ["released", "announced"])
        // a value seen once: not a closed set
        #expect(shape(#"["a","a","b","b","c"]"#).element?.string?.enumValues == nil)
        // too few samples
        #expect(shape(#"["a","a","b"]"#).element?.string?.enumValues == nil)
        // more than 8 values
        let many = (0..<9).flatMap { ["\"v\($0)\"", "\"v\($0)\""] }.joined(separator: ",")
        #expect(shape("[\(many)]").element?.string?.enumValues == nil)
        // formatted strings are never enums
        #expect(shape(#"["1","1","2","2"]"#).element?.string?.enumValues == nil)
        // enums across documents count too
        #expect(WireShape.infer(from: docs([#""x""#, #""x""#, #""y""#, #""y""#])).string?.enumValues == ["x", "y"])
    }

    @Test("array elements of every array at a position merge; empty arrays add no element shape")
    func arrays() {
        let s = shape(#"{"a": [1, 2]}"#, #"{"a": [3.5]}"#, #"{"a": []}"#)
        #expect(s.members?["a"]?.shape.element?.kinds == [.number])
        #expect(shape("[]").element == nil)
    }

    @Test("merging shapes from separate samples equals inferring from all of them (without enums)")
    func mergeMatchesInference() {
        let a = docs([#"{"id":1,"t":"2024-05-01T10:00:00Z","x":[{"k":true}]}"#])
        let b = docs([#"{"id":2.5,"t":"2024-05-01T10:00:00.5Z","y":null,"x":[{"k":false,"j":1}]}"#])
        let merged = WireShape.infer(from: a, enumRule: .none).merged(with: WireShape.infer(from: b, enumRule: .none))
        #expect(merged == WireShape.infer(from: a + b, enumRule: .none))
    }

    @Test("a shape survives its JSON form, and its file is canonical")
    func serializationRoundTrip() throws {
        let s = shape(
            #"{"id":1,"t":"2024-05-01T10:00:00.123Z","tags":["a","a","b","b"],"o":{"u":"https://x.y"},"n":null}"#,
            #"{"id":2,"t":"2024-05-01T10:00:00.456Z","tags":[],"o":{"u":"https://x.z"},"n":1.5}"#)
        #expect(try WireShape.decode(s.jsonValue) == s)
        let file = try JSONValue.parse(s.fileBytes(name: "demo"))
        let decoded = try WireShape.decodeFile(file)
        #expect(decoded.name == "demo")
        #expect(decoded.shape == s)
        #expect(CanonicalJSONWriter.bytes(file) == s.fileBytes(name: "demo"))
        #expect(s.fingerprint.count == 64)
        #expect(s.fingerprint == decoded.shape.fingerprint)
    }

    @Test("the shape file text is what reviewers see")
    func shapeFileText() {
        let s = shape(#"{"added":"2024-05-01T10:00:00.123Z","id":7}"#)
        #expect(
            String(decoding: s.fileBytes(name: "movie"), as: UTF8.self) == """
                {
                  "name": "movie",
                  "shape": {
                    "kinds": [
                      "object"
                    ],
                    "members": {
                      "added": {
                        "format": "date-time",
                        "fractionDigits": [
                          3
                        ],
                        "kinds": [
                          "string"
                        ],
                        "offsets": [
                          "Z"
                        ],
                        "required": true
                      },
                      "id": {
                        "kinds": [
                          "integer"
                        ],
                        "required": true
                      }
                    }
                  },
                  "wirelockShape": 1
                }

                """)
    }

    @Test("JSON Schema 2020-12 export")
    func jsonSchema() throws {
        let s = shape(
            #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","at":"2024-05-01T10:00:00Z","k":["a","a","b","b"],"n":null}"#,
            #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5E","at":"2024-05-01T10:00:00Z","k":[],"n":1}"#)
        let schema = s.jsonSchema(title: "thing")
        #expect(
            schema.canonicalText(style: .compact)
                == #"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"at":{"format":"date-time","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}[Zz]$","type":"string"},"id":{"format":"uuid","type":"string"},"k":{"items":{"enum":["a","b"],"type":"string"},"type":"array"},"n":{"type":["null","integer"]}},"required":["at","id","k","n"],"title":"thing","type":"object"}"#
        )
    }
}
