/// A release quality (`Bluray-1080p`). Inside a movie file only `id` and `name` are sent; quality
/// profiles also send `source`, `resolution` and `modifier`.
public struct Quality: Codable, Equatable, Sendable {
    /// The server's quality id.
    public var id: Int
    /// The display name.
    public var name: String
    /// Where releases of this quality come from.
    public var source: QualitySource?
    /// Vertical resolution in pixels.
    public var resolution: Int?
    /// A modifier such as `remux` or `none`.
    public var modifier: String?
}

/// Where a release comes from.
public enum QualitySource: OpenEnum {
    case tv, dvd, webdl, webrip, bluray, unknownSource
    case unknown(String)

    public static let knownCases: [QualitySource] = [.tv, .dvd, .webdl, .webrip, .bluray, .unknownSource]

    public var rawValue: String {
        switch self {
        case .tv: "tv"
        case .dvd: "dvd"
        case .webdl: "webdl"
        case .webrip: "webrip"
        case .bluray: "bluray"
        case .unknownSource: "unknown"
        case .unknown(let raw): raw
        }
    }
}

/// The quality of one file: the quality and its revision (repacks, proper releases).
public struct QualityModel: Codable, Equatable, Sendable {
    /// The quality.
    public var quality: Quality
    /// The revision of the release.
    public var revision: Revision
}

/// The revision of a release.
public struct Revision: Codable, Equatable, Sendable {
    /// The release version (2 for a proper).
    public var version: Int
    /// The "real" count (REAL releases).
    public var real: Int
    /// Whether the release is a repack.
    public var isRepack: Bool
}
