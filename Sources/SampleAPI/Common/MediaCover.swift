/// An image of a movie or series: the server's cached copy and the remote original.
public struct MediaCover: Codable, Equatable, Sendable {
    /// What the image shows.
    public var coverType: CoverType
    /// The server-relative URL of its cached copy (`/MediaCover/17/poster.jpg?lastWrite=…`).
    public var url: String
    /// The original image at the metadata source.
    public var remoteUrl: String?
}

/// The kind of a ``MediaCover``.
public enum CoverType: OpenEnum {
    case poster, banner, fanart, screenshot, headshot, clearlogo
    case unknown(String)

    public static let knownCases: [CoverType] = [.poster, .banner, .fanart, .screenshot, .headshot, .clearlogo]

    public var rawValue: String {
        switch self {
        case .poster: "poster"
        case .banner: "banner"
        case .fanart: "fanart"
        case .screenshot: "screenshot"
        case .headshot: "headshot"
        case .clearlogo: "clearlogo"
        case .unknown(let raw): raw
        }
    }
}
