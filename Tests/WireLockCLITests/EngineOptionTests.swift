#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireJSON
    import WireLockTestSupport

    /// `wirelock validate --engine` and `WIRELOCK_JSON_ENGINE`: both engines print the same report,
    /// and a name that is no engine is a usage error rather than a silent fallback.
    @Suite("wirelock validate --engine (binary)")
    struct EngineOptionTests {
        /// The valid and the broken fixtures, as one run prints them.
        static let inputs = ["Fixtures/API/v3", "Fixtures/invalid"]

        @Test("both engines print the same report for the fixtures", arguments: ["--engine", "environment"])
        func enginesPrintTheSameReport(how: String) throws {
            func run(_ engine: String) throws -> CommandResult {
                how == "--engine"
                    ? try WireLockBinary.run(["validate", "--engine", engine] + Self.inputs, in: Repository.root)
                    : try WireLockBinary.run(
                        ["validate"] + Self.inputs, in: Repository.root, environment: ["WIRELOCK_JSON_ENGINE": engine])
            }
            let yajl = try run("yajl")
            let swift = try run("swift")
            #expect(yajl.status == 1, "\(yajl)")
            #expect(swift.status == yajl.status)
            #expect(swift.stdout == yajl.stdout)
            #expect(swift.stderr == yajl.stderr)
            #expect(yajl.stdout.contains("error:"), "the invalid fixtures are reported")
        }

        @Test func anUnknownEngineIsAUsageError() throws {
            let result = try WireLockBinary.run(["validate", "--engine", "rapidjson", "Fixtures"], in: Repository.root)
            #expect(result.status == 2)
            #expect(result.stderr.contains("invalid value 'rapidjson' for '--engine': expected one of swift, yajl"))
        }

        @Test func anUnknownEngineInTheEnvironmentIsAUsageError() throws {
            let result = try WireLockBinary.run(
                ["validate", "Fixtures"], in: Repository.root, environment: ["WIRELOCK_JSON_ENGINE": "fast"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("WIRELOCK_JSON_ENGINE='fast' names no engine: expected swift or yajl"))
            #expect(result.stdout.isEmpty)
        }
    }
#endif
