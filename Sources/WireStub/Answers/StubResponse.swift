import Foundation

/// A complete HTTP answer: status, header fields and body bytes.
///
/// ```swift
/// let notFound = StubResponse(status: 404, headers: ["Content-Type": "application/json"],
///                             body: Data(#"{"message": "NotFound"}"#.utf8))
/// ```
public struct StubResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// The header fields sent with it.
    public var headers: [String: String]
    /// The body bytes (may be empty).
    public var body: Data

    /// A response with the given parts.
    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response: `Content-Type: application/json` unless `headers` names one.
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> StubResponse {
        json(body: Data(text.utf8), status: status, headers: headers)
    }

    /// A JSON response with `body` as it is (a fixture's bytes).
    static func json(body: Data, status: Int = 200, headers: [String: String] = [:]) -> StubResponse {
        var fields = headers
        if !fields.keys.contains(where: { $0.lowercased() == "content-type" }) {
            fields["Content-Type"] = "application/json"
        }
        return StubResponse(status: status, headers: fields, body: body)
    }
}
