import Foundation
import WireDecoder
import WireLockBenchSupport

/// Section d): the real-model workload (``RESTPayload`` × ``RESTDateStyle``), `JSONDecoder` and
/// `WireJSONDecoder` (strict) taking turns in one process as in section c), one process per
/// payload, style and run; and the peak RSS of each decoder alone on the largest payload.
enum RESTRun {
    /// How the WireJSONDecoder side gets its date strategy.
    enum Setup: String, CaseIterable {
        /// `WireJSONDecoder(configuredLike:)` the app's `JSONDecoder`: the same strategy value.
        case configuredLike = "configured-like"
        /// For the `.formatted` styles: `.formatted(formatter)` written with
        /// `WireJSONDecoder.formatted(_:)`, which is `.formatted` itself where Foundation has that
        /// case (Darwin) and a strategy WireJSONDecoder can see into where it does not (Linux).
        case wireFormatted = "wire-formatted"
    }

    /// One child: `payload:style:setup`.
    struct Spec: Hashable {
        var payload: RESTPayload
        var style: RESTDateStyle
        var setup: Setup

        var argument: String { "\(payload.rawValue):\(style.rawValue):\(setup.rawValue)" }

        init(payload: RESTPayload, style: RESTDateStyle, setup: Setup) {
            self.payload = payload
            self.style = style
            self.setup = setup
        }

        init?(argument: String) {
            let parts = argument.split(separator: ":").map(String.init)
            guard parts.count == 3, let payload = RESTPayload(rawValue: parts[0]),
                let style = RESTDateStyle(rawValue: parts[1]), let setup = Setup(rawValue: parts[2])
            else { return nil }
            self.init(payload: payload, style: style, setup: setup)
        }
    }

    /// The WireJSONDecoder of a spec: strict, the style's strategy.
    static func wireDecoder(_ style: RESTDateStyle, _ setup: Setup) -> WireJSONDecoder {
        if setup == .wireFormatted, let format = style.format {
            // One formatter, as the app has (not also the one of a JSONDecoder to copy from).
            let decoder = WireJSONDecoder()
            decoder.dateDecodingStrategy = WireJSONDecoder.formatted(RESTDateStyle.formatter(format))
            return decoder
        }
        return WireJSONDecoder(configuredLike: style.jsonDecoder())
    }

    /// One paired run in this process: decodes the payload with both decoders, block by block
    /// (the first decoder of a block swaps every block), about `seconds` of work per decoder.
    static func paired(_ spec: Spec, seconds target: Double = 0.6) throws -> ChildResult {
        let data = Data(spec.payload.bytes(spec.style))
        let legacy = RESTDecode.jsonDecoder(spec.style.jsonDecoder())
        let candidate = RESTDecode.wire(wireDecoder(spec.style, spec.setup))
        // Both must decode the same records (and warm up).
        let expected = try spec.payload.decodeCount(data, legacy).count
        guard try spec.payload.decodeCount(data, candidate).count == expected else {
            throw BenchError("\(spec.argument): the decoders disagree on the record count")
        }
        let start = monotonicSeconds()
        var calibration = 0
        while monotonicSeconds() - start < 0.05 {
            _ = try spec.payload.decodeCount(data, legacy)
            calibration += 1
        }
        let perDecode = (monotonicSeconds() - start) / Double(calibration)
        let total = max(40, Int(target / perDecode))
        let block = max(2, total / 40)
        var legacySeconds = 0.0
        var candidateSeconds = 0.0
        var records = 0
        var legacyFirst = true
        var done = 0
        while done < total {
            for turn in 0..<2 {
                let decode = (turn == 0) == legacyFirst ? legacy : candidate
                let clock = monotonicSeconds()
                for _ in 0..<block { records += try spec.payload.decodeCount(data, decode).count }
                let elapsed = monotonicSeconds() - clock
                if (turn == 0) == legacyFirst { legacySeconds += elapsed } else { candidateSeconds += elapsed }
            }
            legacyFirst.toggle()
            done += block
        }
        return ChildResult(
            seconds: legacySeconds, bytes: data.count * done, records: done, entries: records / 2,
            pairedSeconds: candidateSeconds)
    }

    /// One decoder alone on a payload, `count` times (for its peak RSS; and, with
    /// `WIRELOCK_BENCH_DECODES`, a count for instruction profiles: the difference between two
    /// counts is the steady state, without the first decode's one-time conformance lookups).
    static func alone(
        _ spec: Spec, wire: Bool,
        count: Int = ProcessInfo.processInfo.environment["WIRELOCK_BENCH_DECODES"].flatMap { Int($0) } ?? 40
    ) throws -> ChildResult {
        let data = Data(spec.payload.bytes(spec.style))
        let decode =
            wire ? RESTDecode.wire(wireDecoder(spec.style, spec.setup)) : .jsonDecoder(spec.style.jsonDecoder())
        let start = monotonicSeconds()
        var records = 0
        for _ in 0..<count { records += try spec.payload.decodeCount(data, decode).count }
        return ChildResult(
            seconds: monotonicSeconds() - start, bytes: data.count * count, records: count, entries: records)
    }

