/// A movie in the library (`GET /api/v3/movie`, one record of a ``Page``).
///
/// Members the server may send as `null` are `@Nullable`, so `null` and an absent member both
/// survive a round trip; dates are ``WireDate``s, so their spelling does too.
public struct Movie: Codable, Equatable, Sendable {
    /// The library id.
    public var id: Int
    /// The display title.
    public var title: String
    /// The title in the original language.
    public var originalTitle: String
    /// The original language.
    public var originalLanguage: Language
    /// Other titles, from the metadata source or the user.
    public var alternateTitles: [AlternateTitle]
    /// The lower-case title used for sorting.
    public var sortTitle: String
    /// The URL slug.
    public var titleSlug: String
    /// The release year.
    public var year: Int
    /// Where the movie is in its release cycle.
    public var status: MovieStatus
    /// The synopsis, or `null`.
    @Nullable public var overview: String?
    /// The age certification (`R`, `PG`), or `null`.
    @Nullable public var certification: String?
    /// The genres.
    public var genres: [String]
    /// The studio ("" when unknown).
    public var studio: String
    /// The runtime in minutes (0 when unknown).
    public var runtime: Int
    /// The first theatrical release, or `null`.
    @Nullable public var inCinemas: WireDate?
    /// The digital or physical release, or `null`.
    @Nullable public var releaseDate: WireDate?
    /// When the movie was added to the library.
    public var added: WireDate
    /// The IMDb id (`tt0211915`).
    public var imdbId: String?
    /// The TMDb id.
    public var tmdbId: Int
    /// The YouTube id of the trailer, or `null`.
    @Nullable public var youTubeTrailerId: String?
    /// Posters, fan art and other images.
    public var images: [MediaCover]
    /// Ratings by source.
    public var ratings: Ratings
    /// Whether the server searches for releases.
    public var monitored: Bool
    /// Whether a file is on disk.
    public var hasFile: Bool
    /// The file on disk, or `null`.
    @Nullable public var movieFile: MovieFile?
    /// The folder on the server.
    public var path: String
    /// The total size of the movie's files in bytes.
    public var sizeOnDisk: Int64
    /// The quality profile.
    public var qualityProfile: QualityProfile
    /// File statistics (an empty object when there are none).
    public var statistics: MovieStatistics
    /// Tag ids.
    public var tags: [Int]
}

/// Where a ``Movie`` is in its release cycle.
public enum MovieStatus: OpenEnum {
    case tba, announced, inCinemas, released, deleted
    case unknown(String)

    public static let knownCases: [MovieStatus] = [.tba, .announced, .inCinemas, .released, .deleted]

    public var rawValue: String {
        switch self {
        case .tba: "tba"
        case .announced: "announced"
        case .inCinemas: "inCinemas"
        case .released: "released"
        case .deleted: "deleted"
        case .unknown(let raw): raw
        }
    }
}

/// File statistics of a ``Movie``; every member is absent when the movie has no file.
public struct MovieStatistics: Codable, Equatable, Sendable {
    /// How many files the movie has.
    public var movieFileCount: Int?
    /// Their total size in bytes.
    public var sizeOnDisk: Int64?
    /// The release groups of the files.
    public var releaseGroups: [String]?
}

/// Another title of a ``Movie``.
public struct AlternateTitle: Codable, Equatable, Sendable {
    /// The title.
    public var title: String
    /// The title reduced to lower-case letters and digits, for matching releases.
    public var cleanTitle: String
    /// Where the title comes from.
    public var sourceType: TitleSource
}

/// Where an ``AlternateTitle`` comes from.
public enum TitleSource: OpenEnum {
    case tmdb, mappings, user, indexer
    case unknown(String)

    public static let knownCases: [TitleSource] = [.tmdb, .mappings, .user, .indexer]

    public var rawValue: String {
        switch self {
        case .tmdb: "tmdb"
        case .mappings: "mappings"
        case .user: "user"
        case .indexer: "indexer"
        case .unknown(let raw): raw
        }
    }
}
