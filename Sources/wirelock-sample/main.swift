// wirelock-sample: WireLock's model runner over the sample media-library API.
//
//   swift run wirelock-sample roundtrip            every model, every fixture
//   swift run wirelock-sample roundtrip movie      one model
//   swift run wirelock-sample fuzz movie 'Fixtures/API/v3/movies-*.json' --seed 7 --count 20000
//   swift run wirelock-sample check              fixtures, decoded goldens, reader contracts, fuzz
//   swift run wirelock-sample list
//   swift run wirelock-sample client             MediaClient against a local stub server
//
// Run from the package root: fixture globs are relative to the working directory.
import Foundation
import SampleAPI
import WireLockRunner

var runner = ModelRunner(toolName: "wirelock-sample")

// Accepted differences are declared per fixture, so a reason given for one payload cannot hide the
// same loss in another; the runner prints each one it applied, with its reason.
runner.register(
    Page<Movie>.self, as: "movie", fixtures: ["Fixtures/API/v3/movies-*.json"],
    decoder: { .sampleAPI }, encoder: { .sampleAPI },
    acceptingByFixture: [
        "movies-extra-field": [
            AcceptedDifference(
                "$.records[1].popularity",
                because: "`popularity` is a newer server member the app does not model")
        ]
    ])

let fortyPointZero = AcceptedDifference(
    "$[0].seasons[0].statistics.percentOfEpisodes",
    because: "Double writes the server's 40.0 as 40 (same value, shortest spelling)")
runner.register(
    [Series].self, as: "series", fixtures: ["Fixtures/API/v3/series-*.json"],
    decoder: { .sampleAPI }, encoder: { .sampleAPI },
    acceptingByFixture: [
        "series-success": [fortyPointZero],
        "series-extra-field": [
            fortyPointZero,
            AcceptedDifference(
                "$[1].originalLanguage",
                because: "`originalLanguage` is a newer server member the app does not model"),
        ],
    ])

runner.register(
    [CalendarEntry].self, as: "calendar", fixtures: ["Fixtures/API/v3/calendar-*.json"],
    decoder: { .sampleAPI }, encoder: { .sampleAPI },
    acceptingByFixture: [
        "calendar-extra-field": [
            AcceptedDifference("$[1].absoluteEpisodeNumber", because: "anime numbering the app does not model")
        ]
    ])

runner.register(
    SyncRecord.self, as: "sync-record", fixtures: ["Fixtures/API/v3/sync-record-*.json"],
    decoder: { .sampleAPI }, encoder: { .sampleAPI })

runner.register(
    APIErrorBody.self, as: "error", fixtures: ["Fixtures/API/v3/error-*.json"],
    decoder: { .sampleAPI }, encoder: { .sampleAPI })

// Deliberately lenient (see RateLimitNotice): its fuzz findings are kept as open regression cases.
runner.register(
    RateLimitNotice.self, as: "rate-limit", fixtures: ["Fixtures/API/v3/error-429.json"],
    decoder: { .sampleAPI }, encoder: { .sampleAPI })

// Only Decodable (the app never sends it): no round trip; `check` compares each fixture's decoded
// value with its decoded golden, golden/webhook-delivery.decoded.json.
runner.register(
    WebhookDelivery.self, as: "webhook-delivery", fixtures: ["Fixtures/API/v3/webhook-delivery*.json"],
    decoder: .foundation(.sampleAPI))

if CommandLine.arguments.dropFirst().first == "client" { exit(await ClientDemo.run(output: { print($0) })) }

// Progress (fuzz) goes to standard error, and only on a terminal.
let progress: ((String) -> Void)? = isatty(2) == 1 ? { text in FileHandle.standardError.write(Data(text.utf8)) } : nil
exit(runner.run(Array(CommandLine.arguments.dropFirst()), output: { print($0) }, progress: progress))
