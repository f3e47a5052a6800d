import WireJSON
import WireOracle

/// Writes two versions of a golden directory: `formats` wire formats of `samples` goldens each
/// (about 2 KB apiece, canonical JSON), and a second version in which every tenth format has been
/// refactored in one of four ways and the rest only changed values.
///
/// Deterministic: the same arguments give byte-identical files on every machine.
struct GoldenSetGenerator {
    var formats = 100
    var samples = 10
    var seed: UInt64 = 1

    /// What the new version did to a format.
    enum Change: String, CaseIterable {
        case renamedMember = "title renamed to name"
        case droppedFraction = "fractional seconds dropped from added"
        case optionalMemberAdded = "optional subtitle added"
        case typeChanged = "id became a string"
        case valuesOnly = "values only"
    }

    /// The change applied to format `f` in the new version.
    static func change(for format: Int) -> Change {
        switch format % 10 {
        case 0: .renamedMember
        case 1: .droppedFraction
        case 2: .optionalMemberAdded
        case 3: .typeChanged
        default: .valuesOnly
        }
    }

    /// The relative path and canonical bytes of every golden of one version.
    func files(newVersion: Bool) -> [(path: String, bytes: [UInt8])] {
        var out: [(path: String, bytes: [UInt8])] = []
        for format in 0..<formats {
            for sample in 0..<samples {
                let document = record(format: format, sample: sample, newVersion: newVersion)
                out.append(("format-\(pad(format))/sample-\(pad(sample)).json", CanonicalJSONWriter.bytes(document)))
            }
        }
        return out
    }

    private func pad(_ value: Int) -> String { value < 10 ? "00\(value)" : value < 100 ? "0\(value)" : "\(value)" }

    private static let words = [
        "amber", "harbour", "quiet", "signal", "winter", "orbit", "velvet", "northern",
        "lantern", "echo", "meadow", "granite", "tide", "ember", "cinder", "hollow",
    ]

    /// One golden: a movie-like record with nested objects, arrays, dates, UUIDs, URLs and enums.
    func record(format: Int, sample: Int, newVersion: Bool) -> JSONValue {
        var rng = SplitMix64(seed: seed, index: UInt64(format * 10_000 + sample))
        let change = newVersion ? Self.change(for: format) : nil
        func text(_ count: Int) -> String {
            (0..<count).map { _ in Self.words[rng.next(below: Self.words.count)] }.joined(separator: " ")
        }
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        func hex(_ count: Int) -> String {
            String((0..<count).map { _ in Array("0123456789abcdef")[rng.next(below: 16)] })
        }
        func number(_ value: Int) -> JSONValue { .number(JSONNumber(integerLiteral: value)) }
        func decimal(_ tenths: Int) -> JSONValue { .number(JSONNumber(text: "\(tenths / 10).\(tenths % 10)")) }

        let id = format * 1000 + sample + (change == .valuesOnly ? 1 : 0)
        let year = rng.next(in: 1990...2025)
        let month = rng.next(in: 1...12)
        let day = rng.next(in: 1...28)
        let clock = "\(two(rng.next(in: 0...23))):\(two(rng.next(in: 0...59))):\(two(rng.next(in: 0...59)))"
        // Drawn in every version, so the refactor changes the layout and nothing downstream.
        let milliseconds = rng.next(in: 100...999)
        let fraction = change == .droppedFraction ? "" : ".\(milliseconds)"
        let title = text(3)
        var members: [JSONObject.Member] = [
            .init(key: "id", value: change == .typeChanged ? .string("m-\(id)") : number(id)),
            .init(key: change == .renamedMember ? "name" : "title", value: .string(title)),
            .init(key: "sortTitle", value: .string(title.lowercased())),
            .init(key: "uuid", value: .string("\(hex(8))-\(hex(4))-4\(hex(3))-a\(hex(3))-\(hex(12))")),
            .init(key: "added", value: .string("\(year)-\(two(month))-\(two(day))T\(clock)\(fraction)Z")),
            .init(key: "airDate", value: .string("\(year)-\(two(month))-\(two(day))")),
            .init(key: "status", value: .string(["released", "announced", "inCinemas"][sample % 3])),
            .init(key: "homepage", value: .string("https://movies.example.com/\(format)/\(sample)")),
            .init(key: "overview", value: .string(text(110))),
            .init(key: "runtime", value: number(rng.next(in: 80...180))),
            .init(key: "rating", value: sample % 4 == 0 ? .null : decimal(rng.next(in: 10...99))),
            .init(
                key: "genres",
                value: .array((0..<rng.next(in: 1...3)).map { _ in .string(Self.words[rng.next(below: 4)]) })),
            .init(key: "tags", value: .array((0..<rng.next(in: 0...4)).map { _ in number(rng.next(below: 50)) })),
            .init(
                key: "images",
                value: .array(
                    ["poster", "fanart", "banner"].map { cover in
                        .object(
                            JSONObject([
                                "coverType": .string(cover),
                                "url": .string("/MediaCover/\(id)/\(cover).jpg"),
                                "remoteUrl": .string("https://image.example.com/t/p/original/\(hex(24)).jpg"),
                            ]))
                    })),
            .init(
                key: "ratings",
                value: .object(
                    JSONObject(
                        ["imdb", "tmdb"].map { source in
                            JSONObject.Member(
                                key: source,
                                value: .object(
                                    JSONObject([
                                        "type": .string("user"), "value": decimal(rng.next(in: 10...99)),
                                        "votes": number(rng.next(below: 100_000)),
                                    ])))
                        }))),
            .init(
                key: "statistics",
                value: .object(
                    JSONObject(
                        [JSONObject.Member(key: "movieFileCount", value: number(sample % 2))]
                            + (sample % 3 == 0
                                ? [] : [JSONObject.Member(key: "sizeOnDisk", value: number(rng.next(below: 1 << 30)))]))
                )),
            .init(key: "format\(format)Only", value: .bool(rng.chance(50))),
        ]
        if change == .optionalMemberAdded && sample % 2 == 0 {
            members.append(.init(key: "subtitle", value: .string(text(2))))
        }
        return .object(JSONObject(members))
    }
}
