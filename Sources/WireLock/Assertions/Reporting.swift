import Foundation
import WireFuzz
import WireGolden
import WireTestReporting

#if canImport(Testing)
    import Testing
#endif

/// Where an assertion was called from, for both Swift Testing and XCTest.
public struct CallSite: Sendable {
    /// The caller's `#fileID` (`MyTests/MovieTests.swift`), for Swift Testing's source location.
    public var fileID: StaticString
    /// The caller's `#filePath`, for XCTest and for finding fixtures and goldens relative to the test file.
    public var filePath: StaticString
    /// The caller's line.
    public var line: UInt
    /// The caller's column (Swift Testing only; XCTest has none).
    public var column: UInt

    /// The call site; leave the defaults so they are filled in where this is called. The
    /// assertions build one from their own defaulted `fileID:filePath:line:column:` parameters, so a
    /// helper that wraps an assertion takes the same four and passes them on, and failures point at
    /// its caller:
    ///
    /// ```swift
    /// func assertMovieGolden(_ movie: Movie, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    ///                        line: UInt = #line, column: UInt = #column) {
    ///     assertGolden(movie, named: "movie", fileID: fileID, filePath: filePath, line: line, column: column)
    /// }
    /// ```
    public init(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

extension CallSite {
    /// Who asserts from here, for telling two tests that write one golden apart: inside a Swift
    /// Testing test, the test's module and name (its parameterized cases share it); under XCTest,
    /// the call site itself. The file is shown as the assertion's `context` shows it.
    func goldenWriter(in context: GoldenContext) -> GoldenWriter {
        let location = "\(context.shownFile):\(line)"
        #if canImport(Testing)
            if let test = Test.current {
                return GoldenWriter(
                    test: ([test.id.moduleName] + test.id.nameComponents).joined(separator: "/"), location: location)
            }
        #endif
        return GoldenWriter(test: location, location: location)
    }
}

/// Records a failure with the running test framework (see `recordTestFailure`, shared with the
/// oracle's assertions): `Issue.record` inside a Swift Testing test, `XCTFail` otherwise. Both
/// point at the caller's file and line.
func report(_ failure: WireLockFailure?, at site: CallSite) {
    report(message: failure?.message, at: site)
}

/// A fuzz check's failure, recorded the same way.
func report(_ failure: FuzzFailure?, at site: CallSite) {
    report(message: failure?.message, at: site)
}

private func report(message: String?, at site: CallSite) {
    guard let message else { return }
    recordTestFailure(
        message,
        at: TestFailureLocation(
            fileID: site.fileID, filePath: site.filePath,
            line: site.line, column: site.column))
}
