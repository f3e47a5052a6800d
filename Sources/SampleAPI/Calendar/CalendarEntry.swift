/// An episode on the calendar (`GET /api/v3/calendar?start=…&end=…`, a JSON array), with a summary
/// of its series.
public struct CalendarEntry: Codable, Equatable, Sendable {
    /// The episode id.
    public var id: Int
    /// The series id.
    public var seriesId: Int
    /// A summary of the series.
    public var series: CalendarSeries
    /// The season number.
    public var seasonNumber: Int
    /// The number within the season.
    public var episodeNumber: Int
    /// The title.
    public var title: String
    /// The synopsis, or `null`.
    @Nullable public var overview: String?
    /// The local air date, date only.
    public var airDate: String
    /// The air time in UTC.
    public var airDateUtc: WireDate
    /// The runtime in minutes.
    public var runtime: Int
    /// Whether a file is on disk.
    public var hasFile: Bool
    /// The file id (0 when there is none).
    public var episodeFileId: Int
    /// Whether the server searches for it.
    public var monitored: Bool
    /// Whether scene numbering for it is unverified.
    public var unverifiedSceneNumbering: Bool
    /// Whether it ends a season or the series: absent, `null` or a value.
    @Nullable public var finaleType: FinaleType?
}

/// The summary of a series inside a ``CalendarEntry``.
public struct CalendarSeries: Codable, Equatable, Sendable {
    /// The library id.
    public var id: Int
    /// The title.
    public var title: String
    /// The network.
    public var network: String?
    /// The first year.
    public var year: Int
    /// The TVDB id.
    public var tvdbId: Int
}
