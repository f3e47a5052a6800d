/// A mirror of SampleAPI's `Movie` (the Benchmarks package does not import the demo target): one
/// movie with a file, images, ratings and tags, about 2 KB in canonical form.
struct BenchMovie: Codable {
    struct Image: Codable {
        var coverType: String
        var remoteUrl: String
        var url: String
    }

    struct Rating: Codable {
        var value: Double
        var votes: Int
    }

    struct MovieFile: Codable {
        struct MediaInfo: Codable {
            var audioChannels: Double
            var audioCodec: String
            var audioLanguages: [String]
            var resolution: String
            var runTime: String
            var subtitles: [String]
            var videoCodec: String
            var videoFps: Double
        }

        struct Quality: Codable {
            var id: Int
            var name: String
            var resolution: Int
            var source: String
        }

        var dateAdded: String
        var id: Int
        var mediaInfo: MediaInfo
        var quality: Quality
        var relativePath: String
        var size: Int64
    }

    var added: String
    var alternateTitles: [String]
    var certification: String?
    var genres: [String]
    var hasFile: Bool
    var id: Int
    var images: [Image]
    var imdbId: String
    var monitored: Bool
    var movieFile: MovieFile?
    var overview: String
    var popularity: Double
    var ratings: [String: Rating]
    var releaseDate: String
    var runtime: Int
    var sortTitle: String
    var studio: String
    var tags: [Int]
    var title: String
    var tmdbId: Int
    var year: Int

    /// The benchmark's document; `variant` changes a few values (the mismatch path).
    static func sample(variant: Bool = false) -> BenchMovie {
        let images = ["poster", "fanart", "banner"].map { kind in
            Image(
                coverType: kind,
                remoteUrl: "https://image.tmdb.org/t/p/original/\(kind)-3Ac0rEIdvNBDDOtUcOuy9JmVPC6.jpg",
                url: "/MediaCover/27/\(kind).jpg?lastWrite=638512345678901234")
        }
        return BenchMovie(
            added: variant ? "2024-05-01T08:30:00.000Z" : "2024-05-01T08:30:00Z",
            alternateTitles: ["Heat: Showdown in L.A.", "Fuego contra fuego", "Heat – Un duel de légende"],
            certification: "R",
            genres: ["Action", "Crime", "Drama", "Thriller"],
            hasFile: true,
            id: 27,
            images: images,
            imdbId: "tt0113277",
            monitored: !variant,
            movieFile: MovieFile(
                dateAdded: "2024-05-01T09:12:44.512Z", id: 311,
                mediaInfo: .init(
                    audioChannels: 5.1, audioCodec: "DTS-HD MA", audioLanguages: ["English", "French"],
                    resolution: "1920x800", runTime: "2:50:12", subtitles: ["English", "French", "Spanish"],
                    videoCodec: "x264", videoFps: 23.976),
                quality: .init(id: 7, name: "Bluray-1080p", resolution: 1080, source: "bluray"),
                relativePath: "Heat (1995)/Heat (1995) Bluray-1080p.mkv", size: 14_672_551_232),
            overview:
                "Obsessive master thief Neil McCauley leads a top-notch crew on various daring heists throughout Los Angeles while determined detective Vincent Hanna pursues him without rest. Each man recognizes and respects the ability and the dedication of the other even though they are aware their cat-and-mouse game may end in violence.",
            popularity: 38.712,
            ratings: [
                "imdb": .init(value: 8.3, votes: 712_455), "tmdb": .init(value: 7.9, votes: variant ? 7_001 : 6_918),
            ],
            releaseDate: "1995-12-15",
            runtime: 170,
            sortTitle: "heat",
            studio: "Warner Bros. Pictures",
            tags: variant ? [1, 4] : [1, 3, 4],
            title: "Heat",
            tmdbId: 949,
            year: 1995)
    }
}
