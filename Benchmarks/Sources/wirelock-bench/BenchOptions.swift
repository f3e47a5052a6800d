import WireLockBenchSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The command line of `wirelock-bench`.
struct BenchOptions {
    /// The benchmark file (from `wirelock-gen --size-mb 100 --out FILE`).
    var file: String?
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
    /// The `wirelock` CLI to validate with (default: `.build/release/wirelock`).
    var wirelock = ".build/release/wirelock"
    /// Internal: run one workload once and print its time (used by the parent process).
    var child: Workload?

    static let usage = """
        usage: wirelock-bench --file FILE [--runs N] [--json-verify PATH] [--no-decoder]
               wirelock-bench --stream-rss [--size-mb N] [--gen PATH] [--wirelock PATH]

        Measures WireJSON's validator against json_verify (yajl), JSONSerialization and JSONDecoder on
        FILE and prints a markdown table; or, with --stream-rss, streams a generated document of N MB
        (default 1100) through `wirelock validate -` and reports its throughput and peak RSS.
        """

    static func parse(_ arguments: [String]) throws -> BenchOptions {
        var options = BenchOptions()
        var rest = BenchArguments(arguments)
        while let argument = rest.next() {
            switch argument {
            case "--file": options.file = try rest.value(argument)
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
        if !options.streamRSS && options.file == nil {
            throw BenchError("give --file FILE, or --stream-rss")
        }
        return options
    }
}
