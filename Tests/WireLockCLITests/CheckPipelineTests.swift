import Testing
import WireCommands
import WireGolden
import WireLint
import WireLockTestSupport
import WireShapeTools
import WireShapes
import WireSupport

/// `wirelock check`'s pipeline called as a library (``CheckPipeline``), no process spawned: a small
/// repository in a temporary directory, its configuration given as `--config` would give it.
@Suite("Check pipeline (library)")
struct CheckPipelineTests {
    /// A clean package: one canonical fixture a test names, one golden (found beside
    /// `Package.swift`, not in the working directory) with its lock line and shape file, and a short
    /// smoke campaign.
    struct Repository {
        let directory: TemporaryDirectory

        init(configuration: String = #"{"fuzz": {"count": 50, "seed": 3}}"# + "\n") throws {
            directory = try TemporaryDirectory()
            try directory.write("Package.swift", "// swift-tools-version:6.0\n")
            try directory.write("Fixtures/thing-good.json", "{\n  \"a\": 1\n}\n")
            try directory.write("Tests/AppTests/ThingTests.swift", "// thing-good user-email\n")
            try directory.write("wirelock.json", configuration)
            try writeGolden("{\n  \"name\": \"before\"\n}\n")
            try lock()
        }

        func writeGolden(_ text: String) throws {
            try directory.write("golden/thing.json", text)
        }

        /// What `wirelock lock` writes: the lock file and the shape file, through the same library calls.
        func lock() throws {
            let formats = try GoldenCatalog.formats(from: [("thing.json", try directory.read("golden/thing.json"))])
            for format in formats {
                try directory.write(
                    "golden/\(GoldenCatalog.shapesFolder)/\(format.name).shape.json",
                    bytes: format.shape().fileBytes(name: format.name))
            }
            try directory.write("golden/\(GoldenCatalog.lockFileName)", try WireLockFile.build(formats).text)
        }

        func check(paths: [String] = []) throws(ConfigurationFile.LoadError) -> CheckPipeline.Result {
            try CheckPipeline.run(
                CheckPipeline.Configuration(
                    configurationFile: RawPath(directory.path("wirelock.json")),
                    paths: paths.map { RawPath(directory.path($0)) }))
        }
    }

    /// `RULE FILE LINE` of each finding, `-` for a finding about the whole file.
    static func summary(_ result: CheckPipeline.Result) -> [String] {
        result.findings.map { "\($0.ruleID) \($0.file) \($0.region.map { String($0.line) } ?? "-")" }
    }

    @Test func aCleanTreeHasNoFindingsAndEveryCheckRan() throws {
        let repository = try Repository()
        defer { repository.directory.remove() }
        let result = try repository.check()
        #expect(result.findings.isEmpty, "\(Self.summary(result))")
        #expect(result.errors.isEmpty)
        #expect(!result.hasFailingFindings)
        #expect(result.steps.map(\.check) == ["validate", "fmt --check", "lint", "lock --check", "fuzz smoke"])
        let steps = Dictionary(uniqueKeysWithValues: result.steps.map { ($0.check, $0) })
        #expect(steps["validate"]?.files == 3, "fixture, golden, shape file")
        #expect(steps["lock --check"]?.files == 3, "the golden, its shape file and the lock file")
        #expect(steps["lock --check"]?.note == nil)
        #expect(steps["fuzz smoke"]?.note == "50 mutants, seed 3")
        #expect(result.root == PackageLocation.absolute(RawPath(repository.directory.url.path)))
    }

    @Test func aLintFindingIsReportedAtItsPlace() throws {
        let repository = try Repository()
        defer { repository.directory.remove() }
        try repository.directory.write("Fixtures/user-email.json", "{\n  \"email\": \"jane.doe@acme-mail.io\"\n}\n")
        let result = try repository.check()
        #expect(Self.summary(result) == ["personal.email Fixtures/user-email.json 2"])
        #expect(result.findings.first?.region?.column == 12)
        #expect(result.hasFailingFindings)
        #expect(result.steps.first { $0.check == "lint" }?.findings == 1)
    }

    @Test func aGoldenChangedAfterItWasLockedIsALockFinding() throws {
        let repository = try Repository()
        defer { repository.directory.remove() }
        try repository.writeGolden("{\n  \"name\": \"after\"\n}\n")
        let result = try repository.check()
        let lock = try repository.directory.readText("golden/wirelock.lock").split(
            separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lock.firstIndex { $0.hasPrefix("thing ") }) + 1
        #expect(Self.summary(result) == ["lock.golden-changed golden/wirelock.lock \(line)"])
        #expect(result.errors.isEmpty)
        // Locking again accepts the change.
        try repository.lock()
        #expect(try repository.check().findings.isEmpty)
    }

    @Test func invalidAndNonCanonicalInputsAreFindingsOfTheirOwn() throws {
        let repository = try Repository()
        defer { repository.directory.remove() }
        try repository.directory.write("Fixtures/thing-broken.json", "{\n  \"a\": 1,\n  x\n}\n")
        try repository.directory.write("Fixtures/thing-messy.json", "{\n  \"a\": 1,\n    \"b\": 2\n}\n")
        let result = try repository.check()
        #expect(
            Self.summary(result).sorted() == [
                "format.invalid-json Fixtures/thing-broken.json 3",
                "format.non-canonical Fixtures/thing-messy.json 3",
                "unreferenced.fixture Fixtures/thing-messy.json -",
            ])
    }

    @Test func anInvalidConfigurationIsAnErrorNamingTheFileAndNothingIsChecked() throws {
        let repository = try Repository(configuration: #"{"fuzz": {"cnt": 5}}"# + "\n")
        defer { repository.directory.remove() }
        #expect {
            _ = try repository.check()
        } throws: { error in
            guard case .invalid(let invalid) = error as? ConfigurationFile.LoadError else { return false }
            return invalid.description.contains("wirelock.json") && invalid.description.contains("cnt")
        }
    }

    @Test func aMissingGivenConfigurationIsUnreadable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = RawPath(directory.path("nowhere.json"))
        #expect {
            _ = try CheckPipeline.run(CheckPipeline.Configuration(configurationFile: file))
        } throws: { error in
            guard case .unreadable(let named, _) = error as? ConfigurationFile.LoadError else { return false }
            return named == file && "\(error)".hasPrefix("cannot read '\(file.displayed)': ")
        }
    }

    @Test func pathsReplaceTheConfigurationsInputsAndAMissingOneIsAnError() throws {
        let repository = try Repository()
        defer { repository.directory.remove() }
        try repository.directory.write("Other/user-email.json", "{\n  \"email\": \"jane.doe@acme-mail.io\"\n}\n")
        let result = try repository.check(paths: ["Other", "Missing/gone.json"])
        #expect(Self.summary(result) == ["personal.email Other/user-email.json 2"])
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.contains("gone.json") == true, "\(result.errors)")
    }
}
