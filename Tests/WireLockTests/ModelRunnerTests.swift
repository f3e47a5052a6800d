import Foundation
import Testing
import WireLockTestSupport

@testable import WireLock
@testable import WireLockRunner

/// Test-local models for the runner, namespaced so they never shadow SampleAPI's.
enum RunnerModels {
    /// Drops `rating` and writes `score` as a whole number when it is one.
    struct Movie: Codable {
        var id: Int
        var title: String
        var score: Double
    }
}

@Suite("Model runner")
struct ModelRunnerTests {
    /// Fixtures in a fresh folder: `movies-lossy.json` has a member the model drops (`rating`) and a
    /// `1.0` the encoder writes as `1`; `movies-plain.json` has neither; `movies-wrong-type.json`
    /// has a string id.
    func fixtures() throws -> URL {
        let dir = TemporaryDirectory.uniqueURL("wirelock-runner")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(#"{"id": 1, "rating": "R", "score": 1.0, "title": "Heat"}"#.utf8).write(
            to: dir.appendingPathComponent("movies-lossy.json"))
        try Data(#"{"id": 2, "score": 7.5, "title": "Ran"}"#.utf8).write(
            to: dir.appendingPathComponent("movies-plain.json"))
        try Data(#"{"id": "3", "score": 7.5, "title": "Ran"}"#.utf8).write(
            to: dir.appendingPathComponent("movies-wrong-type.json"))
        return dir
    }

    func run(_ runner: ModelRunner, _ arguments: [String]) -> (status: Int32, lines: [String]) {
        var lines: [String] = []
        let status = runner.run(arguments) { lines.append($0) }
        return (status, lines)
    }

    @Test func perFixtureAcceptedDifferencesArePrintedWithTheirReasons() throws {
        let dir = try fixtures()
        defer { try? FileManager.default.removeItem(at: dir) }
        var runner = ModelRunner(toolName: "t")
        runner.register(
            RunnerModels.Movie.self, as: "movie", fixtures: [dir.path + "/movies-*.json"],
            acceptingByFixture: [
                "movies-lossy": [
                    .init("$.rating", because: "ratings are not shown in the app"),
                    .init("$.score", because: "1.0 and 1 are the same number"),
                ],
                "movies-plain.json": [.init("$.score", because: "scores were rounded once")],
            ])
        let result = run(runner, ["roundtrip"])
        #expect(result.status == 0, "\(result.lines)")
        #expect(
            result.lines == [
                "ok   movie \(dir.path)/movies-lossy.json: lossless (2 accepted differences)",
                #"       accepted `$.rating` (in the fixture as "R", not re-encoded): ratings are not shown in the app"#,
                "       accepted `$.score` (1.0 → 1): 1.0 and 1 are the same number",
                "ok   movie \(dir.path)/movies-plain.json: lossless",
                "       note: accepted difference `$.score` matched nothing in this fixture (stale?)",
                "ok   movie \(dir.path)/movies-wrong-type.json: rejected: typeMismatch at $.id: expected Int: Expected to decode Int but found a string instead.",
                "3 fixtures: 3 as expected, 0 failed",
            ])
    }

    @Test func aDeclarationForOneFixtureDoesNotCoverAnother() throws {
        let dir = try fixtures()
        defer { try? FileManager.default.removeItem(at: dir) }
        var runner = ModelRunner(toolName: "t")
        runner.register(
            RunnerModels.Movie.self, as: "movie", fixtures: [dir.path + "/movies-lossy.json"],
            acceptingByFixture: [
                "movies-plain": [.init("$.rating", because: "declared for the wrong fixture")],
                "movies-lossy": [.init("$.score", because: "same number")],
            ])
        let result = run(runner, ["roundtrip"])
        #expect(result.status == 1)
        #expect(
            result.lines == [
                "FAIL movie \(dir.path)/movies-lossy.json: LOSSY",
                #"       lossy decode: `$.rating` is in the fixture but not in the re-encoded value (the fixture has "R")"#,
                "       accepted `$.score` (1.0 → 1): same number",
                "1 fixture: 0 as expected, 1 failed",
            ])
    }

    @Test func theOlderPerModelFormStillWorksAndIsListedToo() throws {
        let dir = try fixtures()
        defer { try? FileManager.default.removeItem(at: dir) }
        var runner = ModelRunner(toolName: "t")
        runner.register(
            RunnerModels.Movie.self, as: "movie", fixtures: [dir.path + "/movies-lossy.json"],
            accepting: [
                .init("$.rating", because: "ratings are not shown"),
                .init("$.score", because: "same number"),
            ])
        let result = run(runner, ["roundtrip", "movie"])
        #expect(result.status == 0, "\(result.lines)")
        #expect(
            result.lines.dropFirst().prefix(2) == [
                #"       accepted `$.rating` (in the fixture as "R", not re-encoded): ratings are not shown"#,
                "       accepted `$.score` (1.0 → 1): same number",
            ])
    }

    /// A declaration naming a member neither the fixture nor its re-encoding has (misspelt, or the
    /// Swift name of a snake_case key) is stale: the fixture fails instead of passing with a note.
    @Test func aPerFixtureDeclarationNamingNoMemberFailsAsStale() throws {
        let dir = try fixtures()
        defer { try? FileManager.default.removeItem(at: dir) }
        var runner = ModelRunner(toolName: "t")
        runner.register(
            RunnerModels.Movie.self, as: "movie", fixtures: [dir.path + "/movies-plain.json"],
            accepting: [
                .init(
                    "$.everywhere",
                    because: "model-wide declarations apply to every fixture, so they are not judged per fixture")
            ],
            acceptingByFixture: [
                "movies-plain": [.init("$.tagline", because: "an old field")]
            ])
        let result = run(runner, ["roundtrip"])
        #expect(result.status == 1)
        #expect(
            result.lines == [
                "FAIL movie \(dir.path)/movies-plain.json: STALE",
                "       stale: accepted difference `$.tagline` (an old field) names no member of the fixture or of the re-encoded value; patterns name wire keys, not Swift properties",
                "1 fixture: 0 as expected, 1 failed",
            ])
    }

    @Test(arguments: [
        ("movies-lossy", true), ("movies-lossy.json", true), ("movies-*", true), ("movies-plain", false),
        ("lossy", false),
    ])
    func fixtureKeysMatchTheFileName(key: String, matches: Bool) {
        let found = ModelRunner.acceptedDifferences(for: "movies-lossy.json", in: [key: [.init("$.x", because: "r")]])
        #expect(found.count == (matches ? 1 : 0))
    }

    @Test func anUnknownModelIsAUsageError() {
        let runner = ModelRunner(toolName: "t")
        let result = run(runner, ["roundtrip", "nope"])
        #expect(result.status == 2)
        #expect(result.lines.first?.hasPrefix("t: error: unknown model 'nope'") == true)
    }
}
