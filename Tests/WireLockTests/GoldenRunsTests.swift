import Foundation
import Testing
import WireCommands
import WireJSON
import WireLockTestSupport

@testable import WireGolden

@Suite("Recorded runs and pending reviews")
struct GoldenRunsTests {
    @Test(arguments: [
        ([String](), [String]()),
        // `swift test` with no filter: XCTest gets nothing, Swift Testing only its library flag.
        (["--testing-library", "swift-testing"], []),
        (["--filter", "Movies", "--testing-library", "swift-testing"], ["--filter Movies"]),
        (["--skip=Slow"], ["--skip=Slow"]),
        (["--parallel", "--testing-library", "swift-testing"], []),
        // `swift test --parallel` gives each XCTest worker its test's name, filtered or not.
        (["WireLockTests.XCTestReportingTests/testA"], []),
    ])
    func filterArgumentsTellAFilteredRunFromAFullOne(arguments: [String], filters: [String]) {
        #expect(GoldenRuns.filterArguments(in: arguments) == filters)
        #expect(GoldenRuns.parseArgumentsLine(GoldenRuns.argumentsLine(arguments)) == arguments)
    }

    @Test func theLatestRunGroupsProcessesBySharedParent() throws {
        let root = TemporaryDirectory.uniqueURL("wirelock-runs")
        defer { try? FileManager.default.removeItem(at: root) }
        let runs = GoldenRuns.directory(root: root)
        try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
        func record(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: runs.appendingPathComponent(name))
        }
        try record("1000-7-8.touched", "golden/a.json\n")  // same parent, 10 s earlier: same run
        try record("1010-7-9.touched", "#args\t--filter\tX\ngolden/b.json\n")
        try record("1005-3-4.touched", "golden/c.json\n")  // another parent: another run
        try record("900-10.touched", "golden/d.json\n")  // the old naming: a run of its own
        try record("notes.txt", "golden/e.json\n")
        let run = try #require(GoldenRuns.latest(root: root))
        #expect(run.files.map(\.lastPathComponent) == ["1000-7-8.touched", "1010-7-9.touched"])
        #expect(run.touched == ["golden/a.json", "golden/b.json"])
        #expect(run.filters == ["--filter X"])
        #expect(run.started == Date(timeIntervalSince1970: 1010))
    }

    @Test func pruningDeletesOnlyOldRecords() throws {
        let root = TemporaryDirectory.uniqueURL("wirelock-prune")
        defer { try? FileManager.default.removeItem(at: root) }
        let runs = GoldenRuns.directory(root: root)
        try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
        for name in ["1000-1-2.touched", "1000-3.touched", "90000-1-3.touched", "notes.txt"] {
            try Data().write(to: runs.appendingPathComponent(name))
        }
        // now = 100000: records started before 100000 - 86400 = 13600 go.
        #expect(GoldenRuns.prune(root: root, olderThan: 86_400, now: Date(timeIntervalSince1970: 100_000)) == 2)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: runs.path).sorted() == [
                "90000-1-3.touched", "notes.txt",
            ])
    }

    /// A sandbox that is a package of its own, so its assertions record their run under it.
    func packageSandbox() throws -> Sandbox {
        let box = try Sandbox()
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: box.root.appendingPathComponent("Package.swift"))
        return box
    }

    /// The goldens this process recorded under `root`, one entry per line written.
    func recorded(root: URL) throws -> [String] {
        let text = try String(contentsOf: TouchedGoldens.file(root: root), encoding: .utf8)
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    }

    @Test func aGoldenAssertedManyTimesIsRecordedOncePerProcess() throws {
        let box = try packageSandbox()
        defer { try? FileManager.default.removeItem(at: box.root) }
        try box.write(#"{"id": 1}"#, to: "item.json")
        let file = box.root.appendingPathComponent("Tests/ItemTests.swift").path
        for _ in 0..<50 {
            #expect(
                GoldenComparison.verify(
                    try JSONValue.parse(#"{"id": 1}"#), named: "item", environment: local, filePath: file) == nil)
        }
        #expect(try recorded(root: box.root) == ["golden/item.json"])
        // Asserted again after the record was written: nothing more is appended.
        #expect(
            GoldenComparison.verify(
                try JSONValue.parse(#"{"id": 1}"#), named: "item", environment: local, filePath: file) == nil)
        #expect(try recorded(root: box.root) == ["golden/item.json"])
    }

    /// Issue 26: under CI (`CI=true`) the README promises nothing is written, `.wirelock/` included;
    /// the runs record and the claims used to be written there all the same.
    @Test(arguments: [["CI": "true"], ["CI": "1", "WIRELOCK_RECORD": "never"]])
    func underCINothingIsWrittenUnderDotWirelock(environment: [String: String]) throws {
        let box = try packageSandbox()
        defer { try? FileManager.default.removeItem(at: box.root) }
        try box.write(#"{"id": 1}"#, to: "item.json")
        let file = box.root.appendingPathComponent("Tests/ItemTests.swift").path
        #expect(
            GoldenComparison.verify(
                try JSONValue.parse(#"{"id": 1}"#), named: "item", environment: environment, filePath: file) == nil)
        // A different document still fails (nothing is recorded under CI).
        #expect(
            GoldenComparison.verify(
                try JSONValue.parse(#"{"id": 2}"#), named: "item", environment: environment, filePath: file) != nil)
        let bookkeeping = box.root.appendingPathComponent(".wirelock").path
        #expect(!FileManager.default.fileExists(atPath: bookkeeping), "written under CI: \(bookkeeping)")
        // Locally the same assertion records its run.
        #expect(
            GoldenComparison.verify(
                try JSONValue.parse(#"{"id": 1}"#), named: "item", environment: local, filePath: file) == nil)
        #expect(FileManager.default.fileExists(atPath: bookkeeping))
    }

    @Test func theFirstAssertionOfAGoldenAppendsItAtOnce() throws {
        let box = try packageSandbox()
        defer { try? FileManager.default.removeItem(at: box.root) }
        TouchedGoldens.shared.note("golden/first.json", root: box.root)
        // Readable now, by another process too (`wirelock golden --orphans` while tests still run).
        let text = try String(contentsOf: TouchedGoldens.file(root: box.root), encoding: .utf8)
        #expect(text.hasPrefix("#args\t"), "the process that creates the record starts it with its arguments")
        #expect(text.hasSuffix("\ngolden/first.json\n"))
        TouchedGoldens.shared.note("golden/second.json", root: box.root)
        TouchedGoldens.shared.note("golden/first.json", root: box.root)
        #expect(try recorded(root: box.root) == ["golden/first.json", "golden/second.json"])
    }

    @Test func theLatestRunIncludesWhatThisProcessNoted() throws {
        let box = try packageSandbox()
        defer { try? FileManager.default.removeItem(at: box.root) }
        try box.write("[1]", to: "a.json")
        try box.write("[2]", to: "b.json")
        let file = box.root.appendingPathComponent("Tests/ATests.swift").path
        #expect(
            GoldenComparison.verify(try JSONValue.parse("[1]"), named: "a", environment: local, filePath: file) == nil)
        let run = try #require(GoldenRuns.latest(root: box.root))
        #expect(run.touched == ["golden/a.json"])
        #expect(GoldenRuns.orphans(in: box.golden, run: run, root: box.root).map(\.lastPathComponent) == ["b.json"])
    }

    @Test func anAssertionsContextFindsTheRootOnceAndAFileWithoutOneAgain() throws {
        let box = try Sandbox()
        defer { try? FileManager.default.removeItem(at: box.root) }
        let file = box.root.appendingPathComponent("Tests/Sub/ContextTests.swift").path
        let before = GoldenContext(filePath: file, environment: local)
        #expect(before.root == nil)
        #expect(before.shownFile == file)
        // The package appears after the first look: a file without a root is not remembered as such.
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: box.root.appendingPathComponent("Package.swift"))
        let context = GoldenContext(filePath: file, environment: local)
        #expect(context.root?.standardizedFileURL.path == box.root.standardizedFileURL.path)
        #expect(context.shownFile == "Tests/Sub/ContextTests.swift")
        #expect(context.directory.standardizedFileURL.path == box.golden.standardizedFileURL.path)
        #expect(context.defaultWriter == GoldenWriter(test: context.shownFile, location: context.shownFile))
        // The golden directory still follows the environment and the assertion's own argument.
        let elsewhere = box.root.appendingPathComponent("elsewhere")
        #expect(
            GoldenContext(filePath: file, environment: ["WIRELOCK_GOLDEN_DIR": elsewhere.path]).directory.path
                == elsewhere.path)
        #expect(GoldenContext(filePath: file, goldenDirectory: elsewhere, environment: local).directory == elsewhere)
    }

    @Test func noRecordedRunIsNil() {
        let root = TemporaryDirectory.uniqueURL("wirelock-none")
        #expect(GoldenRuns.latest(root: root) == nil)
    }

    @Test func aReviewComparesCanonicalForms() throws {
        let box = try Sandbox()
        try box.write(#"{"title": "Heat", "id": 1}"#, to: "heat.json")
        try box.write(#"{"id": 1, "title": "Heat (1995)"}"#, to: "heat.actual.json")
        let pending = try #require(PendingGoldens.list(in: box.golden).first)
        let review = PendingGoldens.review(pending, root: box.root)
        #expect(review.summary == "1 difference")
        #expect(review.differences.map(\.description) == [#"$.title: golden "Heat" ≠ actual "Heat (1995)""#])
        // Key order differs on disk, but the line diff is of the canonical texts: only the title line.
        #expect(
            review.lineDiff.split(separator: "\n").filter { $0.hasPrefix("-") || $0.hasPrefix("+") } == [
                "--- golden/heat.json", "+++ golden/heat.actual.json",
                #"-  "title": "Heat""#, #"+  "title": "Heat (1995)""#,
            ])
    }

    @Test func aReviewNamesAnInvalidPendingFile() throws {
        let box = try Sandbox()
        try box.write("[1,", to: "x.actual.json")
        let review = PendingGoldens.review(try #require(PendingGoldens.list(in: box.golden).first), root: box.root)
        #expect(review.problem?.hasPrefix("golden/x.actual.json:1:4:") == true, "\(review.problem ?? "nil")")
        #expect(review.summary.hasPrefix("cannot be compared: "))
    }

    @Test func aNewGoldenIsSaidSo() throws {
        let box = try Sandbox()
        try box.write("[1]", to: "x.actual.json")
        let review = PendingGoldens.review(try #require(PendingGoldens.list(in: box.golden).first), root: box.root)
        #expect(review.isNewGolden && review.summary == "new golden")
        #expect(review.lineDiff.contains("+  1"))
    }
}
