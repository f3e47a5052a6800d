// wirelock-stub-bench: what WireStub's routing and recording cost per request, next to a bare
// URLProtocol stub (one static handler): N stubbed GETs through StubServer.session (the URL loading
// system), through StubServer as an HTTPDataLoading (no URL loading system), and through the bare
// stub's session, one request at a time, in the same run. Rounds interleave the three (the order
// rotates), and the table shows the median requests/s of the rounds.
// Build in release: `swift build -c release --package-path Benchmarks --product wirelock-stub-bench`;
// `make bench-stub` runs it.
import Foundation
import WireHTTP
import WireStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

let arguments = CommandLine.arguments
if arguments.contains("--help") || arguments.contains("-h") {
    print(
        """
        USAGE: wirelock-stub-bench [--requests N] [--rounds R]

        Sends N stubbed GET requests (default 10000) through each of: a WireStub StubServer's
        session, the StubServer as an HTTPDataLoading, and a bare URLProtocol stub with one static
        handler; R interleaved rounds (default 5). Prints a markdown table of the median requests/s
        and the cost ratio of each WireStub way to the bare stub (target: ≤ 1.5×).
        """)
    exit(0)
}
func option(_ name: String, default value: Int) -> Int {
    guard let at = arguments.firstIndex(of: name), at + 1 < arguments.count, let n = Int(arguments[at + 1]), n > 0
    else { return value }
    return n
}
let requestCount = option("--requests", default: 10_000)
let rounds = option("--rounds", default: 5)

// The same answer everywhere: a small page of JSON, as a list endpoint's empty page.
let body = Data(
    #"{"filters":[],"page":1,"pageSize":20,"records":[],"sortDirection":"descending","sortKey":"releaseDate","totalRecords":0}"#
        .utf8)
let path = "/api/v3/movie"

BareStubProtocol.handler = { request in
    let response = HTTPURLResponse(
        url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"])!
    return (response, body)
}
let bareSession = BareStubProtocol.session()

enum Way: String, CaseIterable {
    case session = "WireStub `server.session`"
    case loader = "WireStub `HTTPDataLoading`"
    case bare = "bare URLProtocol stub"
}

/// One request as a client sends it: GET with `Accept` and a query item, so routing has work to do.
func request(base: URL) -> URLRequest {
    var url = base.appending(path: "api/v3/movie")
    url.append(queryItems: [URLQueryItem(name: "page", value: "1")])
    var request = URLRequest(url: url)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    return request
}

/// Sends `requestCount` requests through `loader` one at a time; the seconds it took. Every answer is
/// checked, so a stub that answers wrongly cannot look fast.
func run(_ way: Way) async throws -> Double {
    let server = StubServer()
    server.stub(
        .get(path).query("page", "1").header("Accept", "application/json"), status: 200,
        json: String(decoding: body, as: UTF8.self))
    let loader: any HTTPDataLoading
    let base: URL
    switch way {
    case .session: (loader, base) = (server.session, server.baseURL)
    case .loader: (loader, base) = (server, server.baseURL)
    case .bare: (loader, base) = (bareSession, URL(string: "https://api.example.com")!)
    }
    let sent = request(base: base)
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<requestCount {
        let (data, response) = try await loader.data(for: sent)
        guard (response as? HTTPURLResponse)?.statusCode == 200, data == body else {
            fatalError("\(way.rawValue) answered wrongly: \(response)")
        }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    if way != .bare {
        guard server.requests.count == requestCount, server.problems.isEmpty else {
            fatalError("\(way.rawValue): \(server.requests.count) requests recorded, problems: \(server.problems)")
        }
    }
    return seconds
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

// One short warm-up of each way, then the rounds, each in a rotated order.
var seconds: [Way: [Double]] = [:]
for way in Way.allCases { _ = try await run(way) }
for round in 0..<rounds {
    let ways = Way.allCases
    for offset in 0..<ways.count {
        let way = ways[(round + offset) % ways.count]
        seconds[way, default: []].append(try await run(way))
    }
}

func format(_ value: Double, decimals: Int) -> String { String(format: "%.\(decimals)f", value) }

let rate = Dictionary(uniqueKeysWithValues: Way.allCases.map { ($0, Double(requestCount) / median(seconds[$0]!)) })
print("\(requestCount) stubbed GET requests per round, \(rounds) interleaved rounds (median):\n")
print("| way | requests/s | µs/request | cost ÷ bare |")
print("|---|---:|---:|---:|")
for way in Way.allCases {
    let perRequest = 1e6 / rate[way]!
    let ratio = rate[.bare]! / rate[way]!
    print(
        "| \(way.rawValue) | \(format(rate[way]!, decimals: 0)) | \(format(perRequest, decimals: 1)) | \(format(ratio, decimals: 2))× |"
    )
}
let sessionRatio = rate[.bare]! / rate[.session]!
print(
    "\nWireStub ÷ bare (through a URLSession, the like-for-like pair): \(format(sessionRatio, decimals: 2))× "
        + "(target ≤ 1.5×: \(sessionRatio <= 1.5 ? "met" : "NOT met"))")
