// wirelock-date-bench: per-parse cost of each legacy date parser and its fast twin, and the cost
// of decoding 100k dates through JSONDecoder with a fast strategy relative to `[String]`.
// Build in release: `swift build -c release --package-path Benchmarks`, run without arguments.
// The 10^6-input oracle run is `wirelock oracle dates --strategy all --generate 1000000 --seed 1`.
import Foundation
import WireJSON
import WireOracle

/// Nanoseconds per call of `body` over `inputs`, best of `rounds`, at least `minimumCalls` calls per round.
func nanosPerCall(_ inputs: [String], rounds: Int = 5, minimumCalls: Int, _ body: (String) -> Double) -> (
    Double, Double
) {
    var best = Double.infinity
    var sink = 0.0
    for _ in 0..<rounds {
        var calls = 0
        let start = DispatchTime.now().uptimeNanoseconds
        while calls < minimumCalls {
            for input in inputs { sink += body(input) }
            calls += inputs.count
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        best = min(best, elapsed / Double(calls))
    }
    return (best, sink)
}

/// Valid inputs in the shape each strategy's users send.
func inputs(for strategy: LegacyDateStrategy, count: Int) -> [String] {
    var rng = SplitMix64(seed: 7)
    return (0..<count).map { _ in
        let t = Double(rng.next(in: 0...1_000_000_000))
        let ms = rng.next(below: 1000)
        let whole = LegacyDates.shared.format(Date(timeIntervalSinceReferenceDate: t), .isoInternetDateTime)
        let base = String(decoding: whole.dropLast(), as: UTF8.self)  // without the Z
        let fraction = "." + String(String(1000 + ms).dropFirst())
        switch strategy {
        case .isoInternetDateTime, .jsonISO8601: return base + "Z"
        case .isoFractionalSeconds, .formatterMillisecondsOffset: return base + fraction + "Z"
        case .isoFractionalThenPlain: return rng.chance(50) ? base + fraction + "Z" : base + "Z"
        case .formatterSecondsZone: return base + "+0000"
        case .formatterDateOnly: return String(base.prefix(10))
        case .secondsSince1970: return String(Int(t) + 978_307_200)
        case .millisecondsSince1970: return String((Int(t) + 978_307_200) * 1000 + ms)
        }
    }
}

let legacy = LegacyDates()

print("Date strategies: nanoseconds per parse (best of 5 rounds), release build")
print("| strategy | legacy | legacy ns | twin ns | speed-up | FormatStyle ns | twin vs FormatStyle |")
print("|---|---|---:|---:|---:|---:|---:|")
for strategy in LegacyDateStrategy.allCases {
    let corpus = inputs(for: strategy, count: 1000)
    let slow = strategy.isNumeric || strategy == .jsonISO8601 ? 200_000 : 5_000
    let (legacyNs, _) = nanosPerCall(corpus, minimumCalls: slow) {
        legacy.parse($0, strategy)?.timeIntervalSinceReferenceDate ?? 0
    }
    let (twinNs, _) = nanosPerCall(corpus, minimumCalls: 2_000_000) {
        WireDates.parse($0, strategy, legacy: legacy)?.timeIntervalSinceReferenceDate ?? 0
    }
    var styleColumn = ""
    var styleRatio = ""
    if !strategy.isNumeric && strategy != .formatterDateOnly {
        // Date.ISO8601FormatStyle, the modern legacy (`.iso8601` uses it); it accepts these shapes
        // except the +0000 zone of formatterSecondsZone, which it parses too.
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: false)
        let styleFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        let (styleNs, _) = nanosPerCall(corpus, minimumCalls: 200_000) { text in
            ((try? (text.contains(".") ? styleFraction : style).parse(text))?.timeIntervalSinceReferenceDate) ?? 0
        }
        styleColumn = String(format: "%.0f", styleNs)
        styleRatio = String(format: "%.0f×", styleNs / twinNs)
    }
    print(
        String(
            format: "| %@ | %@ | %.0f | %.1f | %.0f× | %@ | %@ |", strategy.rawValue, strategy.legacySpelling,
            legacyNs, twinNs, legacyNs / twinNs, styleColumn, styleRatio))
}

// JSONDecoder: 100k date strings as [Date] with a fast strategy vs the same array as [String].
let strings = inputs(for: .isoFractionalThenPlain, count: 100_000)
let json = try JSONEncoder().encode(strings)
func best(_ rounds: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start))
    }
    return best
}
let plain = JSONDecoder()
let stringsNs = try best(7) { _ = try plain.decode([String].self, from: json) }
print("\nJSONDecoder, 100 000 dates (\(json.count) bytes), best of 7:")
print("| decoding | ms | vs [String] |")
print("|---|---:|---:|")
print(String(format: "| [String] | %.1f | 1.00× |", stringsNs / 1e6))
for strategy in [LegacyDateStrategy.isoFractionalThenPlain, .jsonISO8601] {
    let fast = JSONDecoder()
    fast.dateDecodingStrategy = WireDates.decodingStrategy(strategy, legacy: legacy)
    let fastNs = try best(7) { _ = try fast.decode([Date].self, from: json) }
    print(String(format: "| [Date], twin of %@ | %.1f | %.2f× |", strategy.rawValue, fastNs / 1e6, fastNs / stringsNs))
}
let builtIn = JSONDecoder()
builtIn.dateDecodingStrategy = .iso8601
let jsonPlain = try JSONEncoder().encode(inputs(for: .jsonISO8601, count: 100_000))
let plainStringsNs = try best(7) { _ = try plain.decode([String].self, from: jsonPlain) }
let builtInNs = try best(3) { _ = try builtIn.decode([Date].self, from: jsonPlain) }
let fastISO = JSONDecoder()
fastISO.dateDecodingStrategy = WireDates.decodingStrategy(.jsonISO8601, legacy: legacy)
let fastISONs = try best(7) { _ = try fastISO.decode([Date].self, from: jsonPlain) }
print(String(format: "| [String], no fractions | %.1f | 1.00× |", plainStringsNs / 1e6))
print(String(format: "| [Date], built-in .iso8601 | %.1f | %.2f× |", builtInNs / 1e6, builtInNs / plainStringsNs))
print(String(format: "| [Date], twin of .iso8601 | %.1f | %.2f× |", fastISONs / 1e6, fastISONs / plainStringsNs))
