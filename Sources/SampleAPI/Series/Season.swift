/// A season of a ``Series`` (season 0 holds the specials).
public struct Season: Codable, Equatable, Sendable {
    /// The season number.
    public var seasonNumber: Int
    /// Whether the server searches for its episodes.
    public var monitored: Bool
    /// File and airing statistics.
    public var statistics: SeasonStatistics
    /// The episodes the server included (may be fewer than the season has).
    public var episodes: [Episode]
}

/// File and airing statistics of a ``Season``.
///
/// `percentOfEpisodes` is a `Double`, and Swift writes a `Double` in its shortest form: a server
/// that sends `40.0` gets `40` back. Same value, different spelling — round trips declare it.
public struct SeasonStatistics: Codable, Equatable, Sendable {
    /// Episodes that have aired or have a file.
    public var episodeCount: Int
    /// Episodes with a file.
    public var episodeFileCount: Int
    /// All episodes, aired or not.
    public var totalEpisodeCount: Int
    /// The total size of the files in bytes.
    public var sizeOnDisk: Int64
    /// `episodeFileCount` as a percentage of `episodeCount`.
    public var percentOfEpisodes: Double
    /// When the last episode aired; absent if none has.
    public var previousAiring: WireDate?
    /// When the next episode airs; absent if none is scheduled.
    public var nextAiring: WireDate?
}
