/// Writes movie-like records, the kind a media-library server returns from `GET /api/v3/movie`:
/// ids, titles (some with accents, CJK or emoji, some with `\"`, `\n` and `\u00e9` escapes), dates
/// with and without fractional seconds, integers, decimals, an exponent number, booleans, nulls and
/// nested objects and arrays.
///
/// Record `n` depends only on the seed and `n`, so any record can be regenerated on its own and the
/// whole output is the same on every machine.
struct MovieRecordGenerator {
    private let seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
    }

    /// Writes record number `index` (zero-based) as one element of the enclosing array.
    func writeRecord(index: Int, into out: inout PrettyJSONWriter) {
        var rng = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        let id = index + 1
        let year = rng.between(1950...2025)
        let hasFile = rng.chance(70)

        out.beginObject()

        out.key("added")
        writeDate(&out, &rng, years: 2019...2024)

        out.key("alternateTitles")
        out.beginArray()
        for _ in 0..<rng.below(3) {
            writeTitle(&out, &rng)
        }
        out.endArray()

        out.key("budget")
        if rng.chance(25) {
            out.scientific(rng.between(1...9), rng.below(10), exponent: rng.between(6...8))
        } else {
            out.int(rng.between(0...300) * 500_000)
        }

        out.key("certification")
        if rng.chance(20) { out.null() } else { out.string(rng.pick(Self.certifications)) }

        out.key("genres")
        out.beginArray()
        var genre = rng.below(Self.genres.count)
        for _ in 0..<rng.between(1...3) {
            out.string(Self.genres[genre])
            genre = (genre + 1 + rng.below(3)) % Self.genres.count
        }
        out.endArray()

        out.key("hasFile")
        out.bool(hasFile)

        out.key("id")
        out.int(id)

        out.key("images")
        out.beginArray()
        if rng.chance(90) {
            for coverType in Self.coverTypes {
                out.beginObject()
                out.key("coverType")
                out.string(coverType)
                out.key("remoteUrl")
                out.openString()
                out.raw("https://image.tmdb.example.com/t/p/original/")
                writeToken(&out, &rng, length: 27)
                out.raw(".jpg")
                out.closeString()
                out.key("url")
                out.openString()
                out.raw("/MediaCover/")
                out.appendDecimal(id)
                out.raw("/")
                out.raw(coverType)
                out.raw(".jpg?lastWrite=")
                out.appendDecimal(638_000_000_000_000_000 + rng.below(1_000_000_000_000_000))
                out.closeString()
                out.endObject()
            }
        }
        out.endArray()

        out.key("imdbId")
        out.openString()
        out.raw("tt")
        out.appendDecimal(rng.below(10_000_000), width: 7)
        out.closeString()

        out.key("monitored")
        out.bool(rng.chance(80))

        out.key("movieFile")
        if hasFile {
            writeMovieFile(&out, &rng, id: id, year: year)
        } else {
            out.null()
        }

        out.key("overview")
        if rng.chance(8) { out.null() } else { writeOverview(&out, &rng) }

        out.key("popularity")
        out.decimal(rng.below(500), rng.below(1000), digits: 3)

        out.key("ratings")
        out.beginObject()
        for source in Self.ratingSources where rng.chance(75) {
            out.key(source)
            out.beginObject()
            out.key("type")
            out.string("user")
            out.key("value")
            out.decimal(rng.between(1...9), rng.below(10), digits: 1)
            out.key("votes")
            out.int(rng.below(2_000_000))
            out.endObject()
        }
        out.endObject()

        out.key("releaseDate")
        if rng.chance(10) { out.null() } else { writeDate(&out, &rng, years: year...year) }

        out.key("runtime")
        out.int(rng.between(70...210))

        out.key("scoreDelta")
        out.decimal(0, rng.below(100), digits: 2, negative: rng.chance(50))

        out.key("sizeOnDisk")
        out.int(hasFile ? rng.between(700_000_000...60_000_000_000) : 0)

        out.key("tags")
        out.beginArray()
        for _ in 0..<rng.below(4) {
            out.int(rng.between(1...40))
        }
        out.endArray()

        out.key("title")
        writeTitle(&out, &rng)

        out.key("tmdbId")
        out.int(rng.between(2...1_300_000))

        out.key("year")
        out.int(year)

        out.endObject()
    }

    // MARK: Parts

    private func writeMovieFile(_ out: inout PrettyJSONWriter, _ rng: inout SplitMix64, id: Int, year: Int) {
        out.beginObject()
        out.key("dateAdded")
        writeDate(&out, &rng, years: 2020...2024)
        out.key("id")
        out.int(100_000 + id)
        out.key("mediaInfo")
        out.beginObject()
        out.key("audioChannels")
        if rng.chance(50) { out.decimal(5, 1, digits: 1) } else { out.int(2) }
        out.key("audioCodec")
        out.string(rng.pick(Self.audioCodecs))
        out.key("subtitles")
        if rng.chance(30) { out.null() } else { out.string("English/French/日本語") }
        out.key("videoCodec")
        out.string(rng.pick(Self.videoCodecs))
        out.key("videoFps")
        out.decimal(23, 976, digits: 3)
        out.endObject()
        out.key("quality")
        out.beginObject()
        let quality = rng.below(Self.qualities.count)
        out.key("id")
        out.int(quality + 1)
        out.key("name")
        out.string(Self.qualities[quality])
        out.endObject()
        out.key("relativePath")
        out.openString()
        out.raw(rng.pick(Self.titleWords))
        out.raw(" (")
        out.appendDecimal(year)
        out.raw(") ")
        out.raw(Self.qualities[quality])
        out.raw(".mkv")
        out.closeString()
        out.key("size")
        out.int(rng.between(700_000_000...60_000_000_000))
        out.endObject()
    }

    /// `2023-11-17T08:30:00Z`, or with milliseconds `2023-11-17T08:30:00.123Z` about a third of the time.
    private func writeDate(_ out: inout PrettyJSONWriter, _ rng: inout SplitMix64, years: ClosedRange<Int>) {
        out.openString()
        out.appendDecimal(rng.between(years), width: 4)
        out.raw("-")
        out.appendDecimal(rng.between(1...12), width: 2)
        out.raw("-")
        out.appendDecimal(rng.between(1...28), width: 2)
        out.raw("T")
        out.appendDecimal(rng.below(24), width: 2)
        out.raw(":")
        out.appendDecimal(rng.below(60), width: 2)
        out.raw(":")
        out.appendDecimal(rng.below(60), width: 2)
        if rng.chance(33) {
            out.raw(".")
            out.appendDecimal(rng.below(1000), width: 3)
        }
        out.raw("Z")
        out.closeString()
    }

    private func writeTitle(_ out: inout PrettyJSONWriter, _ rng: inout SplitMix64) {
        out.openString()
        if rng.chance(15) {
            out.raw(rng.pick(Self.specialTitles))
        } else {
            out.raw("The ")
            out.raw(rng.pick(Self.titleWords))
            if rng.chance(50) {
                out.raw(" ")
                out.raw(rng.pick(Self.titleWords))
            }
            if rng.chance(20) {
                out.raw(" ")
                out.appendDecimal(rng.between(2...5))
            }
        }
        out.closeString()
    }

    /// 15 to 90 words of prose, sometimes with escaped quotes, newlines, `\u00e9` and raw UTF-8.
    private func writeOverview(_ out: inout PrettyJSONWriter, _ rng: inout SplitMix64) {
        out.openString()
        let words = rng.between(15...90)
        var afterNewline = false
        for index in 0..<words {
            if index > 0 && !afterNewline { out.raw(" ") }
            afterNewline = false
            switch rng.below(100) {
            case 0..<3:
                out.raw("\\\"")
                out.raw(rng.pick(Self.proseWords))
                out.raw("\\\"")
            case 3..<5:
                out.raw(rng.pick(Self.proseWords))
                out.raw(".\\n")
                afterNewline = true
            case 5..<7:
                out.raw(rng.pick(Self.escapedWords))
            case 7..<10:
                out.raw(rng.pick(Self.unicodeWords))
            default:
                out.raw(rng.pick(Self.proseWords))
            }
        }
        out.raw(".")
        out.closeString()
    }

    /// Letters and digits, like a TMDb image file name.
    private func writeToken(_ out: inout PrettyJSONWriter, _ rng: inout SplitMix64, length: Int) {
        for _ in 0..<length {
            out.append(Self.alphabet[rng.below(Self.alphabet.count)])
        }
    }

    // MARK: Vocabulary (already JSON-escaped where needed)

    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    private static let certifications: [StaticString] = ["G", "PG", "PG-13", "R", "NC-17", "NR"]
    private static let genres: [StaticString] = [
        "Action", "Adventure", "Animation", "Comedy", "Crime", "Documentary", "Drama", "Family",
        "Fantasy", "History", "Horror", "Music", "Mystery", "Romance", "Science Fiction", "Thriller",
        "War", "Western",
    ]
    private static let coverTypes: [StaticString] = ["poster", "fanart"]
    private static let ratingSources: [StaticString] = ["imdb", "metacritic", "rottenTomatoes", "tmdb"]
    private static let audioCodecs: [StaticString] = ["AAC", "AC3", "DTS", "EAC3 Atmos", "FLAC", "TrueHD"]
    private static let videoCodecs: [StaticString] = ["x264", "x265", "AV1", "VC1"]
    private static let qualities: [StaticString] = [
        "SDTV", "DVD", "WEBDL-720p", "WEBDL-1080p", "Bluray-1080p", "WEBDL-2160p", "Bluray-2160p",
    ]
    private static let titleWords: [StaticString] = [
        "Lighthouse", "Harbor", "Signal", "Winter", "Garden", "Empire", "Letters", "Orbit", "Dunes",
        "Archive", "River", "Machine", "Station", "Witness", "Summer", "Frontier", "Mirror", "Silence",
        "Passage", "Storm", "Cartographer", "Orchard", "Parade", "Tides",
    ]
    private static let specialTitles: [StaticString] = [
        "Amélie", "Le Fabuleux Destin d'Amélie Poulain", "千と千尋の神隠し", "Das Boot: Der Ü-Bootkrieg",
        "🎬 Director's Cut", "Caf\\u00e9 Society", "Crouching Tiger, Hidden Dragon 臥虎藏龍",
        "The \\\"Best\\\" Years", "Léon: The Professional", "Y tu mamá también", "Ирония судьбы",
    ]
    private static let proseWords: [StaticString] = [
        "a", "the", "and", "of", "to", "in", "her", "his", "their", "young", "old", "detective",
        "family", "city", "war", "secret", "journey", "must", "finds", "discovers", "returns", "home",
        "after", "years", "when", "mysterious", "stranger", "arrives", "small", "town", "love", "truth",
        "between", "against", "time", "world", "brother", "sister", "friends", "night", "last", "chance",
    ]
    private static let escapedWords: [StaticString] = [
        "caf\\u00e9", "na\\u00efve", "r\\u00e9sum\\u00e9", "\\u00e9tude", "se\\u00f1or", "C:\\\\Movies",
    ]
    private static let unicodeWords: [StaticString] = [
        "café", "naïve", "Zoë", "Montréal", "München", "São Paulo", "東京", "서울", "🎬", "🍿", "—",
    ]
}