    /// The rows measured: every payload with every style; the `.formatted` styles once as the app's
    /// strategy copied as is and once through ``WireJSONDecoder/formatted(_:)``.
    static var specs: [Spec] {
        var specs: [Spec] = []
        for payload in RESTPayload.allCases {
            for style in RESTDateStyle.allCases {
                specs.append(Spec(payload: payload, style: style, setup: .configuredLike))
                if style.format != nil { specs.append(Spec(payload: payload, style: style, setup: .wireFormatted)) }
            }
        }
        return specs
    }

    /// Runs section d) and returns its markdown.
    static func table(options: Options) throws -> String {
        var section = """
            ## d) The real-model workload: payloads shaped like GitHub's REST API, six date strategies, `JSONDecoder` and `WireJSONDecoder` (strict) taking turns in one process (\(options.runs) runs)

            Timed as in c): one decoder of each kind, shared by every call; blocks of calls, one decoder then the other (which one goes first swaps every block), ~0.6 s of `JSONDecoder` work per run; each run in its own process. The `WireJSONDecoder` is `WireJSONDecoder(configuredLike:)` the app's `JSONDecoder`; the `.formatted` rows also through `WireJSONDecoder.formatted(_:)` ("wire-formatted").

            | payload | bytes | date strategy | WireJSONDecoder set up | `JSONDecoder` median docs/s | `WireJSONDecoder` median docs/s | speed ÷ JSONDecoder's, per run (median / lowest / highest) |
            |---|--:|---|---|--:|--:|--:|

            """
        let selected = specs.filter { options.restFilter == nil || $0.argument.contains(options.restFilter ?? "") }
        for spec in selected {
            var legacy: [Double] = []
            var candidate: [Double] = []
            var ratios: [Double] = []
            var bytes = 0
            for run in 1...options.runs {
                let (result, _) = try runRESTChild(["--rest-child", spec.argument])
                legacy.append(Double(result.records) / result.seconds)
                candidate.append(Double(result.records) / result.pairedSeconds)
                ratios.append(result.seconds / result.pairedSeconds)
                bytes = result.bytes / max(1, result.records)
                progress("  rest \(spec.argument) run \(run): \(fixed(ratios.last ?? 0, 2))×")
            }
            section +=
                "| \(spec.payload.rawValue) | \(bytes) | \(spec.style.rawValue) | \(spec.setup.rawValue) | "
                + "\(fixed(medianOf(legacy), 0)) | \(fixed(medianOf(candidate), 0)) | \(fixed(medianOf(ratios), 2))× / "
                + "\(fixed(ratios.min() ?? .nan, 2))× / \(fixed(ratios.max() ?? .nan, 2))× |\n"
        }
        section += """

            Peak RSS, each decoder alone in its own process decoding `issues-250` 40 times (max over \(options.runs) runs):

            | date strategy | `JSONDecoder` peak RSS MiB | `WireJSONDecoder` peak RSS MiB |
            |---|--:|--:|

            """
        for style in [RESTDateStyle.formattedZone, .iso8601] {
            let spec = Spec(payload: .issuesLarge, style: style, setup: .wireFormatted)
            var peaks: [Int] = [0, 0]
            for _ in 1...options.runs {
                for wire in [false, true] {
                    let (_, outcome) = try runRESTChild(["--rest-alone", spec.argument, wire ? "wire" : "json"])
                    peaks[wire ? 1 : 0] = max(peaks[wire ? 1 : 0], outcome.maxRSSKiB)
                }
            }
            section +=
                "| \(style.rawValue) | \(fixed(Double(peaks[0]) / 1024, 1)) | \(fixed(Double(peaks[1]) / 1024, 1)) |\n"
        }
        return section
    }

    static func runRESTChild(_ arguments: [String]) throws -> (ChildResult, Subprocess.Outcome) {
        let output = Subprocess.temporaryPath("decoder-rest-child")
        defer { unlink(output) }
        let process = try Subprocess.spawnMeasured(
            [ownExecutable()] + arguments, stdin: .null, stdout: .file(output))
        let outcome = process.wait()
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard outcome.exitCode == 0,
            let result = ChildResult(line: text.trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            throw BenchError("\(arguments.joined(separator: " ")) failed (exit \(outcome.exitCode)): \(text)")
        }
        return (result, outcome)
    }
}
