// wirelock-sample: WireLock's model runner over the sample media-library API.
//
//   swift run wirelock-sample roundtrip            every model, every fixture
//   swift run wirelock-sample roundtrip movie      one model
//   swift run wirelock-sample fuzz movie 'Fixtures/API/v3/movies-*.json' --seed 7 --count 20000
//   swift run wirelock-sample list
//
// Run from the package root: fixture globs are relative to the working directory.
import Foundation
import SampleAPI
import WireLock

var runner = ModelRunner(toolName: "wirelock-sample")

runner.register(Page<Movie>.self, as: "movie", fixtures: ["Fixtures/API/v3/movies-*.json"],
                decoder: { .sampleAPI }, encoder: { .sampleAPI },
                accepting: [
                    AcceptedDifference("$.records[1].popularity",
                                       because: "movies-extra-field: `popularity` is a newer server member the app does not model"),
                ])

runner.register([Series].self, as: "series", fixtures: ["Fixtures/API/v3/series-*.json"],
                decoder: { .sampleAPI }, encoder: { .sampleAPI },
                accepting: [
                    AcceptedDifference("$[0].seasons[0].statistics.percentOfEpisodes",
                                       because: "series-success: Double writes the server's 40.0 as 40 (same value, shortest spelling)"),
                    AcceptedDifference("$[1].originalLanguage",
                                       because: "series-extra-field: `originalLanguage` is a newer server member the app does not model"),
                ])

runner.register([CalendarEntry].self, as: "calendar", fixtures: ["Fixtures/API/v3/calendar-*.json"],
                decoder: { .sampleAPI }, encoder: { .sampleAPI },
                accepting: [
                    AcceptedDifference("$[1].absoluteEpisodeNumber",
                                       because: "calendar-extra-field: anime numbering the app does not model"),
                ])

runner.register(SyncRecord.self, as: "sync-record", fixtures: ["Fixtures/API/v3/sync-record-*.json"],
                decoder: { .sampleAPI }, encoder: { .sampleAPI })

runner.register(APIErrorBody.self, as: "error", fixtures: ["Fixtures/API/v3/error-*.json"],
                decoder: { .sampleAPI }, encoder: { .sampleAPI })

// Deliberately lenient (see RateLimitNotice): its fuzz findings are kept as open regression cases.
runner.register(RateLimitNotice.self, as: "rate-limit", fixtures: ["Fixtures/API/v3/error-429.json"],
                decoder: { .sampleAPI }, encoder: { .sampleAPI })

// Progress (fuzz) goes to standard error, and only on a terminal.
let progress: ((String) -> Void)? = isatty(2) == 1 ? { text in FileHandle.standardError.write(Data(text.utf8)) } : nil
exit(runner.run(Array(CommandLine.arguments.dropFirst()), output: { print($0) }, progress: progress))
