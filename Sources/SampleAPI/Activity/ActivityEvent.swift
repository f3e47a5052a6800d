/// One event of the server's activity stream (JSON Lines, one event per line): a grab, download
/// progress, an import, a rename, a health check.
///
/// The members depend on `event`; those an event does not carry are absent, and `movieId` is
/// `null` for events about no movie.
///
/// ```swift
/// for line in text.split(separator: "\n") {
///     let event = try JSONDecoder.sampleAPI.decode(ActivityEvent.self, from: Data(line.utf8))
/// }
/// ```
public struct ActivityEvent: Codable, Equatable, Sendable {
    /// The event id, increasing.
    public var id: Int
    /// What happened.
    public var event: ActivityKind
    /// When it happened.
    public var at: WireDate
    /// The movie it concerns, or `null`.
    @Nullable public var movieId: Int?
    /// The quality grabbed (`grab`).
    public var quality: String?
    /// The size in bytes (`grab`).
    public var size: Int64?
    /// The fraction downloaded, 0…1 (`downloadProgress`).
    public var progress: Double?
    /// The download speed (`downloadProgress`).
    public var speedBytesPerSecond: Int64?
    /// The imported file (`import`).
    public var path: String?
    /// Whether the import replaced a worse file (`import`).
    public var upgraded: Bool?
    /// The old file name (`rename`).
    public var from: String?
    /// The new file name (`rename`).
    public var to: String?
    /// The problems found (`healthCheck`).
    public var issues: [HealthIssue]?
    /// Tag ids (`healthCheck`).
    public var tags: [Int]?
}

/// What an ``ActivityEvent`` reports.
public enum ActivityKind: OpenEnum {
    case grab, downloadProgress, `import`, rename, healthCheck
    case unknown(String)

    public static let knownCases: [ActivityKind] = [.grab, .downloadProgress, .import, .rename, .healthCheck]

    public var rawValue: String {
        switch self {
        case .grab: "grab"
        case .downloadProgress: "downloadProgress"
        case .import: "import"
        case .rename: "rename"
        case .healthCheck: "healthCheck"
        case .unknown(let raw): raw
        }
    }
}

/// A problem found by a health check.
public struct HealthIssue: Codable, Equatable, Sendable {
    /// The check that found it (`IndexerStatusCheck`).
    public var source: String
    /// How serious it is.
    public var type: Severity
    /// What is wrong (may span lines).
    public var message: String
}
