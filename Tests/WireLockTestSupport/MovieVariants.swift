import Foundation
import SampleAPI

/// Copies of `SampleAPI.Movie`, each one change away from the real model: what a refactor looks like
/// in the app's own code. The break tests (WireLockTests) show that `Copy` passes and that each
/// broken copy differs at exactly the paths of its one change; the refactor tests (WireLockCLITests)
/// run `wirelock diff` and `lock --check` over goldens written from the refactored copies. One set of
/// copies for both, so a change to the real model is mirrored once.
public enum MovieVariants {
    /// The real model, member for member.
    public struct Copy: Codable, Equatable, Sendable {
        public var id: Int
        public var title: String
        public var originalTitle: String
        public var originalLanguage: Language
        public var alternateTitles: [AlternateTitle]
        public var sortTitle: String
        public var titleSlug: String
        public var year: Int
        public var status: MovieStatus
        @Nullable var overview: String?
        @Nullable var certification: String?
        public var genres: [String]
        public var studio: String
        public var runtime: Int
        @Nullable var inCinemas: WireDate?
        @Nullable var releaseDate: WireDate?
        public var added: WireDate
        public var imdbId: String?
        public var tmdbId: Int
        @Nullable var youTubeTrailerId: String?
        public var images: [MediaCover]
        public var ratings: Ratings
        public var monitored: Bool
        public var hasFile: Bool
        @Nullable var movieFile: MovieFile?
        public var path: String
        public var sizeOnDisk: Int64
        public var qualityProfile: QualityProfile
        public var statistics: MovieStatistics
        public var tags: [Int]
    }

    /// Break 1 — a property dropped: `imdbId` is gone, so the decoder silently ignores it.
    public struct DroppedImdbId: Codable, Equatable, Sendable {
        public var id: Int
        public var title: String
        public var originalTitle: String
        public var originalLanguage: Language
        public var alternateTitles: [AlternateTitle]
        public var sortTitle: String
        public var titleSlug: String
        public var year: Int
        public var status: MovieStatus
        @Nullable var overview: String?
        @Nullable var certification: String?
        public var genres: [String]
        public var studio: String
        public var runtime: Int
        @Nullable var inCinemas: WireDate?
        @Nullable var releaseDate: WireDate?
        public var added: WireDate
        public var tmdbId: Int
        @Nullable var youTubeTrailerId: String?
        public var images: [MediaCover]
        public var ratings: Ratings
        public var monitored: Bool
        public var hasFile: Bool
        @Nullable var movieFile: MovieFile?
        public var path: String
        public var sizeOnDisk: Int64
        public var qualityProfile: QualityProfile
        public var statistics: MovieStatistics
        public var tags: [Int]
    }

    /// Break 2 — the date strategy changed: the three dates are plain `Date`s instead of
    /// ``WireDate``s, so they are written by the encoder's date strategy instead of as they came.
    public struct PlainDates: Codable, Equatable, Sendable {
        public var id: Int
        public var title: String
        public var originalTitle: String
        public var originalLanguage: Language
        public var alternateTitles: [AlternateTitle]
        public var sortTitle: String
        public var titleSlug: String
        public var year: Int
        public var status: MovieStatus
        @Nullable var overview: String?
        @Nullable var certification: String?
        public var genres: [String]
        public var studio: String
        public var runtime: Int
        @Nullable var inCinemas: Date?
        @Nullable var releaseDate: Date?
        public var added: Date
        public var imdbId: String?
        public var tmdbId: Int
        @Nullable var youTubeTrailerId: String?
        public var images: [MediaCover]
        public var ratings: Ratings
        public var monitored: Bool
        public var hasFile: Bool
        @Nullable var movieFile: MovieFile?
        public var path: String
        public var sizeOnDisk: Int64
        public var qualityProfile: QualityProfile
        public var statistics: MovieStatistics
        public var tags: [Int]
    }

    /// `Page`'s members, for records that cannot be decoded into a `Page` (its memberwise
    /// initializer is internal to SampleAPI).
    public struct PageOf<Record: Encodable>: Encodable {
        public var page: Int
        public var pageSize: Int
        public var sortKey: String
        public var sortDirection: SortDirection
        public var filters: [PageFilter]
        public var totalRecords: Int
        public var records: [Record]

        public init(
            page: Int, pageSize: Int, sortKey: String, sortDirection: SortDirection, filters: [PageFilter],
            totalRecords: Int, records: [Record]
        ) {
            self.page = page
            self.pageSize = pageSize
            self.sortKey = sortKey
            self.sortDirection = sortDirection
            self.filters = filters
            self.totalRecords = totalRecords
            self.records = records
        }
    }

    /// Break 3 — a key renamed: the `tmdbId` property's wire key became `tmdb_id` (someone "fixed"
    /// it to snake_case), every other key as before.
    public struct RenamedTmdbId: Codable, Equatable, Sendable {
        public var id: Int
        public var title: String
        public var originalTitle: String
        public var originalLanguage: Language
        public var alternateTitles: [AlternateTitle]
        public var sortTitle: String
        public var titleSlug: String
        public var year: Int
        public var status: MovieStatus
        @Nullable var overview: String?
        @Nullable var certification: String?
        public var genres: [String]
        public var studio: String
        public var runtime: Int
        @Nullable var inCinemas: WireDate?
        @Nullable var releaseDate: WireDate?
        public var added: WireDate
        public var imdbId: String?
        public var tmdbId: Int
        @Nullable var youTubeTrailerId: String?
        public var images: [MediaCover]
        public var ratings: Ratings
        public var monitored: Bool
        public var hasFile: Bool
        @Nullable var movieFile: MovieFile?
        public var path: String
        public var sizeOnDisk: Int64
        public var qualityProfile: QualityProfile
        public var statistics: MovieStatistics
        public var tags: [Int]

