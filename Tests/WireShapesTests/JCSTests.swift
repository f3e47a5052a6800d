import Foundation
import Testing
import WireJSON
import WireLockTestSupport

@testable import WireShapeTools
@testable import WireShapes

@Suite("SHA-256")
struct SHA256Tests {
    @Test(
        "FIPS 180-4 / NIST test vectors",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ])
    func knownDigests(input: String, expected: String) {
        #expect(SHA256.hex(Array(input.utf8)) == expected)
    }

    @Test("a million 'a's")
    func millionAs() {
        var hasher = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(chunk) }
        let hex = hasher.finalize().map {
            String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
        }.joined()
        #expect(hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("feeding in pieces gives the same digest as feeding at once, at every block boundary")
    func incrementalEqualsWhole() {
        let bytes = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let whole = SHA256.hash(bytes)
        for split in [0, 1, 55, 56, 63, 64, 65, 119, 128, 199, 200] {
            var hasher = SHA256()
            hasher.update(bytes[..<split])
            hasher.update(bytes[split...])
            #expect(hasher.finalize() == whole, "split at \(split)")
        }
    }
}

@Suite("JCS (RFC 8785)")
struct JCSTests {
    /// RFC 8785 Appendix B: IEEE 754 bit patterns and their ECMAScript form.
    @Test(
        "RFC 8785 Appendix B number samples",
        arguments: [
            ("0000000000000000", "0"),
            ("8000000000000000", "0"),
            ("0000000000000001", "5e-324"),
            ("8000000000000001", "-5e-324"),
            ("7fefffffffffffff", "1.7976931348623157e+308"),
            ("ffefffffffffffff", "-1.7976931348623157e+308"),
            ("4340000000000000", "9007199254740992"),
            ("c340000000000000", "-9007199254740992"),
            ("4430000000000000", "295147905179352830000"),
            ("44b52d02c7e14af5", "9.999999999999997e+22"),
            ("44b52d02c7e14af6", "1e+23"),
            ("44b52d02c7e14af7", "1.0000000000000001e+23"),
            ("444b1ae4d6e2ef4e", "999999999999999700000"),
            ("444b1ae4d6e2ef4f", "999999999999999900000"),
            ("444b1ae4d6e2ef50", "1e+21"),
            ("3eb0c6f7a0b5ed8c", "9.999999999999997e-7"),
            ("3eb0c6f7a0b5ed8d", "0.000001"),
            ("41b3de4355555553", "333333333.3333332"),
            ("41b3de4355555554", "333333333.33333325"),
            ("41b3de4355555555", "333333333.3333333"),
            ("41b3de4355555556", "333333333.3333334"),
            ("41b3de4355555557", "333333333.33333343"),
            ("becbf647612f3696", "-0.0000033333333333333333"),
            ("43143ff3c1cb0959", "1424953923781206.2"),
        ])
    func appendixBNumbers(bits: String, expected: String) {
        let value = Double(bitPattern: UInt64(bits, radix: 16)!)
        #expect(ECMAScriptNumber.format(value) == expected)
    }

    @Test("NaN and the infinities have no JSON form")
    func nonFiniteNumbers() {
        #expect(ECMAScriptNumber.format(.nan) == nil)
        #expect(ECMAScriptNumber.format(.infinity) == nil)
        #expect(ECMAScriptNumber.format(Double(bitPattern: 0x7ff0_0000_0000_0000)) == nil)
        #expect(throws: JCS.Error.self) { try JCS.canonicalize(Array("[1e400]".utf8)) }
    }

