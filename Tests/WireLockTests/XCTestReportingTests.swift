#if canImport(XCTest)
    import Foundation
    import WireLockTestSupport
    import XCTest
    @testable import WireLock
    @testable import WireGolden

    /// Outside Swift Testing, failures go to XCTFail at the caller's file and line.
    final class XCTestReportingTests: XCTestCase {
        private var recorded: [(description: String, file: String, line: Int)] = []

        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
        ) {
            recorded.append((description, filePath, lineNumber))
        }

        func testAssertGoldenFailsAtTheCallersLine() throws {
            let dir = TemporaryDirectory.uniqueURL("wirelock-xctest")
            assertGolden(["id": 1], named: "x", record: .never, goldenDirectory: dir)
            let line = #line
            let failure = try XCTUnwrap(recorded.first)
            recorded.removeAll()
            XCTAssertEqual(failure.line, line)
            XCTAssertTrue(failure.file.hasSuffix("XCTestReportingTests.swift"))
            XCTAssertTrue(failure.description.contains("missing golden"))
        }
    }
#endif
