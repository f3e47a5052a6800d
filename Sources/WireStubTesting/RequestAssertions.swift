import Foundation
import WireJSON
import WireStub
import WireTestReporting

/// Records a test issue when `request` is not what the client should have sent (see
/// `RecordedRequest.verify(method:path:query:headers:body:)`), or when there is no request at all.
/// A header or query item is a value, `.present` or `.absent`; a body the server could not see (an
/// upload through a URL session) fails any `body:` check, saying how to make it visible.
///
/// ```swift
/// assertRequest(server.requests.first, method: "GET", path: "/api/v3/movie",
///               query: ["term": "a b"], headers: ["Accept": "application/json", "Authorization": .absent])
/// assertRequest(server.requests.last, method: "POST", body: .json(#"{"title": "Bug"}"#))
/// ```
public func assertRequest(
    _ request: RecordedRequest?, method: String? = nil, path: String? = nil, query: [String: FieldExpectation] = [:],
    headers: [String: FieldExpectation] = [:], body: BodyExpectation? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let location = TestFailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let request else {
        recordTestFailure("WireStub: expected a request, but none was recorded", at: location)
        return
    }
    if let mismatch = request.verify(method: method, path: path, query: query, headers: headers, body: body) {
        recordTestFailure("WireStub: request differs from what was expected: \(mismatch)", at: location)
    }
}
