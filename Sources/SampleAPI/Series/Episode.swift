/// An episode of a ``Season``.
public struct Episode: Codable, Equatable, Sendable {
    /// The episode id.
    public var id: Int
    /// The series it belongs to.
    public var seriesId: Int
    /// The season number.
    public var seasonNumber: Int
    /// The number within the season.
    public var episodeNumber: Int
    /// The title.
    public var title: String
    /// The synopsis, or `null`.
    @Nullable public var overview: String?
    /// The local air date, date only (`2019-05-06`).
    public var airDate: String?
    /// The air time in UTC.
    public var airDateUtc: WireDate?
    /// The runtime in minutes.
    public var runtime: Int
    /// Whether a file is on disk.
    public var hasFile: Bool
    /// The file id (0 when there is none).
    public var episodeFileId: Int
    /// Whether the server searches for it.
    public var monitored: Bool
    /// Whether it ends a season or the series: absent, `null` or a value.
    @Nullable public var finaleType: FinaleType?
}

/// Which run an episode ends.
public enum FinaleType: OpenEnum {
    case series, season, midseason
    case unknown(String)

    public static let knownCases: [FinaleType] = [.series, .season, .midseason]

    public var rawValue: String {
        switch self {
        case .series: "series"
        case .season: "season"
        case .midseason: "midseason"
        case .unknown(let raw): raw
        }
    }
}
