/// The body of a 429 response as an older screen of the sample app reads it — a DELIBERATELY
/// LENIENT model, kept to show what a fuzz campaign finds (`wirelock-sample fuzz rate-limit`).
///
/// Its hand-written `init(from:)` never fails on `retryAfter` or `status`: a missing, `null` or
/// mistyped `retryAfter` silently becomes 60 seconds (and `"30"` is coerced to 30), a missing or
/// mistyped `status` becomes 429. The campaign reports these as `silently-accepted`; the findings,
/// shrunk, are kept as open regression cases in `Fixtures/fuzz-regressions/rate-limit/`, replayed
/// by `assertFuzzRegressions` so the day the model is fixed the cases must be marked fixed.
/// (Use ``APIErrorBody`` for real code.)
public struct RateLimitNotice: Codable, Equatable, Sendable {
    /// `Too Many Requests`.
    public var message: String
    /// The request path.
    public var path: String?
    /// Seconds to wait before retrying.
    public var retryAfter: Int
    /// The HTTP status.
    public var status: Int
    /// When the error happened, as sent.
    public var timestamp: String?
    /// The W3C trace id.
    public var traceId: String?

    enum CodingKeys: String, CodingKey {
        case message, path, retryAfter, status, timestamp, traceId
    }

    /// Decodes leniently (the bug on show): defaults and coercions instead of errors.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        message = try container.decode(String.self, forKey: .message)
        path = try container.decodeIfPresent(String.self, forKey: .path)
        timestamp = try container.decodeIfPresent(String.self, forKey: .timestamp)
        traceId = try container.decodeIfPresent(String.self, forKey: .traceId)
        if let seconds = try? container.decode(Int.self, forKey: .retryAfter) {
            retryAfter = seconds
        } else if let text = try? container.decode(String.self, forKey: .retryAfter), let seconds = Int(text) {
            retryAfter = seconds
        } else {
            retryAfter = 60
        }
        status = (try? container.decode(Int.self, forKey: .status)) ?? 429
    }
}
