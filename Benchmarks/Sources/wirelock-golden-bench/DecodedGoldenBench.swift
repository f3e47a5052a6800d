// The decoded golden of a ~1 MB fixture (issue 33) next to the encoded golden of the same value:
// `verifyDecodedGolden` reads the fixture strictly, decodes it, dumps the value by Mirror and
// compares the canonical dump with golden/events.decoded.json; `verifyGolden` encodes the decoded
// value with JSONEncoder and compares it with golden/events.json. Both golden files are recorded
// first (the one step that writes the run's bookkeeping, under the Benchmarks package's .wirelock/,
// removed afterwards), then each path is timed on a match, in turns, in one process, as under CI
// (no bookkeeping).
import Foundation
import WireGolden
import WireJSON
import WireShapes

/// An event of a webhook feed: dates as seconds since 2001 with fractions (every bit kept by the
/// dump), a URL, a Decimal, an enum, a dictionary and nested records, about 1 KB each.
struct BenchEvent: Codable {
    enum Kind: String, Codable { case created, updated, deleted }

    struct Attachment: Codable {
        var name: String
        var size: Int64
        var checksum: Data
    }

    var id: UUID
    var kind: Kind
    var at: Date
    var link: URL?
    var price: Decimal
    var note: String?
    var tags: [String]
    var attributes: [String: String]
    var attachments: [Attachment]

    /// Event `i`, the same on every run.
    static func make(_ i: Int) -> BenchEvent {
        let hex = String(format: "%012x", i)
        return BenchEvent(
            id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-\(hex)")!, kind: [.created, .updated, .deleted][i % 3],
            at: Date(timeIntervalSinceReferenceDate: 600_185_931.203 + Double(i) * 0.017),
            link: i % 4 == 0 ? nil : URL(string: "https://media.example/events/\(i)?page=\(i % 7)"),
            price: Decimal(string: "\(i % 1000).\(i % 100)")!, note: i % 5 == 0 ? nil : "event number \(i)",
            tags: (0..<(i % 4)).map { "tag-\($0)" },
            attributes: ["quality": "Bluray-\(1080 + i % 3)p", "source": "feed-\(i % 11)", "region": "eu-\(i % 5)"],
            attachments: (0..<2).map { j in
                Attachment(
                    name: "file-\(i)-\(j).mkv", size: Int64(i * 1_048_576 + j),
                    checksum: Data([UInt8(i % 256), 0xAD, 0xBE, 0xEF]))
            })
    }
}

/// Runs the comparison and prints its table; `rounds` timed runs of each path, medians.
func runDecodedGoldenBench(scratch: URL, rounds: Int) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var events: [BenchEvent] = []
    var fixture = Data()
    while fixture.count < 1_000_000 {
        events += (events.count..<(events.count + 100)).map(BenchEvent.make)
        fixture = try encoder.encode(events)
    }
    let fixtureURL = scratch.appendingPathComponent("Fixtures/events.json")
    try FileManager.default.createDirectory(
        at: fixtureURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    try fixture.write(to: fixtureURL)
    let golden = scratch.appendingPathComponent("golden")
    let decoder = ModelDecoder.foundation(JSONDecoder())
    let value = try JSONDecoder().decode([BenchEvent].self, from: fixture)

    func decoded(_ environment: [String: String] = ["CI": "true"]) -> WireLockFailure? {
        verifyDecodedGolden(
            [BenchEvent].self, fixture: fixtureURL.path, named: "events", decoder: decoder, goldenDirectory: golden,
            environment: environment, writer: GoldenWriter(test: "events", location: "decoded"))
    }
    func encoded(_ environment: [String: String] = ["CI": "true"]) -> WireLockFailure? {
        verifyGolden(
            value, named: "events", encoder: encoder, goldenDirectory: golden, environment: environment,
            writer: GoldenWriter(test: "events", location: "encoded"))
    }
    // Record both, then both must match.
    let bookkeeping = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../.wirelock"
    )
    .standardizedFileURL
    let hadBookkeeping = FileManager.default.fileExists(atPath: bookkeeping.path)
    _ = decoded([:])
    _ = encoded([:])
    if !hadBookkeeping { try? FileManager.default.removeItem(at: bookkeeping) }
    guard decoded() == nil, encoded() == nil else {
        fatalError(
            "the events goldens do not match after recording: \(decoded()?.message ?? "") \(encoded()?.message ?? "")")
    }
    let decodedBytes = (try? Data(contentsOf: golden.appendingPathComponent("events.decoded.json")))?.count ?? 0
    let encodedBytes = (try? Data(contentsOf: golden.appendingPathComponent("events.json")))?.count ?? 0

    var parts: [(name: String, body: () -> Void)] = []
    var sink = 0
    parts.append(
        ("verifyGolden (encoded: JSONEncoder, parse, canonicalize, compare)", { sink &+= encoded() == nil ? 1 : 0 }))
    parts.append(
        (
            "verifyDecodedGolden (read, validate, decode, dump, canonicalize, compare)",
            { sink &+= decoded() == nil ? 1 : 0 }
        ))
    parts.append(
        (
            "part: JSONDecoder.decode of the fixture",
            {
                sink &+= ((try? JSONDecoder().decode([BenchEvent].self, from: fixture))?.count ?? 0)
            }
        ))
    parts.append(
        ("part: JSONEncoder.encode of the decoded value", { sink &+= (try? encoder.encode(value))?.count ?? 0 }))
    // In turns, so both paths see the same machine load.
    var seconds = [[Double]](repeating: [], count: parts.count)
    for _ in 0..<rounds {
        for (index, part) in parts.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            part.body()
            seconds[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
    }
    func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
    print("")
    print(
        "Decoded golden of a \(fixture.count)-byte fixture (\(events.count) events) next to the encoded golden of "
            + "the same value: golden/events.decoded.json \(decodedBytes) bytes, golden/events.json \(encodedBytes) bytes; "
            + "\(rounds) rounds in turns, release build")
    print("| path | best s | median s | × verifyGolden (median) |")
    print("|---|---:|---:|---:|")
    let base = median(seconds[0])
    for (index, part) in parts.enumerated() {
        print(
            "| \(part.name) | \(String(format: "%.3f", seconds[index].min()!)) | \(String(format: "%.3f", median(seconds[index]))) | "
                + "\(String(format: "%.2f", median(seconds[index]) / base)) |")
    }
    if sink == 0 { print("(no work)") }
}
