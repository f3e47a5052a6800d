import Foundation
import WireStub
import WireTestReporting

#if canImport(XCTest)
    import XCTest
#endif

/// Runs `body` with a fresh `StubServer` and, when it ends (returning or throwing), records a
/// test issue for each problem the server found: every unmatched request (with the routes, the
/// closest one and why it missed), exhausted sequence, unusable fixture, failed handler, and every
/// route declared but never called that is not `.optional()`. Works under Swift Testing and XCTest.
///
/// ```swift
/// @Test func moviesLoad() async throws {
///     try await withStubServer { server in
///         server.stub(.get("/api/v3/movie"), fixture: "movies-success")
///         let movies = try await MediaClient(session: server.session, baseURL: server.baseURL).movies()
///         #expect(movies.count == 3)
///     }
/// }
/// ```
/// - Parameters:
///   - fixtures: the server's fixtures subfolder (see `StubServer.init(fixtures:latency:requestTimeout:filePath:)`).
///   - latency: virtual (default) or real latency.
///   - requestTimeout: how long a stalled request waits before `URLError(.timedOut)` (5 s by default).
///   - isolation: the caller's actor, so `body` runs where the test does.
///   - fileID: where problems are recorded (Swift Testing); leave the default.
///   - filePath: where problems are recorded (XCTest), and where `Fixtures/` is searched from.
///   - line: the line problems are recorded at.
///   - column: the column problems are recorded at.
///   - body: the test's work with the server.
/// - Returns: what `body` returns.
/// - Throws: what `body` throws (after the problems are recorded).
public func withStubServer<Result>(
    fixtures: String? = nil, latency: StubClock.Mode = .virtual,
    requestTimeout: TimeInterval = StubServer.defaultRequestTimeout,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: (StubServer) async throws -> Result
) async rethrows -> Result {
    let server = StubServer(fixtures: fixtures, latency: latency, requestTimeout: requestTimeout, filePath: filePath)
    let location = TestFailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
        let result = try await body(server)
        recordProblems(of: server, at: location)
        return result
    } catch {
        recordProblems(of: server, at: location)
        throw error
    }
}

/// Records one test issue per problem in `StubServer.verify()`.
///
/// ```swift
/// let server = StubServer()
/// defer { assertNoStubProblems(server) }
/// ```
public func assertNoStubProblems(
    _ server: StubServer,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    recordProblems(
        of: server, at: TestFailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

func recordProblems(of server: StubServer, at location: TestFailureLocation) {
    for problem in server.verify() {
        recordTestFailure("WireStub \(problem)", at: location)
    }
}

#if canImport(XCTest)
    extension XCTestCase {
        /// A fresh `StubServer` whose problems (see ``withStubServer(fixtures:latency:requestTimeout:isolation:fileID:filePath:line:column:_:)``)
        /// fail this test when it tears down.
        ///
        /// ```swift
        /// func testMovies() async throws {
        ///     let server = makeStubServer()
        ///     server.stub(.get("/api/v3/movie"), fixture: "movies-success")
        ///     …
        /// }
        /// ```
        public func makeStubServer(
            fixtures: String? = nil, latency: StubClock.Mode = .virtual,
            requestTimeout: TimeInterval = StubServer.defaultRequestTimeout,
            file: StaticString = #filePath, line: UInt = #line
        ) -> StubServer {
            let server = StubServer(
                fixtures: fixtures, latency: latency, requestTimeout: requestTimeout, filePath: file)
            let location = TestFailureLocation(fileID: file, filePath: file, line: line, column: 1)
            addTeardownBlock { recordProblems(of: server, at: location) }
            return server
        }
    }
#endif