    @Test(
        "exponent thresholds: 1e21 and 1e-7 switch to exponent form",
        arguments: [
            ("1e20", "100000000000000000000"), ("1e21", "1e+21"), ("123e18", "123000000000000000000"),
            ("1234e18", "1.234e+21"), ("1e-6", "0.000001"), ("1e-7", "1e-7"), ("1.5e-7", "1.5e-7"),
            ("0.1", "0.1"), ("-1.0", "-1"), ("-0.0", "0"), ("-0", "0"), ("100", "100"), ("4.50", "4.5"),
            ("2e-3", "0.002"), ("1E30", "1e+30"), ("0.000000000000000000000000001", "1e-27"),
            ("333333333.33333329", "333333333.3333333"), ("9007199254740993", "9007199254740992"),
        ])
    func numberLayout(text: String, expected: String) {
        #expect(JCS.number(JSONNumber(text: text)) == expected)
    }

    @Test("RFC 8785 §3.2.3 sorting example: keys ordered by UTF-16 code units")
    func rfcSortingExample() throws {
        let input =
            #"{"\u20ac":"Euro Sign","\r":"Carriage Return","\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One","\ud83d\ude00":"Emoji: Grinning Face","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis"}"#
        let text = String(decoding: try JCS.canonicalize(Array(input.utf8)), as: UTF8.self)
        let keys = try JSONValue.parse(text)
        guard case .object(let object) = keys else {
            Issue.record("not an object")
            return
        }
        // RFC order: \r, 1, \u0080, ö, €, 😀 (surrogate pair D83D sorts before FB33), דּ
        #expect(
            object.members.map(\.value)
                == [
                    "Carriage Return", "One", "Control", "Latin Small Letter O With Diaeresis", "Euro Sign",
                    "Emoji: Grinning Face", "Hebrew Letter Dalet With Dagesh",
                ].map { JSONValue.string($0) })
    }

    @Test("RFC 8785 §3.2.2 example")
    func rfcExample() throws {
        let input = #"""
            {
              "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
              "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
              "literals": [null, true, false]
            }
            """#
        let expected =
            #"{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}"#
        #expect(String(decoding: try JCS.canonicalize(Array(input.utf8)), as: UTF8.self) == expected)
    }

    @Test("a repeated member name has no JCS form")
    func duplicateKeys() throws {
        let value = try JSONValue.parse(#"{"a":1,"a":2}"#, options: JSONParseOptions(allowDuplicateKeys: true))
        #expect(throws: JCS.Error.self) { try JCS.bytes(value) }
    }

    @Test("the fingerprint is SHA-256 over the JCS bytes, so spelling and order do not change it")
    func fingerprintIgnoresSpelling() throws {
        let a = try JSONValue.parse(#"{"b": 1.0, "a": [1E2]}"#)
        let b = try JSONValue.parse(#"{"a":[100],"b":1}"#)
        #expect(try a.fingerprint() == b.fingerprint())
        #expect(try a.fingerprint() == SHA256.hex(Array(#"{"a":[100],"b":1}"#.utf8)))
    }
}

/// cyberphone/json-canonicalization's vectors from ../shared/conformance/JCS, byte for byte.
@Suite(
    "JCS conformance vectors",
    .enabled(
        if: Conformance.jcs != nil,
        "JCS vectors not found: set WIRELOCK_CONFORMANCE_DIR or place shared/conformance beside the repository"))
struct JCSConformanceTests {
    static var names: [String] {
        guard let dir = Conformance.jcs?.appendingPathComponent("input"),
            let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path)
        else { return [] }
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test("every input canonicalizes to its output byte for byte")
    func vectors() throws {
        let dir = try #require(Conformance.jcs)
        let names = Self.names
        #expect(names.count >= 6)
        for name in names {
            let input = try Data(contentsOf: dir.appendingPathComponent("input/\(name)"))
            let expected = [UInt8](try Data(contentsOf: dir.appendingPathComponent("output/\(name)")))
            let actual = try JCS.canonicalize([UInt8](input))
            #expect(actual == expected, "\(name): \(String(decoding: actual, as: UTF8.self))")
        }
    }
}

/// JCS keeps the path of the value it writes as a stack of steps and skips `Double` for short
/// integers: the errors must still name the exact path, and every number the same text as before.
@Suite("JCS paths and integer numbers")
struct JCSPathAndIntegerTests {
    @Test func anErrorDeepInsideNamesItsPath() throws {
        // 200 levels of {"a": [x, {...}]} (400 containers), the bad number at the bottom.
        var text = "1e400"
        for level in 0..<200 { text = #"{"a":[\#(level),"# + text + "]}" }
        let value = try JSONValue.parse(text)
        var expected: [JSONPath.Component] = []
        for _ in 0..<200 { expected += [.key("a"), .index(1)] }
        do {
            _ = try JCS.bytes(value)
            Issue.record("1e400 was accepted")
        } catch {
            #expect(error.path == JSONPath(expected))
        }
    }

    @Test func aRepeatedNameAfterManyElementsNamesItsPath() throws {
        let text = "[" + (0..<1000).map(String.init).joined(separator: ",") + #",{"ok":{"x":1,"x":2}}]"#
        let value = try JSONValue.parse(text, options: JSONParseOptions(allowDuplicateKeys: true))
        do {
            _ = try JCS.bytes(value)
            Issue.record("the repeated name was accepted")
        } catch {
            #expect(error.path == [.index(1000), .key("ok"), .key("x")])
        }
    }

    /// Repeated names are found among the sorted members; the error still names the one whose
    /// second occurrence comes first, and an outer repetition is reported before anything inside.
    @Test(arguments: [
        (#"{"b":1,"a":1,"b":2,"a":2}"#, [JSONPath.Component.key("b")]),
        (#"{"a":1,"c":1,"b":{"x":1},"c":2,"a":2}"#, [.key("c")]),
        (#"{"a":1,"a":2,"b":3}"#, [.key("a")]),
        (#"{"z":{"bad":1e400},"z":2}"#, [.key("z")]),
        (#"{"m":{"q":1,"p":[{"y":1,"y":2}]},"n":1}"#, [.key("m"), .key("p"), .index(0), .key("y")]),
    ])
    func aRepeatedNameIsTheFirstOneRepeated(text: String, path: [JSONPath.Component]) throws {
        let value = try JSONValue.parse(text, options: JSONParseOptions(allowDuplicateKeys: true))
        do {
            _ = try JCS.bytes(value)
            Issue.record("the repeated name was accepted: \(text)")
        } catch {
            #expect(error.path == JSONPath(path), "\(text)")
            #expect(error.reason.contains("is repeated"), "\(text): \(error.reason)")
        }
    }

    @Test func twoSpellingsOfOneTextAreTwoNames() throws {
        // U+00E9 against e + U+0301: equal Strings, different JSON names; neither is repeated.
        let value = JSONValue.object(
            JSONObject([
                .init(key: "caf\u{E9}", value: .number(1)),
                .init(key: "cafe\u{301}", value: .number(2)),
            ]))
        #expect(try JCS.text(value) == "{\"cafe\u{301}\":2,\"caf\u{E9}\":1}")
    }

    @Test(arguments: [
        "0", "-0", "7", "-7", "10", "999999999999999", "-999999999999999", "1000000000000000",
        "9007199254740993", "123456789012345678901", "100", "1.0", "1e2", "-1E+2", "0.5", "1e-7",
    ])
    func numbersKeepTheirECMAScriptForm(text: String) throws {
        #expect(JCS.number(JSONNumber(text: text)) == ECMAScriptNumber.format(try #require(Double(text))))
    }

    @Test func randomIntegersKeepTheirECMAScriptForm() throws {
        var rng = SplitMix64(seed: 8785)
        for _ in 0..<20_000 {
            let digits = 1 + rng.next(below: 17)
            var text = rng.next(below: 2) == 0 ? "-" : ""
            text += String(1 + rng.next(below: 9))
            for _ in 1..<digits { text += String(rng.next(below: 10)) }
            #expect(
                JCS.number(JSONNumber(text: text)) == ECMAScriptNumber.format(try #require(Double(text))), "\(text)")
        }
    }
}
