import SampleAPI

// Decodable-only copies of the sample models (the properties of SampleAPI's Page, Movie,
// CalendarEntry and Series, copied; the nested types reused), for the verification-report tests:
// a model that is only `Decodable` cannot be round-tripped, so what it drops is visible only in
// `WireJSONDecoder.decodeWithReport`'s report. Shared by WireDecoderTests and WireLockTests.

/// `Page<Record>`'s properties, for a `Decodable`-only record type.
public struct DecodablePage<Record: Decodable>: Decodable {
    public var page: Int
    public var pageSize: Int
    public var sortKey: String
    public var sortDirection: SortDirection
    public var filters: [PageFilter]
    public var totalRecords: Int
    public var records: [Record]
}

/// `Movie`'s properties, `Decodable` only.
public struct DecodableMovie: Decodable {
    public var id: Int
    public var title: String
    public var originalTitle: String
    public var originalLanguage: Language
    public var alternateTitles: [AlternateTitle]
    public var sortTitle: String
    public var titleSlug: String
    public var year: Int
    public var status: MovieStatus
    @Nullable public var overview: String?
    @Nullable public var certification: String?
    public var genres: [String]
    public var studio: String
    public var runtime: Int
    @Nullable public var inCinemas: WireDate?
    @Nullable public var releaseDate: WireDate?
    public var added: WireDate
    public var imdbId: String?
    public var tmdbId: Int
    @Nullable public var youTubeTrailerId: String?
    public var images: [MediaCover]
    public var ratings: Ratings
    public var monitored: Bool
    public var hasFile: Bool
    @Nullable public var movieFile: MovieFile?
    public var path: String
    public var sizeOnDisk: Int64
    public var qualityProfile: QualityProfile
    public var statistics: MovieStatistics
    public var tags: [Int]
}

/// `CalendarEntry`'s properties, `Decodable` only.
public struct DecodableCalendarEntry: Decodable {
    public var id: Int
    public var seriesId: Int
    public var series: CalendarSeries
    public var seasonNumber: Int
    public var episodeNumber: Int
    public var title: String
    @Nullable public var overview: String?
    public var airDate: String
    public var airDateUtc: WireDate
    public var runtime: Int
    public var hasFile: Bool
    public var episodeFileId: Int
    public var monitored: Bool
    public var unverifiedSceneNumbering: Bool
    @Nullable public var finaleType: FinaleType?
}

/// `Series`' properties, `Decodable` only.
public struct DecodableSeries: Decodable {
    public var id: Int
    public var title: String
    public var sortTitle: String
    public var titleSlug: String
    public var status: SeriesStatus
    public var ended: Bool
    @Nullable public var overview: String?
    public var network: String?
    public var airTime: String?
    @Nullable public var certification: String?
    public var genres: [String]
    public var images: [MediaCover]
    public var seasons: [Season]
    public var year: Int
    public var path: String
    public var qualityProfileId: Int
    public var languageProfileId: Int?
    public var seriesType: SeriesType
    public var runtime: Int
    public var tvdbId: Int
    public var imdbId: String?
    @Nullable public var firstAired: WireDate?
    public var ratings: SeriesRatings
    public var monitored: Bool
    public var added: WireDate
    public var tags: [Int]
}

/// Planted documents for the report's precision and swallowed-error entries.
public enum PlantedPayloads {
    /// Numbers that do not arrive exactly (and some that do, which must not be reported). `tiny` is
    /// below Double's smallest normal number, so its subnormal keeps only 15 of its 17 digits. What
    /// cannot be planted: `1e400` and `1e-400` — `JSONDecoder` on Linux throws `dataCorrupted` for
    /// both (into `Double` and `Float`), so a decode that must match it fails and no report exists.
    public static let precision = """
        {
          "bigInteger": 9007199254740993,
          "exactInteger": 9007199254740992,
          "longMantissa": 3.141592653589793238462643383279,
          "tenth": 0.1,
          "tenthAsFloat": 0.1,
          "halfAsFloat": 0.5,
          "tiny": 1.2345678901234567e-310
        }
        """

    /// `precision`'s model.
    public struct Numbers: Decodable {
        public var bigInteger: Double
        public var exactInteger: Double
        public var longMantissa: Double
        public var tenth: Double
        public var tenthAsFloat: Float
        public var halfAsFloat: Float
        public var tiny: Double
    }

    /// A 429 body with wrongly typed `retryAfter` and `status`, which the lenient
    /// `RateLimitNotice` swallows (defaulting to 60 and 429).
    public static let rateLimit = """
        {
          "message": "Too Many Requests",
          "path": "/api/v3/calendar",
          "retryAfter": "soon",
          "status": "429",
          "timestamp": "2024-05-01T12:00:03Z"
        }
        """
}
