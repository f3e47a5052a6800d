/// Writes statuses shaped like a social network's search API response (the shape of the
/// `twitter.json` benchmark file of the JSON-parser literature, written from its public schema, not
/// copied): ids as numbers and as strings, prose mostly in Japanese (multi-byte UTF-8) with
/// mentions, hashtags and URLs whose slashes are escaped (`\/`), an HTML `source` with escaped
/// quotes, the odd `\u` escape and surrogate pair, a nested user with many counters, booleans and
/// nulls, and an `entities` object of small arrays. Two-space indent.
///
/// Status `n` depends only on the seed and `n`.
struct StatusGenerator {
    private let seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
    }

    /// Writes status number `index` as one element of the enclosing array.
    func writeStatus(index: Int, into out: inout PrettyJSONWriter) {
        var rng = SplitMix64(seed: seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
        let id = 505_874_924_095_815_681 + index * 7919
        out.beginObject()
        out.key("metadata")
        out.beginObject()
        out.key("result_type")
        out.string("recent")
        out.key("iso_language_code")
        out.string(rng.chance(80) ? "ja" : "en")
        out.endObject()
        out.key("created_at")
        out.openString()
        out.raw(rng.pick(Self.weekdays))
        out.raw(" Jun ")
        out.appendDecimal(rng.between(1...30), width: 2)
        out.raw(" ")
        out.appendDecimal(rng.below(24), width: 2)
        out.raw(":")
        out.appendDecimal(rng.below(60), width: 2)
        out.raw(":")
        out.appendDecimal(rng.below(60), width: 2)
        out.raw(" +0000 2013")
        out.closeString()
        out.key("id")
        out.int(id)
        out.key("id_str")
        out.openString()
        out.appendDecimal(id)
        out.closeString()
        out.key("text")
        writeText(&out, &rng)
        out.key("source")
        out.string(rng.pick(Self.sources))
        out.key("truncated")
        out.bool(false)
        for name in ["in_reply_to_status_id", "in_reply_to_status_id_str", "in_reply_to_user_id"] as [StaticString] {
            out.key(name)
            out.null()
        }
        out.key("user")
        writeUser(&out, &rng, id: 1_186_275_104 + rng.below(1_000_000_000))
        for name in ["geo", "coordinates", "place", "contributors"] as [StaticString] {
            out.key(name)
            out.null()
        }
        out.key("retweet_count")
        out.int(rng.chance(60) ? 0 : rng.below(3000))
        out.key("favorite_count")
        out.int(rng.chance(70) ? 0 : rng.below(500))
        out.key("entities")
        writeEntities(&out, &rng)
        out.key("favorited")
        out.bool(false)
        out.key("retweeted")
        out.bool(false)
        out.key("lang")
        out.string(rng.chance(80) ? "ja" : "en")
        out.endObject()
    }

    private func writeUser(_ out: inout PrettyJSONWriter, _ rng: inout SplitMix64, id: Int) {
        out.beginObject()
        out.key("id")
        out.int(id)
        out.key("id_str")
        out.openString()
        out.appendDecimal(id)
        out.closeString()
        out.key("name")
        out.string(rng.pick(Self.names))
        out.key("screen_name")
        out.openString()
        out.raw(rng.pick(Self.handles))
        out.appendDecimal(rng.below(10_000))
        out.closeString()
        out.key("location")
        out.string(rng.pick(Self.places))
        out.key("description")
        writeText(&out, &rng)
        out.key("url")
        if rng.chance(50) { out.null() } else { out.string("http:\\/\\/t.co\\/QMLJeFmfMT") }
        out.key("entities")
        out.beginObject()
        out.key("description")
        out.beginObject()
        out.key("urls")
        out.beginArray()
        out.endArray()
        out.endObject()
        out.endObject()
        out.key("protected")
        out.bool(false)
        for name in ["followers_count", "friends_count", "listed_count"] as [StaticString] {
            out.key(name)
            out.int(rng.below(5000))
        }
        out.key("created_at")
        out.string("Sat Feb 16 13:40:25 +0000 2013")
        out.key("favourites_count")
        out.int(rng.below(20_000))
        out.key("utc_offset")
        if rng.chance(40) { out.null() } else { out.int(32400) }
        out.key("time_zone")
        if rng.chance(40) { out.null() } else { out.string("Tokyo") }
        out.key("geo_enabled")
        out.bool(rng.chance(30))
        out.key("verified")
        out.bool(false)
        out.key("statuses_count")
        out.int(rng.below(100_000))
        out.key("lang")
        out.string("ja")
        for name in ["contributors_enabled", "is_translator"] as [StaticString] {
            out.key(name)
            out.bool(false)
        }
        out.key("profile_background_color")
        out.string("C0DEED")
        out.key("profile_background_image_url")
        out.string("http:\\/\\/a0.twimg.com\\/images\\/themes\\/theme1\\/bg.png")
        out.key("profile_image_url_https")
        out.openString()
        out.raw("https:\\/\\/si0.twimg.com\\/profile_images\\/")
        out.appendDecimal(3_000_000_000 + rng.below(1_000_000_000))
        out.raw("\\/")
        out.raw(rng.pick(Self.handles))
        out.raw("_normal.jpeg")
        out.closeString()
        out.key("profile_link_color")
        out.string("0084B4")
        out.key("default_profile")
        out.bool(rng.chance(50))
        out.key("following")
        out.bool(false)
        out.key("notifications")
        out.bool(false)
        out.endObject()
    }

    private func writeEntities(_ out: inout PrettyJSONWriter, _ rng: inout SplitMix64) {
        out.beginObject()
        out.key("hashtags")
        out.beginArray()
        for _ in 0..<rng.below(3) {
            out.beginObject()
            out.key("text")
            out.string(rng.pick(Self.hashtags))
            out.key("indices")
            writeIndices(&out, &rng)
            out.endObject()
        }
        out.endArray()
        out.key("symbols")
        out.beginArray()
        out.endArray()
        out.key("urls")
        out.beginArray()
        if rng.chance(30) {
            out.beginObject()
            out.key("url")
            out.string("http:\\/\\/t.co\\/8jBcFVGkJ5")
            out.key("expanded_url")
            out.string("http:\\/\\/example.co.jp\\/archives\\/2013\\/06\\/post-1204.html")
            out.key("display_url")
            out.string("example.co.jp\\/archives\\/2013\\u2026")
            out.key("indices")
            writeIndices(&out, &rng)
            out.endObject()
        }
        out.endArray()
        out.key("user_mentions")
        out.beginArray()
        for _ in 0..<rng.below(3) {
            out.beginObject()
            out.key("screen_name")
            out.string(rng.pick(Self.handles))
            out.key("name")
            out.string(rng.pick(Self.names))
            out.key("id")
            out.int(rng.between(10_000_000...2_000_000_000))
            out.key("indices")
            writeIndices(&out, &rng)
            out.endObject()
        }
        out.endArray()
        out.endObject()
    }

    private func writeIndices(_ out: inout PrettyJSONWriter, _ rng: inout SplitMix64) {
        let start = rng.below(100)
        out.beginArray()
        out.int(start)
        out.int(start + rng.between(3...20))
        out.endArray()
    }

    /// 3 to 12 phrases, mostly Japanese, with mentions, hashtags, escaped URLs and emoji.
    private func writeText(_ out: inout PrettyJSONWriter, _ rng: inout SplitMix64) {
        out.openString()
        if rng.chance(30) {
            out.raw("RT @")
            out.raw(rng.pick(Self.handles))
            out.raw(": ")
        }
        for index in 0..<rng.between(3...12) {
            if index > 0 && rng.chance(40) { out.raw(" ") }
            switch rng.below(100) {
            case 0..<60: out.raw(rng.pick(Self.japanese))
            case 60..<75: out.raw(rng.pick(Self.english))
            case 75..<82:
                out.raw("http:\\/\\/t.co\\/")
                out.raw(rng.pick(Self.handles))
            case 82..<88:
                out.raw("#")
                out.raw(rng.pick(Self.hashtags))
            case 88..<94: out.raw(rng.pick(Self.emoji))
            default: out.raw("\\n")
            }
        }
        out.closeString()
    }

    // MARK: Vocabulary (already JSON-escaped where needed)

    private static let weekdays: [StaticString] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let sources: [StaticString] = [
        "web",
        "<a href=\\\"http:\\/\\/twitter.com\\/download\\/iphone\\\" rel=\\\"nofollow\\\">Twitter for iPhone<\\/a>",
        "<a href=\\\"http:\\/\\/twitter.com\\/download\\/android\\\" rel=\\\"nofollow\\\">Twitter for Android<\\/a>",
        "<a href=\\\"http:\\/\\/jigtwi.jp\\/?p=1\\\" rel=\\\"nofollow\\\">jigtwi<\\/a>",
    ]
    private static let names: [StaticString] = [
        "AYUMI", "⇒わかめ⇐", "てっちゃん", "Ken Tanaka", "中村 あゆ", "みゆき☆", "Nanako", "加藤 悠斗", "りな♪",
    ]
    private static let handles: [StaticString] = [
        "ayuu0123", "yuttari1998", "aym0566x", "KATANA77", "tsukasa_m", "bot_daily", "kyoto_cafe", "nkmr",
    ]
    private static let places: [StaticString] = ["", "東京", "大阪府", "Kyoto, Japan", "北海道札幌市", "ここ"]
    private static let hashtags: [StaticString] = ["天気", "ニュース", "NHK", "拡散希望", "followme", "日常"]
    private static let japanese: [StaticString] = [
        "今日は", "いい天気ですね", "会いたいです", "ありがとうございます", "よろしくお願いします", "頑張ります",
        "【緊急】", "お疲れ様でした", "楽しかった！", "明日も", "写真をアップしました", "、", "。", "笑",
        "ラーメン食べたい", "電車が遅れています", "大好き", "どうしよう", "初めまして",
    ]
    private static let english: [StaticString] = ["good morning", "see you", "lol", "thanks!", "new post", "wow"]
    private static let emoji: [StaticString] = ["😊", "✨", "\\ud83d\\ude0a", "\\u2026", "♡", "(*´ω`*)", "🍜"]
}
