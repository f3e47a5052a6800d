// The Codable mirror of the generated records, shared by the benchmarks that decode them.

/// A Codable mirror of what `wirelock-gen` writes: the page and most fields of each record, the
/// way an API client would model them (unknown members are ignored by `JSONDecoder`).
public struct MoviePage: Decodable {
    public var page: Int
    public var pageSize: Int
    public var records: [Movie]
}

public struct Movie: Decodable {
    public struct MovieFile: Decodable {
        public struct MediaInfo: Decodable {
            public var audioChannels: Double
            public var audioCodec: String
            public var subtitles: String?
            public var videoCodec: String
            public var videoFps: Double
        }

        public struct Quality: Decodable {
            public var id: Int
            public var name: String
        }

        public var dateAdded: String
        public var id: Int
        public var mediaInfo: MediaInfo
        public var quality: Quality
        public var relativePath: String
        public var size: Int
    }

    public struct Image: Decodable {
        public var coverType: String
        public var remoteUrl: String
        public var url: String
    }

    public struct Rating: Decodable {
        public var type: String
        public var value: Double
        public var votes: Int
    }

    public var added: String
    public var alternateTitles: [String]
    public var budget: Double
    public var certification: String?
    public var genres: [String]
    public var hasFile: Bool
    public var id: Int
    public var images: [Image]
    public var imdbId: String
    public var monitored: Bool
    public var movieFile: MovieFile?
    public var overview: String?
    public var popularity: Double
    public var ratings: [String: Rating]
    public var releaseDate: String?
    public var runtime: Int
    public var scoreDelta: Double
    public var sizeOnDisk: Int
    public var tags: [Int]
    public var title: String
    public var tmdbId: Int
    public var year: Int
}
