/// The file of a ``Movie`` on the server's disk.
public struct MovieFile: Codable, Equatable, Sendable {
    /// The file id.
    public var id: Int
    /// The path relative to the movie's folder.
    public var relativePath: String
    /// The size in bytes (beyond `Int32`: an `Int64`).
    public var size: Int64
    /// When the file was imported.
    public var dateAdded: WireDate
    /// The release quality.
    public var quality: QualityModel
    /// What the server read from the file's streams.
    public var mediaInfo: MediaInfo?
}

/// Stream information of a ``MovieFile``.
///
/// `videoFps` and `audioChannels` are `Double`s: the server sends `23.976` and `5.1`, and `2` for
/// stereo. Swift writes a `Double` in its shortest round-tripping form, so `23.976`, `5.1` and `2`
/// re-encode exactly; only a spelling such as `2.0` would come back as `2`.
public struct MediaInfo: Codable, Equatable, Sendable {
    /// The audio codec (`DTS`).
    public var audioCodec: String
    /// The channel layout as a number (`5.1`, `2`).
    public var audioChannels: Double
    /// The video codec (`x264`).
    public var videoCodec: String
    /// Frames per second (`23.976`).
    public var videoFps: Double
    /// The frame size (`1920x1040`).
    public var resolution: String
    /// The running time (`2:02:31`).
    public var runTime: String
    /// Subtitle languages separated by `/`.
    public var subtitles: String
}
