#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireJSON
    import WireLockTestSupport

    /// The command line must agree with the library on the public JSONTestSuite corpus (issue 2: "`wirelock
    /// validate` on those files agrees"). Read from `WIRELOCK_CONFORMANCE_DIR` or `../shared/conformance`;
    /// skipped, visibly, when neither exists.
    @Suite("wirelock validate over JSONTestSuite")
    struct ConformanceCLITests {
        static var testParsing: URL? { Repository.conformance("JSONTestSuite/test_parsing") }

        /// Per file name: valid, and the kind of the first error.
        static func verdicts(_ extra: [String] = []) throws -> [String: (valid: Bool, kind: String?)] {
            let suite = try #require(testParsing)
            let result = try WireLockBinary.run(["validate", "--format", "json"] + extra + [suite.path])
            #expect(result.status == 1, "some files are invalid, so the status is 1: \(result.stderr)")
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let files = try #require(report["files"] as? [[String: Any]])
            var verdicts: [String: (valid: Bool, kind: String?)] = [:]
            for file in files {
                let name = URL(fileURLWithPath: try #require(file["path"] as? String)).lastPathComponent
                let errors = file["errors"] as? [[String: Any]] ?? []
                verdicts[name] = (try #require(file["valid"] as? Bool), errors.first?["kind"] as? String)
            }
            return verdicts
        }

        @Test(.enabled(if: testParsing != nil, "JSONTestSuite not found (set WIRELOCK_CONFORMANCE_DIR)"))
        func strictModeAgreesWithTheCorpusAndTheLibrary() throws {
            let verdicts = try Self.verdicts()
            let duplicates: Set = ["y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json"]
            #expect(verdicts.count > 300)
            for (name, verdict) in verdicts.sorted(by: { $0.key < $1.key }) {
                if name.hasPrefix("n_") {
                    #expect(!verdict.valid, "\(name) must be rejected")
                } else if name.hasPrefix("y_") {
                    if duplicates.contains(name) {
                        #expect(!verdict.valid && verdict.kind == "duplicate-key", "\(name): \(verdict)")
                    } else {
                        #expect(verdict.valid, "\(name) must be accepted")
                    }
                } else {
                    // i_: whatever the library decides (pinned and explained in ConformanceTests and README).
                    let bytes = Array(try Data(contentsOf: try #require(Self.testParsing).appendingPathComponent(name)))
                    let library = JSONValidator().validate(bytes)
                    #expect(verdict.valid == library.isValid, "\(name)")
                    #expect(verdict.kind == library.errors.first?.kind.name, "\(name)")
                }
            }
        }

        @Test(.enabled(if: testParsing != nil, "JSONTestSuite not found (set WIRELOCK_CONFORMANCE_DIR)"))
        func allowDuplicateKeysAcceptsEveryYFile() throws {
            let verdicts = try Self.verdicts(["--allow-duplicate-keys"])
            let y = verdicts.filter { $0.key.hasPrefix("y_") }
            #expect(y.count == 95)
            #expect(y.allSatisfy { $0.value.valid }, "\(y.filter { !$0.value.valid }.keys.sorted())")
        }
    }
#endif
