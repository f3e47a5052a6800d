#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Where a failure is recorded: the caller's location in the two forms the test frameworks take.
/// Swift Testing wants the file ID, path, line and column as values; XCTest wants the
/// `StaticString` path and the line its own `#filePath`/`#line` defaults produced. They are kept
/// apart because an API may take them as separate parameters (the oracle's assertions take a
/// `SourceLocation` and `file:line:`).
package struct TestFailureLocation: Sendable {
    package var fileID: String
    package var filePath: String
    package var line: Int
    package var column: Int
    package var xcTestFile: StaticString
    package var xcTestLine: UInt

    /// One call site, for both frameworks.
    package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = "\(fileID)"
        self.filePath = "\(filePath)"
        self.line = Int(line)
        self.column = Int(column)
        self.xcTestFile = filePath
        self.xcTestLine = line
    }

    /// Swift Testing's location given as its parts, XCTest's as `#filePath` and `#line`.
    package init(fileID: String, filePath: String, line: Int, column: Int, xcTestFile: StaticString, xcTestLine: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
        self.xcTestFile = xcTestFile
        self.xcTestLine = xcTestLine
    }
}

/// Records a failure with the running test framework, the one way every WireLock assertion
/// (golden, round trip, fuzz, oracle) does: `Issue.record` inside a Swift Testing test, `XCTFail`
/// otherwise. Both point at `location`.
package func recordTestFailure(_ message: String, at location: TestFailureLocation) {
    #if canImport(Testing)
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: location.fileID, filePath: location.filePath,
                    line: location.line, column: location.column))
            return
        }
    #endif
    #if canImport(XCTest)
        XCTFail(message, file: location.xcTestFile, line: location.xcTestLine)
    #endif
}