        public enum CodingKeys: String, CodingKey {
            case id, title, originalTitle, originalLanguage, alternateTitles, sortTitle, titleSlug, year, status
            case overview, certification, genres, studio, runtime, inCinemas, releaseDate, added, imdbId
            case tmdbId = "tmdb_id"
            case youTubeTrailerId, images, ratings, monitored, hasFile, movieFile, path, sizeOnDisk
            case qualityProfile, statistics, tags
        }

        /// The renamed model holding the real movie's data (it can no longer decode the server's
        /// payload itself: `tmdb_id` is not in it).
        public init(_ m: SampleAPI.Movie) {
            id = m.id
            title = m.title
            originalTitle = m.originalTitle
            originalLanguage = m.originalLanguage
            alternateTitles = m.alternateTitles
            sortTitle = m.sortTitle
            titleSlug = m.titleSlug
            year = m.year
            status = m.status
            _overview = m.$overview
            _certification = m.$certification
            genres = m.genres
            studio = m.studio
            runtime = m.runtime
            _inCinemas = m.$inCinemas
            _releaseDate = m.$releaseDate
            added = m.added
            imdbId = m.imdbId
            tmdbId = m.tmdbId
            _youTubeTrailerId = m.$youTubeTrailerId
            images = m.images
            ratings = m.ratings
            monitored = m.monitored
            hasFile = m.hasFile
            _movieFile = m.$movieFile
            path = m.path
            sizeOnDisk = m.sizeOnDisk
            qualityProfile = m.qualityProfile
            statistics = m.statistics
            tags = m.tags
        }
    }

    /// Refactor 1: the Swift property `imdbId` is renamed `imdbID`; `CodingKeys` keep the wire key.
    public struct RenamedInSwift: Codable, Equatable, Sendable {
        public var id: Int
        public var title: String
        public var originalTitle: String
        public var originalLanguage: Language
        public var alternateTitles: [AlternateTitle]
        public var sortTitle: String
        public var titleSlug: String
        public var year: Int
        public var status: MovieStatus
        @Nullable var overview: String?
        @Nullable var certification: String?
        public var genres: [String]
        public var studio: String
        public var runtime: Int
        @Nullable var inCinemas: WireDate?
        @Nullable var releaseDate: WireDate?
        public var added: WireDate
        public var imdbID: String?
        public var tmdbId: Int
        @Nullable var youTubeTrailerId: String?
        public var images: [MediaCover]
        public var ratings: Ratings
        public var monitored: Bool
        public var hasFile: Bool
        @Nullable var movieFile: MovieFile?
        public var path: String
        public var sizeOnDisk: Int64
        public var qualityProfile: QualityProfile
        public var statistics: MovieStatistics
        public var tags: [Int]

        public enum CodingKeys: String, CodingKey {
            case id, title, originalTitle, originalLanguage, alternateTitles, sortTitle, titleSlug, year, status
            case overview, certification, genres, studio, runtime, inCinemas, releaseDate, added
            case imdbID = "imdbId"
            case tmdbId, youTubeTrailerId, images, ratings, monitored, hasFile, movieFile, path, sizeOnDisk
            case qualityProfile, statistics, tags
        }
    }

    /// Refactor 2: `added` becomes a plain `Date`, written by the encoder's `.iso8601` strategy —
    /// whole seconds, so `2023-11-17T08:30:00.123Z` goes out as `2023-11-17T08:30:00Z`.
    public struct WholeSecondAdded: Codable, Equatable, Sendable {
        public var id: Int
        public var title: String
        public var originalTitle: String
        public var originalLanguage: Language
        public var alternateTitles: [AlternateTitle]
        public var sortTitle: String
        public var titleSlug: String
        public var year: Int
        public var status: MovieStatus
        @Nullable var overview: String?
        @Nullable var certification: String?
        public var genres: [String]
        public var studio: String
        public var runtime: Int
        @Nullable var inCinemas: WireDate?
        @Nullable var releaseDate: WireDate?
        public var added: Date
        public var imdbId: String?
        public var tmdbId: Int
        @Nullable var youTubeTrailerId: String?
        public var images: [MediaCover]
        public var ratings: Ratings
        public var monitored: Bool
        public var hasFile: Bool
        @Nullable var movieFile: MovieFile?
        public var path: String
        public var sizeOnDisk: Int64
        public var qualityProfile: QualityProfile
        public var statistics: MovieStatistics
        public var tags: [Int]
    }

    /// Refactor 3: a new optional `edition` ("Director's Cut"), written only when set.
    public struct WithEdition: Codable, Equatable, Sendable {
        public var id: Int
        public var title: String
        public var originalTitle: String
        public var originalLanguage: Language
        public var alternateTitles: [AlternateTitle]
        public var sortTitle: String
        public var titleSlug: String
        public var year: Int
        public var status: MovieStatus
        @Nullable var overview: String?
        @Nullable var certification: String?
        public var genres: [String]
        public var studio: String
        public var runtime: Int
        @Nullable var inCinemas: WireDate?
        @Nullable var releaseDate: WireDate?
        public var added: WireDate
        public var imdbId: String?
        public var tmdbId: Int
        @Nullable var youTubeTrailerId: String?
        public var images: [MediaCover]
        public var ratings: Ratings
        public var monitored: Bool
        public var hasFile: Bool
        @Nullable var movieFile: MovieFile?
        public var path: String
        public var sizeOnDisk: Int64
        public var qualityProfile: QualityProfile
        public var statistics: MovieStatistics
        public var tags: [Int]
        public var edition: String?
    }
}
