#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireDecoder
    import WireJSON
    import WireLockTestSupport

    /// Issue 14, done-when 2, from the outside: for each broken fixture, strict `WireJSONDecoder`'s
    /// error is what the built `wirelock validate --format json` prints for the same file.
    @Suite("WireJSONDecoder's strict errors match wirelock validate")
    struct DecoderLocationCLITests {
        /// A model that reads nothing: strict mode must still reject the whole document.
        struct ReadsNothing: Decodable {
            init(from decoder: any Decoder) throws {}
        }

        /// Fixtures/invalid/*.json and Fixtures/API/v3/*-malformed*.json, relative to the repository.
        static func brokenFixtures() throws -> [String] {
            var paths: [String] = []
            for folder in ["Fixtures/invalid", "Fixtures/API/v3"] {
                let names = try FileManager.default.contentsOfDirectory(atPath: Repository.url(folder).path)
                for name in names
                where name.hasSuffix(".json") && (folder.hasSuffix("invalid") || name.contains("-malformed")) {
                    paths.append(folder + "/" + name)
                }
            }
            return paths.sorted()
        }

        @Test func strictDecodingErrorsAreWhatValidatePrints() throws {
            let paths = try Self.brokenFixtures()
            #expect(paths.count >= 9)
            let result = try WireLockBinary.run(["validate", "--format", "json"] + paths, in: Repository.root)
            #expect(result.status == 1, "every file is broken, so the status is 1: \(result)")
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let files = try #require(report["files"] as? [[String: Any]])
            #expect(files.count == paths.count, "\(result.stdout)")
            for file in files {
                let path = try #require(file["path"] as? String)
                guard let printed = (file["errors"] as? [[String: Any]])?.first,
                    let excerpt = printed["excerpt"] as? [String: Any]
                else {
                    Issue.record("\(path): validate printed no error with an excerpt: \(file)")
                    continue
                }
                let data = try Data(contentsOf: Repository.url(path))
                do {
                    _ = try WireJSONDecoder().decode(ReadsNothing.self, from: data)
                    Issue.record("\(path): strict decoding accepted it; validate says \(printed)")
                } catch DecodingError.dataCorrupted(let context) {
                    #expect(context.codingPath.isEmpty, "\(path): \(context.codingPath)")
                    guard let syntax = context.underlyingError as? JSONSyntaxError else {
                        Issue.record("\(path): underlying error \(String(describing: context.underlyingError))")
                        continue
                    }
                    #expect(syntax.kind.name == printed["kind"] as? String, "\(path)")
                    #expect(syntax.reason == printed["reason"] as? String, "\(path)")
                    #expect(syntax.location.line == printed["line"] as? Int, "\(path)")
                    #expect(syntax.location.column == printed["column"] as? Int, "\(path)")
                    #expect(syntax.location.offset == printed["offset"] as? Int, "\(path)")
                    #expect(syntax.path.description == printed["path"] as? String, "\(path)")
                    #expect(syntax.excerpt.text == excerpt["text"] as? String, "\(path)")
                    #expect(syntax.excerpt.caretColumn == excerpt["caretColumn"] as? Int, "\(path)")
                } catch {
                    Issue.record("\(path): expected DecodingError.dataCorrupted, got \(error)")
                }
            }
        }
    }
#endif
