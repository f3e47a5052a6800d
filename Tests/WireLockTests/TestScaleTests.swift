import Foundation
import Testing
import WireLockTestSupport

/// The one switch for the heavy tests (`WIRELOCK_TEST_SCALE`), and the shared repository lookups.
@Suite("Test scale and repository lookups")
struct TestScaleTests {
    @Test(
        arguments: [
            ([:], TestScale.quick),
            (["CI": "true"], .full),
            (["CI": "1"], .quick),
            (["WIRELOCK_TEST_SCALE": "quick"], .quick),
            (["WIRELOCK_TEST_SCALE": "full"], .full),
            (["WIRELOCK_TEST_SCALE": "quick", "CI": "true"], .quick),
            (["WIRELOCK_TEST_SCALE": "", "CI": "true"], .full),
            (["WIRELOCK_TEST_SCALE": "Quick"], .full),
        ] as [([String: String], TestScale)])
    func theEnvironmentChoosesTheScale(environment: [String: String], expected: TestScale) {
        #expect(TestScale(environment: environment) == expected)
    }

    @Test func quickIsATenthAndNeverZero() {
        #expect(TestScale.full.count(20_000) == 20_000)
        #expect(TestScale.quick.count(20_000) == 2_000)
        #expect(TestScale.quick.count(10_000) == 1_000)
        #expect(TestScale.quick.count(5) == 1)
        #expect(TestScale.quick.count(1) == 1)
    }

    @Test func theRepositoryRootHoldsThePackage() {
        #expect(FileManager.default.fileExists(atPath: Repository.root.appendingPathComponent("Package.swift").path))
        #expect(FileManager.default.fileExists(atPath: Repository.fixtures.appendingPathComponent("API/v3").path))
    }

    @Test func theConformanceCorporaAreBesideTheRepositoryUnlessTheVariableSaysOtherwise() {
        #expect(
            Repository.conformance(environment: ["WIRELOCK_CONFORMANCE_DIR": "/somewhere/else"]).path
                == "/somewhere/else")
        #expect(
            Repository.conformance(environment: [:]).path
                == Repository.root.deletingLastPathComponent().path + "/shared/conformance")
    }

    @Test func aTemporaryDirectoryIsCreatedAndRemoved() throws {
        let directory = try TemporaryDirectory()
        try directory.write("a/b.json", "[]")
        #expect(try directory.readText("a/b.json") == "[]")
        directory.remove()
        #expect(!FileManager.default.fileExists(atPath: directory.url.path))
    }
}
