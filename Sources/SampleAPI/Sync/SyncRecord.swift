// ┌───────────────────────────────────────────────────────────────────────────────────────────────┐
// │ FROZEN WIRE FORMAT — schema_version 1. Locked by golden/sync-record-v1.json.                  │
// │                                                                                               │
// │ One device writes these records and another reads them, and the reader may be an OLD version   │
// │ of the app that nobody can update (an offline tablet, an old TV box). Every byte of v1 must    │
// │ stay readable by every app version that shipped with v1, and every app version must keep      │
// │ writing exactly v1 until the schema version is bumped. Therefore:                              │
// │   • never rename, remove or retype a key, never change a date or number spelling;              │
// │   • never add a case to an enum that old readers would reject (they map it to .unknown, but   │
// │     they cannot act on it);                                                                    │
// │   • new members are added only with a new schema_version, a new golden                         │
// │     (golden/sync-record-v2.json), and v1 kept decodable.                                       │
// │ If SampleSyncRecordTests fails, the change breaks devices in the field: do not re-record the   │
// │ golden, revert the change.                                                                     │
// └───────────────────────────────────────────────────────────────────────────────────────────────┘

/// A watch-history record synchronised between devices: the playback position, the watched state
/// and the play count of one movie or episode, as one device last saw it.
///
/// Keys are snake_case and spelled out in `CodingKeys` (no key strategy that a later change to the
/// coders could alter). Dates are ``WireDate``s, written back exactly as read.
///
/// ```swift
/// let record = SyncRecord(recordID: "…", deviceID: "…", kind: .playbackPosition,
///                         media: SyncMedia(type: .movie, libraryID: 17, tmdbID: 194, tvdbID: nil),
///                         positionSeconds: 3127.5, durationSeconds: 7351, playCount: 2,
///                         watched: false, updatedAt: WireDate(Date()))
/// let data = try JSONEncoder.sampleAPI.encode(record)
/// ```
public struct SyncRecord: Codable, Equatable, Sendable {
    /// The version of this format that this code writes.
    public static let currentSchemaVersion = 1

    /// The format version (`1`).
    public var schemaVersion: Int
    /// A unique id of the record (a UUID string).
    public var recordID: String
    /// The device that wrote it (a UUID string; not a hardware serial).
    public var deviceID: String
    /// What the record says.
    public var kind: SyncKind
    /// Which movie or episode it is about.
    public var media: SyncMedia
    /// The playback position in seconds.
    public var positionSeconds: Double
    /// The running time in seconds.
    public var durationSeconds: Double
    /// How many times it was watched to the end.
    public var playCount: Int
    /// Whether it counts as watched.
    public var watched: Bool
    /// When the device wrote the record (the newer record wins).
    public var updatedAt: WireDate

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case recordID = "record_id"
        case deviceID = "device_id"
        case kind
        case media
        case positionSeconds = "position_seconds"
        case durationSeconds = "duration_seconds"
        case playCount = "play_count"
        case watched
        case updatedAt = "updated_at"
    }

    /// A record in the current schema version.
    public init(
        recordID: String, deviceID: String, kind: SyncKind, media: SyncMedia, positionSeconds: Double,
        durationSeconds: Double, playCount: Int, watched: Bool, updatedAt: WireDate
    ) {
        self.schemaVersion = Self.currentSchemaVersion
        self.recordID = recordID
        self.deviceID = deviceID
        self.kind = kind
        self.media = media
        self.positionSeconds = positionSeconds
        self.durationSeconds = durationSeconds
        self.playCount = playCount
        self.watched = watched
        self.updatedAt = updatedAt
    }
}

/// What a ``SyncRecord`` says.
public enum SyncKind: OpenEnum {
    /// Where playback stopped.
    case playbackPosition
    /// Marked as watched.
    case watched
    /// Marked as not watched.
    case unwatched
    /// A kind written by a newer app version; kept and written back unchanged.
    case unknown(String)

    public static let knownCases: [SyncKind] = [.playbackPosition, .watched, .unwatched]

    public var rawValue: String {
        switch self {
        case .playbackPosition: "playback_position"
        case .watched: "watched"
        case .unwatched: "unwatched"
        case .unknown(let raw): raw
        }
    }
}

/// The movie or episode a ``SyncRecord`` is about, identified both in the library and at the
/// metadata sources (so a device with another library can still match it).
public struct SyncMedia: Codable, Equatable, Sendable {
    /// Movie or episode.
    public var type: SyncMediaType
    /// The id in the writer's library.
    public var libraryID: Int
    /// The TMDb id, or `null` (episodes).
    @Nullable public var tmdbID: Int?
    /// The TVDB id, or `null` (movies).
    @Nullable public var tvdbID: Int?

    enum CodingKeys: String, CodingKey {
        case type
        case libraryID = "library_id"
        case tmdbID = "tmdb_id"
        case tvdbID = "tvdb_id"
    }

    /// Identifies a movie or an episode.
    public init(type: SyncMediaType, libraryID: Int, tmdbID: Int?, tvdbID: Int?) {
        self.type = type
        self.libraryID = libraryID
        self.tmdbID = tmdbID
        self.tvdbID = tvdbID
    }
}

/// The kind of media a ``SyncRecord`` is about.
public enum SyncMediaType: OpenEnum {
    case movie, episode
    case unknown(String)

    public static let knownCases: [SyncMediaType] = [.movie, .episode]

    public var rawValue: String {
        switch self {
        case .movie: "movie"
        case .episode: "episode"
        case .unknown(let raw): raw
        }
    }
}
