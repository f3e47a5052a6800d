#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireLockTestSupport

    /// `wirelock-sample client`: the sample MediaClient against a local stub server, one line per call.
    @Suite("wirelock-sample client")
    struct SampleClientCommandTests {
        @Test func eachCallEndsInItsOwnKindOfResult() throws {
            let result = try SampleFuzzCommandTests().sample(["client"])
            #expect(result.status == 0, "\(result)")
            let lines = result.stdoutLines
            #expect(
                lines.prefix(4) == [
                    "movies(): 3 movies",
                    "movies() again: content: typeMismatch at $.records[1].year (line 297, column 15): "
                        + "expected Int, found a string \"2001\"",
                    "movie(id: 999999): HTTP 404",
                    "calendar(…): HTTP 429, retry after 30 s",
                ])
            // The URLError's own text is the platform's.
            #expect(
                lines.count == 5 && lines.last?.hasPrefix("series(): transport: URLError -1001 (") == true, "\(result)")
        }
    }
#endif
