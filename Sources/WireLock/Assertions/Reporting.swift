import Foundation
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif
import WireLockCore

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
