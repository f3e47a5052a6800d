#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Where a failure is recorded: the caller's `#fileID`, `#filePath`, `#line` and `#column`, as every
/// WireLock assertion takes them. XCTest records at the path and line as they are; Swift Testing
/// takes them as a ``sourceLocation``.
package struct TestFailureLocation: Sendable {
    package var fileID: StaticString
    package var filePath: StaticString
    package var line: UInt
    package var column: UInt

    /// One call site, for both frameworks.
    package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    #if canImport(Testing)
        /// The call site as Swift Testing records it.
        package var sourceLocation: SourceLocation {
            SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
        }
    #endif
}

/// Records a failure with the running test framework, the one way every WireLock assertion
/// (golden, round trip, fuzz, oracle) does: `Issue.record` inside a Swift Testing test, `XCTFail`
/// otherwise. Both point at `location`.
package func recordTestFailure(_ message: String, at location: TestFailureLocation) {
    #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
            return
        }
    #endif
    #if canImport(XCTest)
        XCTFail(message, file: location.filePath, line: location.line)
    #endif
}
