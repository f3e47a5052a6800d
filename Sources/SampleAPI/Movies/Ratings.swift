/// A movie's ratings, by source; a source the movie has no rating from is absent.
public struct Ratings: Codable, Equatable, Sendable {
    /// IMDb.
    public var imdb: Rating?
    /// TMDb.
    public var tmdb: Rating?
    /// Metacritic.
    public var metacritic: Rating?
    /// Rotten Tomatoes.
    public var rottenTomatoes: Rating?
    /// Trakt.
    public var trakt: Rating?
}

/// One rating: its value (`8.3`, or `89` for a percentage) and how many votes it rests on.
public struct Rating: Codable, Equatable, Sendable {
    /// The rating (a `Double`: `8.3` and `89` both re-encode as sent).
    public var value: Double
    /// The number of votes.
    public var votes: Int
    /// Who rated.
    public var type: RatingType
}

/// Who gave a ``Rating``.
public enum RatingType: OpenEnum {
    case user, critic
    case unknown(String)

    public static let knownCases: [RatingType] = [.user, .critic]

    public var rawValue: String {
        switch self {
        case .user: "user"
        case .critic: "critic"
        case .unknown(let raw): raw
        }
    }
}
