/// A TV series with its seasons (`GET /api/v3/series`, a JSON array).
public struct Series: Codable, Equatable, Sendable {
    /// The library id.
    public var id: Int
    /// The display title.
    public var title: String
    /// The lower-case title used for sorting.
    public var sortTitle: String
    /// The URL slug.
    public var titleSlug: String
    /// Whether the series is still airing.
    public var status: SeriesStatus
    /// Whether the series has ended.
    public var ended: Bool
    /// The synopsis, or `null`.
    @Nullable public var overview: String?
    /// The network (`HBO`).
    public var network: String?
    /// The usual air time, local to the network (`21:00`).
    public var airTime: String?
    /// The age certification, or `null`.
    @Nullable public var certification: String?
    /// The genres.
    public var genres: [String]
    /// Posters, banners and other images.
    public var images: [MediaCover]
    /// The seasons, specials (season 0) first.
    public var seasons: [Season]
    /// The first year.
    public var year: Int
    /// The folder on the server.
    public var path: String
    /// The quality profile id.
    public var qualityProfileId: Int
    /// The language profile id.
    public var languageProfileId: Int?
    /// How episodes are numbered.
    public var seriesType: SeriesType
    /// The usual episode runtime in minutes.
    public var runtime: Int
    /// The TVDB id.
    public var tvdbId: Int
    /// The IMDb id.
    public var imdbId: String?
    /// When the first episode aired, or `null`.
    @Nullable public var firstAired: WireDate?
    /// The community rating.
    public var ratings: SeriesRatings
    /// Whether the server searches for episodes.
    public var monitored: Bool
    /// When the series was added to the library.
    public var added: WireDate
    /// Tag ids.
    public var tags: [Int]
}

/// The rating of a ``Series``.
public struct SeriesRatings: Codable, Equatable, Sendable {
    /// The rating (`9.3`).
    public var value: Double
    /// The number of votes.
    public var votes: Int
}

/// Whether a ``Series`` is still airing.
public enum SeriesStatus: OpenEnum {
    case continuing, ended, upcoming, deleted
    case unknown(String)

    public static let knownCases: [SeriesStatus] = [.continuing, .ended, .upcoming, .deleted]

    public var rawValue: String {
        switch self {
        case .continuing: "continuing"
        case .ended: "ended"
        case .upcoming: "upcoming"
        case .deleted: "deleted"
        case .unknown(let raw): raw
        }
    }
}

/// How the episodes of a ``Series`` are numbered.
public enum SeriesType: OpenEnum {
    case standard, daily, anime
    case unknown(String)

    public static let knownCases: [SeriesType] = [.standard, .daily, .anime]

    public var rawValue: String {
        switch self {
        case .standard: "standard"
        case .daily: "daily"
        case .anime: "anime"
        case .unknown(let raw): raw
        }
    }
}
