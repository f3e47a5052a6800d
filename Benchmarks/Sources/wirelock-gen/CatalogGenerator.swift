/// Writes an event catalog shaped like a ticketing API's (the shape of the `citm_catalog.json`
/// benchmark file of the JSON-parser literature, written from its public schema, not copied):
/// maps keyed by numeric ids (area, category and topic names, some with French accents), an
/// `events` map of objects, and a long `performances` array of deeply nested objects that are
/// nearly all numbers, nulls and four-space indentation.
///
/// Event and performance `n` depend only on the seed and `n`.
struct CatalogGenerator {
    private let seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
    }

    static let indent = 4

    /// The members before `performances`: the name maps and `count / 4` events.
    func writeHead(performances count: Int, into out: inout PrettyJSONWriter) {
        out.beginObject()
        out.key("areaNames")
        writeNames(&out, first: 205_705_993, count: 60, words: Self.areas)
        out.key("audienceSubCategoryNames")
        writeNames(&out, first: 337_100_890, count: 1, words: ["Abonné"])
        out.key("blockNames")
        out.beginObject()
        out.endObject()
        out.key("events")
        out.beginObject()
        for index in 0..<max(1, count / 4) {
            writeEvent(index: index, into: &out)
        }
        out.endObject()
        out.key("performances")
        out.beginArray()
    }

    /// The members after `performances`.
    func writeTail(into out: inout PrettyJSONWriter) {
        out.endArray()
        out.key("seatCategoryNames")
        writeNames(&out, first: 338_937_235, count: 40, words: Self.categories)
        out.key("subTopicNames")
        writeNames(&out, first: 337_184_262, count: 20, words: Self.topics)
        out.key("subjectNames")
        out.beginObject()
        out.endObject()
        out.key("venueNames")
        out.beginObject()
        out.key("PLEYEL_PLEYEL")
        out.string("Salle Pleyel")
        out.endObject()
        out.endObject()
    }

    /// Writes performance number `index` as one element of the `performances` array.
    func writePerformance(index: Int, into out: inout PrettyJSONWriter) {
        var rng = SplitMix64(seed: seed ^ (UInt64(index) &* 0xA24B_AED4_963E_E407))
        out.beginObject()
        out.key("eventId")
        out.int(138_586_341 + rng.below(200) * 2)
        out.key("id")
        out.int(339_887_544 + index)
        out.key("logo")
        out.null()
        out.key("name")
        out.null()
        out.key("prices")
        out.beginArray()
        let categories = rng.between(2...6)
        for k in 0..<categories {
            out.beginObject()
            out.key("amount")
            out.int(rng.between(10...200) * 250)
            out.key("audienceSubCategoryId")
            out.int(337_100_890)
            out.key("seatCategoryId")
            out.int(338_937_235 + k * 6)
            out.endObject()
        }
        out.endArray()
        out.key("seatCategories")
        out.beginArray()
        for k in 0..<categories {
            out.beginObject()
            out.key("areas")
            out.beginArray()
            for _ in 0..<rng.between(1...8) {
                out.beginObject()
                out.key("areaId")
                out.int(205_705_993 + rng.below(60))
                out.key("blockIds")
                out.beginArray()
                out.endArray()
                out.endObject()
            }
            out.endArray()
            out.key("seatCategoryId")
            out.int(338_937_235 + k * 6)
            out.endObject()
        }
        out.endArray()
        out.key("seatMapImage")
        out.null()
        out.key("start")
        out.int(1_372_701_600_000 + rng.below(400) * 86_400_000)
        out.key("venueCode")
        out.string("PLEYEL_PLEYEL")
        out.endObject()
    }

    private func writeEvent(index: Int, into out: inout PrettyJSONWriter) {
        var rng = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD6E8_FEB8_6659_FD93))
        let id = 138_586_341 + index * 2
        out.key(decimal: id)
        out.beginObject()
        out.key("description")
        out.null()
        out.key("id")
        out.int(id)
        out.key("logo")
        if rng.chance(70) { out.null() } else { out.string("\\/images\\/UE0AAAAACEKo6QAAAAZDSVRN") }
        out.key("name")
        out.string(rng.pick(Self.events))
        out.key("subTopicIds")
        writeIds(&out, &rng, first: 337_184_262)
        out.key("subjectCode")
        out.null()
        out.key("subtitle")
        out.null()
        out.key("topicIds")
        writeIds(&out, &rng, first: 107_888_604)
        out.endObject()
    }

    private func writeIds(_ out: inout PrettyJSONWriter, _ rng: inout SplitMix64, first: Int) {
        out.beginArray()
        for _ in 0..<rng.between(1...4) {
            out.int(first + rng.below(40) * 7)
        }
        out.endArray()
    }

    private func writeNames(_ out: inout PrettyJSONWriter, first: Int, count: Int, words: [StaticString]) {
        out.beginObject()
        for k in 0..<count {
            out.key(decimal: first + k)
            out.string(words[k % words.count])
        }
        out.endObject()
    }

    // MARK: Vocabulary (already JSON-escaped where needed)

    private static let areas: [StaticString] = [
        "Arrière-scène central", "1er balcon central", "2ème balcon bergerie cour", "Parterre central",
        "Balcon côté jardin", "Loge de face", "Corbeille", "Avant-scène cour",
    ]
    private static let categories: [StaticString] = ["1ère catégorie", "2ème catégorie", "Catégorie unique", "Zone 3"]
    private static let topics: [StaticString] = ["Musique classique", "Jazz", "Récital", "Opéra", "Musique de chambre"]
    private static let events: [StaticString] = [
        "30th Anniversary Tour", "Berliner Philharmoniker", "Orchestre de Paris – Paavo Järvi",
        "Récital Hélène Grimaud",
        "Les Arts Florissants", "Quatuor Ébène",
    ]
}
