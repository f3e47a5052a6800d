import Foundation
import WireJSON
import WireLockCore
import WireStub
import WireTestReporting

/// Records a test issue when `request` is not what the client should have sent (see
/// `RecordedRequest.verify(method:path:query:headers:)`), or when there is no request at all.
///
/// ```swift
/// assertRequest(server.requests.first, method: "GET", path: "/api/v3/movie",
///               query: ["term": "a b"], headers: ["Accept": "application/json", "X-Api-Version": "3"])
/// ```
public func assertRequest(
    _ request: RecordedRequest?, method: String? = nil, path: String? = nil, query: [String: String?] = [:],
    headers: [String: String?] = [:],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let location = TestFailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let request else {
        recordTestFailure("WireStub: expected a request, but none was recorded", at: location)
        return
    }
    if let mismatch = request.verify(method: method, path: path, query: query, headers: headers) {
        recordTestFailure("WireStub: request differs from what was expected: \(mismatch)", at: location)
    }
}

/// Compares the JSON body of `request` with `golden/<name>.json` through WireLock's golden
/// workflow (canonical bytes, record modes, pending `.actual.json` files, redactions), and records
/// a test issue when it differs, is missing, or is not JSON.
///
/// ```swift
/// assertRequestBodyGolden(server.requests[0], named: "add-movie-request", redacting: [.replace("$.apiKey")])
/// ```
public func assertRequestBodyGolden(
    _ request: RecordedRequest?, named name: String, redacting redactions: [Redaction] = [],
    record: RecordMode? = nil, goldenDirectory: URL? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let location = TestFailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let request else {
        recordTestFailure("WireStub: expected a request for golden '\(name)', but none was recorded", at: location)
        return
    }
    guard let body = request.body, !body.isEmpty else {
        recordTestFailure("WireStub: \(request) has no body to compare with golden '\(name)'", at: location)
        return
    }
    let document: JSONValue
    do {
        document = try JSONValue.parse(body)
    } catch {
        recordTestFailure(
            "WireStub: the body of \(request) is not JSON (golden '\(name)'): "
                + JSONDiagnostic(error, file: "request body").headline, at: location)
        return
    }
    let shown = "\(fileID)"
    if let failure = GoldenComparison.verify(
        document, named: name, redacting: redactions, record: record, goldenDirectory: goldenDirectory,
        writer: GoldenWriter(test: "\(shown) request body", location: "\(shown):\(line)"), filePath: "\(filePath)")
    {
        recordTestFailure(failure.message, at: location)
    }
}
