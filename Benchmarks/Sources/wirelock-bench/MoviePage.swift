/// A Codable mirror of what `wirelock-gen` writes: the page and most fields of each record, the
/// way an API client would model them (unknown members are ignored by `JSONDecoder`).
struct MoviePage: Decodable {
    var page: Int
    var pageSize: Int
    var records: [Movie]
}

struct Movie: Decodable {
    struct MovieFile: Decodable {
        struct MediaInfo: Decodable {
            var audioChannels: Double
            var audioCodec: String
            var subtitles: String?
            var videoCodec: String
            var videoFps: Double
        }

        struct Quality: Decodable {
            var id: Int
            var name: String
        }

        var dateAdded: String
        var id: Int
        var mediaInfo: MediaInfo
        var quality: Quality
        var relativePath: String
        var size: Int
    }

    struct Image: Decodable {
        var coverType: String
        var remoteUrl: String
        var url: String
    }

    struct Rating: Decodable {
        var type: String
        var value: Double
        var votes: Int
    }

    var added: String
    var alternateTitles: [String]
    var budget: Double
    var certification: String?
    var genres: [String]
    var hasFile: Bool
    var id: Int
    var images: [Image]
    var imdbId: String
    var monitored: Bool
    var movieFile: MovieFile?
    var overview: String?
    var popularity: Double
    var ratings: [String: Rating]
    var releaseDate: String?
    var runtime: Int
    var scoreDelta: Double
    var sizeOnDisk: Int
    var tags: [Int]
    var title: String
    var tmdbId: Int
    var year: Int
}
