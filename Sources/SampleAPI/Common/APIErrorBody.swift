/// The body of an error response: 404 (validation style, with `errors`), 429 (rate limited, with
/// `retryAfter`) and 500 (an exception `description`). Only `message` is always present.
///
/// ```swift
/// if response.statusCode >= 400 {
///     let body = try JSONDecoder.sampleAPI.decode(APIErrorBody.self, from: data)
///     throw ServerError(status: response.statusCode, message: body.message)
/// }
/// ```
public struct APIErrorBody: Codable, Equatable, Sendable {
    /// A short message (`NotFound`, `Too Many Requests`).
    public var message: String
    /// A longer explanation, or `null`.
    @Nullable public var description: String?
    /// The HTTP status, when the server repeats it.
    public var status: Int?
    /// The request path.
    public var path: String?
    /// When the error happened.
    public var timestamp: WireDate?
    /// The W3C trace id, for the server log.
    public var traceId: String?
    /// Seconds to wait before retrying (429).
    public var retryAfter: Int?
    /// Per-property failures (validation and lookup errors).
    public var errors: [ValidationFailure]?
    /// Extra content; always `null` in practice.
    @Nullable public var content: String?
}

/// One failure in an ``APIErrorBody``.
public struct ValidationFailure: Codable, Equatable, Sendable {
    /// The property at fault.
    public var propertyName: String
    /// What is wrong with it.
    public var errorMessage: String
    /// A machine-readable code (`NotFound`).
    public var errorCode: String?
    /// How serious it is.
    public var severity: Severity
}

/// The severity of a ``ValidationFailure``.
public enum Severity: OpenEnum {
    case error, warning, info
    case unknown(String)

    public static let knownCases: [Severity] = [.error, .warning, .info]

    public var rawValue: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .info: "info"
        case .unknown(let raw): raw
        }
    }
}
