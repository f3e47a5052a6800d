#if WIRELOCK_SPAWN
    import Foundation
    import SampleAPI
    import Testing
    import WireJSON
    import WireLockTestSupport

    /// Runs the built `wirelock explain` on the sample fixtures with the real `DecodingError` text
    /// this toolchain prints for them.
    @Suite("wirelock explain (binary)")
    struct ExplainCommandTests {
        /// `String(describing:)` of the error JSONDecoder throws for a fixture.
        static func printedError(_ fixture: String, snakeCase: Bool = false) throws -> String {
            let data = try Data(contentsOf: Repository.url("Fixtures/API/v3/\(fixture).json"))
            let decoder = JSONDecoder.sampleAPI
            if snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
            do {
                if fixture.hasPrefix("movies") {
                    _ = try decoder.decode(Page<Movie>.self, from: data)
                } else if fixture.hasPrefix("series") {
                    _ = try decoder.decode([Series].self, from: data)
                } else {
                    _ = try decoder.decode([CalendarEntry].self, from: data)
                }
            } catch {
                return String(describing: error)
            }
            throw CancellationError()
        }

        static func run(_ arguments: [String]) throws -> CommandResult {
            try WireLockBinary.run(["explain"] + arguments, in: Repository.root)
        }

        @Test func aWrongTypeIsShownAtItsLineAndColumn() throws {
            let text = try Self.printedError("movies-wrong-type")
            #if os(Linux)
                // Linux-only: the toolchain's runtime prints the Swift 6.2+ form; an Apple OS prints the form of
                // its own runtime (the reflected one before Swift 6.2), which explain reads too (see below).
                #expect(text.hasPrefix("DecodingError.typeMismatch: "), "the Linux form this toolchain prints")
            #endif
            let result = try Self.run(["Fixtures/API/v3/movies-wrong-type.json", "--error", text])
            #expect(result.status == 0, "\(result)")
            #expect(
                result.stdoutLines == [
                    #"Fixtures/API/v3/movies-wrong-type.json:297:15: error: typeMismatch at $.records[1].year: expected Int, found a string "2001""#,
                    #"          "year": "2001","#,
                    "    " + String(repeating: " ", count: 14) + "^",
                ], "\(result)")
        }

        @Test(arguments: ["series-missing-field", "calendar-missing-field", "movies-missing-field"])
        func aMissingKeyPointsAtTheObjectThatLacksIt(_ fixture: String) throws {
            for snakeCase in [false, true] {
                let text = try Self.printedError(fixture, snakeCase: snakeCase)
                let result = try Self.run([
                    "Fixtures/API/v3/\(fixture).json", "--error", text, "--format", "json",
                    "--key-decoding", snakeCase ? "snake-case" : "default",
                ])
                #expect(result.status == 0, "\(result)")
                let document = try JSONValue.parse(Array(result.stdout.utf8))
                #expect(document["kind"] == .string("keyNotFound"))
                guard case .number(let lineNumber) = document["line"],
                    case .number(let columnNumber) = document["column"],
                    let line = Int(lineNumber.text), let column = Int(columnNumber.text)
                else {
                    Issue.record("no line and column: \(result)")
                    continue
                }
                let lines = try String(contentsOf: Repository.url("Fixtures/API/v3/\(fixture).json"), encoding: .utf8)
                    .components(separatedBy: "\n")
                #expect(Array(lines[line - 1])[column - 1] == "{", "\(result)")
            }
        }

        @Test func notValidJSONIsTheValidatorsLocation() throws {
            let text = try Self.printedError("calendar-malformed")
            let result = try Self.run(["Fixtures/API/v3/calendar-malformed.json", "--error", text])
            #expect(result.status == 0, "\(result)")
            let bytes = try Data(contentsOf: Repository.url("Fixtures/API/v3/calendar-malformed.json"))
            let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
            #expect(
                result.stdoutLines.first?.hasPrefix(
                    "Fixtures/API/v3/calendar-malformed.json:\(lines.count):\(lines[lines.count - 1].count + 1): error: unexpected end of input"
                )
                    == true, "\(result)")
        }

        @Test func theReflectedAppleFormIsAccepted() throws {
            let text =
                #"typeMismatch(Swift.Int, Swift.DecodingError.Context(codingPath: [CodingKeys(stringValue: "records", intValue: nil), _JSONKey(stringValue: "Index 1", intValue: 1), CodingKeys(stringValue: "year", intValue: nil)], debugDescription: "Expected to decode Int but found a string/data instead.", underlyingError: nil))"#
            let result = try Self.run(["Fixtures/API/v3/movies-wrong-type.json", "--error", text])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdoutLines.first?.contains(":297:15: error: typeMismatch at $.records[1].year") == true)
        }

        @Test func aPathThePayloadLacksExitsOneAndSaysHowFarItGot() throws {
            let text = try Self.printedError("movies-wrong-type")
            let result = try Self.run(["Fixtures/API/v3/movies-empty.json", "--error", text])
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout.contains("the path exists only as far as $.records"), "\(result)")
        }

        @Test func unreadableTextOrPayloadOrMissingErrorExitsTwo() throws {
            let bad = try Self.run(["Fixtures/API/v3/movies-success.json", "--error", "The data couldn’t be read."])
            #expect(bad.status == 2 && bad.stderr.contains("not a DecodingError description"), "\(bad)")
            let missing = try Self.run([
                "Fixtures/API/v3/no-such.json", "--error", try Self.printedError("movies-wrong-type"),
            ])
            #expect(missing.status == 2 && missing.stderr.contains("no-such.json"), "\(missing)")
            let usage = try Self.run(["Fixtures/API/v3/movies-success.json"])
            #expect(usage.status == 2 && usage.stderr.contains("--error"), "\(usage)")
        }
    }
#endif
