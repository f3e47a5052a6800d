#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireLockTestSupport

    /// `wirelock-sample explain --model NAME PAYLOAD`, run as a user would: the payload decoded into a
    /// registered model with WireJSONDecoder; the failure located, or the verification report.
    @Suite("wirelock-sample explain")
    struct RunnerExplainCommandTests {
        func sample(_ arguments: [String]) throws -> CommandResult {
            try WireLockBinary.run(arguments, in: Repository.root, executable: "wirelock-sample")
        }

        @Test func aFixtureTheModelReadsInFullIsLosslessAndExitsZero() throws {
            let result = try sample(["explain", "--model", "error", "Fixtures/API/v3/error-429.json"])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdoutLines == ["Fixtures/API/v3/error-429.json: lossless (APIErrorBody)"], "\(result)")
        }

        @Test func aDroppedMemberIsListedWithItsPlaceAndExitsOne() throws {
            let result = try sample(["explain", "--model", "movie", "Fixtures/API/v3/movies-extra-field.json"])
            #expect(result.status == 1, "\(result)")
            // movies-extra-field.json line 218, column 7: `"popularity": 87.412` in the second record.
            #expect(
                result.stdoutLines == [
                    "Fixtures/API/v3/movies-extra-field.json: Page<Movie> does not decode losslessly (1 entry):",
                    "  Fixtures/API/v3/movies-extra-field.json:218:7: $.records[1].popularity dropped by Movie",
                ], "\(result)")
        }

        @Test func swallowedErrorsAreListed() throws {
            let dir = try TemporaryDirectory()
            defer { dir.remove() }
            let payload = try dir.write("429.json", PlantedPayloads.rateLimit)
            let result = try sample(["explain", "--model", "rate-limit", payload])
            #expect(result.status == 1, "\(result)")
            #expect(
                result.stdout.contains(#"429.json:4:17: $.retryAfter: expected Int, found a string "soon""#),
                "\(result)")
            #expect(
                result.stdout.contains(#"429.json:5:13: $.status: expected Int, found a string "429""#), "\(result)")
        }

        @Test func aFailedDecodeIsLocatedAndExitsOne() throws {
            let dir = try TemporaryDirectory()
            defer { dir.remove() }
            // `"status": "oops"` is no Int: line 3, column 13 is where the string starts.
            let payload = try dir.write(
                "bad.json", "{\n  \"message\": \"Too Many Requests\",\n  \"status\": \"oops\"\n}\n")
            let result = try sample(["explain", "--model", "error", payload])
            #expect(result.status == 1, "\(result)")
            #expect(result.stdoutLines.first == "\(payload): APIErrorBody could not decode it", "\(result)")
            #expect(result.stdout.contains("\(payload):3:13: error: typeMismatch at $.status"), "\(result)")
        }

        @Test func aSyntaxErrorIsLocatedByTheValidator() throws {
            let dir = try TemporaryDirectory()
            defer { dir.remove() }
            // The trailing comma: line 2, column 34 is the `}` after it, where `wirelock validate` points.
            let payload = try dir.write("comma.json", "{\n  \"message\": \"Too Many Requests\",}\n")
            let result = try sample(["explain", "--model", "error", payload])
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout.contains("\(payload):2:34: error: trailing comma before '}' (at $)"), "\(result)")
        }

        func document(_ result: CommandResult) throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
            return try #require(object as? [String: Any], "\(result)")
        }

        @Test func theReportAsJSONNamesEachEntryByPathAndPlace() throws {
            let result = try sample([
                "explain", "--model", "movie", "--format", "json", "Fixtures/API/v3/movies-extra-field.json",
            ])
            #expect(result.status == 1, "\(result)")
            let json = try document(result)
            #expect(json["outcome"] as? String == "report")
            #expect(json["type"] as? String == "Page<Movie>")
            let dropped = try #require(json["droppedMembers"] as? [[String: Any]])
            #expect(dropped.count == 1)
            #expect(dropped.first?["path"] as? String == "$.records[1].popularity")
            #expect(dropped.first?["line"] as? Int == 218)
            #expect(dropped.first?["column"] as? Int == 7)
            #expect(dropped.first?["droppedBy"] as? String == "Movie")
            #expect((json["swallowedErrors"] as? [Any])?.isEmpty == true)
        }

        @Test func swallowedErrorsAsJSON() throws {
            let dir = try TemporaryDirectory()
            defer { dir.remove() }
            let payload = try dir.write("429.json", PlantedPayloads.rateLimit)
            let result = try sample(["explain", "--model", "rate-limit", "--format", "json", payload])
            #expect(result.status == 1, "\(result)")
            let swallowed = try #require(try document(result)["swallowedErrors"] as? [[String: Any]])
            #expect(swallowed.map { $0["path"] as? String } == ["$.retryAfter", "$.status"], "\(result)")
            #expect(swallowed.first?["line"] as? Int == 4)
            #expect(swallowed.first?["expected"] as? String == "Int")
        }

        @Test func losslessAndFailedAsJSON() throws {
            let lossless = try sample([
                "explain", "--model", "error", "--format", "json", "Fixtures/API/v3/error-429.json",
            ])
            #expect(lossless.status == 0, "\(lossless)")
            #expect(try document(lossless)["outcome"] as? String == "lossless")
            let dir = try TemporaryDirectory()
            defer { dir.remove() }
            let payload = try dir.write("bad.json", "{\n  \"message\": \"m\",\n  \"status\": \"oops\"\n}\n")
            let failed = try sample(["explain", "--model", "error", "--format", "json", payload])
            #expect(failed.status == 1, "\(failed)")
            let json = try document(failed)
            #expect(json["outcome"] as? String == "failed")
            #expect(
                (json["error"] as? String)?.contains("\(payload):3:13: error: typeMismatch at $.status") == true,
                "\(failed)")
        }

        @Test func standardInputIsRead() throws {
            let result = try WireLockBinary.run(
                ["explain", "--model", "error", "-"],
                stdin: Array(#"{"message": "m", "status": 429}"#.utf8), in: Repository.root,
                executable: "wirelock-sample")
            #expect(result.status == 0, "\(result)")
            #expect(result.stdoutLines == ["<stdin>: lossless (APIErrorBody)"], "\(result)")
        }

        @Test(arguments: [
            (["explain", "Fixtures/API/v3/error-429.json"], "missing '--model <name>'"),
            (["explain", "--model", "nope", "Fixtures/API/v3/error-429.json"], "unknown model 'nope'"),
            (["explain", "--model", "error", "/nonexistent/payload.json"], "cannot read '/nonexistent/payload.json'"),
            (["explain", "--model", "error"], "missing argument '<payload>'"),
        ])
        func usageAndInputErrorsExitTwo(_ arguments: [String], _ message: String) throws {
            let result = try sample(arguments)
            #expect(result.status == 2, "\(result)")
            #expect((result.stdout + result.stderr).contains(message), "\(result)")
        }
    }
#endif
