import Foundation
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Why a WireLock assertion failed: a readable message (paths, diffs, what to do next) and, where
/// there are any, the structural differences.
public struct WireLockFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The full failure message.
    public var message: String
    /// The path-level differences behind it, if the failure is a mismatch.
    public var differences: [JSONDifference]

    public init(_ message: String, differences: [JSONDifference] = []) {
        self.message = message
        self.differences = differences
    }

    public var description: String { message }
}

/// Where an assertion was called from, for both Swift Testing and XCTest.
public struct CallSite: Sendable {
    public var fileID: StaticString
    public var filePath: StaticString
    public var line: UInt
    public var column: UInt

    public init(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

/// Records a failure with the running test framework: `Issue.record` inside a Swift Testing test,
/// `XCTFail` otherwise. Both point at the caller's file and line.
func report(_ failure: WireLockFailure?, at site: CallSite) {
    guard let failure else { return }
    #if canImport(Testing)
    if Test.current != nil {
        Issue.record(Comment(rawValue: failure.message),
                     sourceLocation: SourceLocation(fileID: "\(site.fileID)", filePath: "\(site.filePath)",
                                                    line: Int(site.line), column: Int(site.column)))
        return
    }
    #endif
    #if canImport(XCTest)
    XCTFail(failure.message, file: site.filePath, line: site.line)
    #endif
}
