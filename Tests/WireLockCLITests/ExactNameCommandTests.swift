#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireJSON
    import WireLockTestSupport

    /// `wirelock shape`, `fuzz` and `diff` on objects with one name in two spellings — composed é
    /// (U+00E9) and e + U+0301: equal as Swift strings, two names in JSON.
    @Suite("wirelock on names in two spellings")
    struct ExactNameCommandTests {
        static let flat = "{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}"
        static let nested = "{\"a\": {\"caf\u{E9}\": [1, 2], \"cafe\u{301}\": {\"x\": true}}}"

        @Test func shapeListsBothMembers() throws {
            let dir = try TemporaryDirectory()
            defer { dir.remove() }
            try dir.write("both.json", Self.flat)
            let result = try WireLockBinary.run(["shape", "both.json"], in: dir.url)
            #expect(result.status == 0, "\(result)")
            guard case .object(let members)? = try JSONValue.parse(result.stdout)["shape"]?["members"] else {
                Issue.record("no members in \(result.stdout)")
                return
            }
            // Decomposed first (canonical order: U+0065 before U+00E9).
            #expect(
                members.members.map { Array($0.key.utf8) } == [Array("cafe\u{301}".utf8), Array("caf\u{E9}".utf8)],
                "\(result.stdout)")
        }

        @Test(arguments: [flat, nested])
        func fuzzFindsNothingAndDoesNotCrash(text: String) throws {
            let dir = try TemporaryDirectory()
            defer { dir.remove() }
            try dir.write("seed.json", text)
            let result = try WireLockBinary.run(["fuzz", "seed.json", "--seed", "0", "--count", "3000"], in: dir.url)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdoutLines.last == "3000 mutants: 3000 as expected, 0 findings", "\(result)")
        }

        @Test func diffReportsANameRespelledAsARename() throws {
            let dir = try TemporaryDirectory()
            defer { dir.remove() }
            try dir.write("old/item.json", "{\"id\": 1, \"caf\u{E9}\": 1}")
            try dir.write("new/item.json", "{\"id\": 1, \"cafe\u{301}\": 1}")
            let result = try WireLockBinary.run(["diff", "old", "new"], in: dir.url)
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout.contains("member-renamed at $["), "\(result)")
            #expect(!result.stdout.contains("value-only"), "\(result)")
        }
    }
#endif
