import WireLockBenchSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The command line of `wirelock-bench`.
struct BenchOptions {
    /// The benchmark files (from `wirelock-gen --size-mb 100 --out FILE [--kind K]`).
    var files: [String] = []
    /// Runs per workload; the table shows the best and the median.
    var runs = 3
    /// The `json_verify` program (looked up on `PATH` by default).
    var jsonVerify = "json_verify"
    /// Skip the optional `JSONDecoder` workload.
    var skipDecoder = false
    /// Measure `wirelock-gen --size-mb N --stdout | wirelock validate -` instead.
    var streamRSS = false
    /// Size of the streamed document in MB.
    var streamSizeMB = 1100
    /// The generator (default: `wirelock-gen` next to this program).
    var generator: String?
    /// The `wirelock` CLI to validate with, in both modes (default: `.build/release/wirelock`).
    var wirelock = ".build/release/wirelock"
    /// Internal: run one workload once and print its time (used by the parent process).
    var child: Workload?

    static let usage = """
        usage: wirelock-bench --file FILE [--file FILE …] [--runs N] [--json-verify PATH] [--wirelock PATH] [--no-decoder]
               wirelock-bench --stream-rss [--size-mb N] [--gen PATH] [--wirelock PATH]

        Measures `wirelock validate` on each engine against json_verify (yajl) as whole processes on
        each FILE (and JSONSerialization and JSONDecoder on the first), then each pass of the validator
        in process, and prints markdown tables; or, with --stream-rss, streams a generated document of
        N MB (default 1100) through `wirelock validate -` and reports its throughput and peak RSS.
        """

    static func parse(_ arguments: [String]) throws -> BenchOptions {
        var options = BenchOptions()
        var rest = BenchArguments(arguments)
        while let argument = rest.next() {
            switch argument {
            case "--file": options.files.append(try rest.value(argument))
            case "--runs": options.runs = try rest.positive(argument)
            case "--json-verify": options.jsonVerify = try rest.value(argument)
            case "--no-decoder": options.skipDecoder = true
            case "--stream-rss": options.streamRSS = true
            case "--size-mb": options.streamSizeMB = try rest.positive(argument)
            case "--gen": options.generator = try rest.value(argument)
            case "--wirelock": options.wirelock = try rest.value(argument)
            case "--child":
                let name = try rest.value(argument)
                guard let workload = Workload(rawValue: name) else { throw BenchError("unknown workload '\(name)'") }
                options.child = workload
            case "-h", "--help":
                print(usage)
                exit(0)
            default:
                throw BenchError("unknown argument '\(argument)'")
            }
        }
        if !options.streamRSS && options.files.isEmpty {
            throw BenchError("give --file FILE, or --stream-rss")
        }
        return options
    }
}
