// wirelock-check-bench: `wirelock check` over 10,000 fixtures of ~2 KB (the target: ≤ 5 s
// on two cores, release), and lint alone in MB/s beside `wirelock validate` on the same files, all
// in one run, each time the median of --runs whole processes.
//
//   wirelock-check-bench [--wirelock .build/release/wirelock] [--data Benchmarks/data/check]
//                        [--files 10000] [--runs 5]
//
// The data (deterministic: the same bytes on every machine) is a small package: Package.swift,
// wirelock.json (inputs Fixtures, the default fuzz smoke campaign of 1000 mutants), Fixtures/ with
// --files canonical, clean, well-named fixtures, and Tests/fixtures.txt naming each one, so every
// check runs in full and finds nothing (a run with findings or another exit status than 0 is
// reported as an error). It is rewritten on every run.
import WireSupport  // SplitMix64

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

struct Options {
    var wirelock = ".build/release/wirelock"
    var data = "Benchmarks/data/check"
    var files = 10_000
    var runs = 5

    static let usage =
        "usage: wirelock-check-bench [--wirelock PATH] [--data DIR] [--files N] [--runs N]"

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var rest = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let value = rest.popFirst() else { throw BenchError("\(flag) needs a value") }
            return value
        }
        func count(_ flag: String) throws -> Int {
            guard let number = Int(try value(flag)), number > 0 else {
                throw BenchError("\(flag) needs a positive whole number")
            }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--wirelock": options.wirelock = try value(argument)
            case "--data": options.data = try value(argument)
            case "--files": options.files = try count(argument)
            case "--runs": options.runs = try count(argument)
            case "--help", "-h":
                print(usage)
                exit(0)
            default: throw BenchError("unknown argument '\(argument)'\n\(usage)")
            }
        }
        return options
    }
}

// MARK: The data.

extension SplitMix64 {
    /// A draw below `n` by remainder (the reduction the data was generated with from the start).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// A JSON value written in WireLock's canonical form (sorted keys, two-space indent).
indirect enum Value {
    case int(Int)
    case bool(Bool)
    case string(String)  // plain ASCII letters, digits, spaces and URL characters: no escapes needed
    case array([Value])
    case object([(String, Value)])

    func write(into out: inout String, indent: String) {
        switch self {
        case .int(let n): out += String(n)
        case .bool(let b): out += b ? "true" : "false"
        case .string(let s): out += "\"" + s + "\""
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += indent + "  "
                item.write(into: &out, indent: indent + "  ")
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{\n"
            let sorted = members.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
            for (i, member) in sorted.enumerated() {
                out += indent + "  \"" + member.0 + "\": "
                member.1.write(into: &out, indent: indent + "  ")
                out += i == sorted.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }
}

let words = [
    "river", "night", "garden", "signal", "winter", "harbor", "echo", "lantern", "summit", "meadow",
    "copper", "orbit", "velvet", "ember", "atlas", "canyon", "delta", "fable", "glacier", "horizon",
]
let genres = ["drama", "comedy", "thriller", "documentary", "animation", "romance", "western", "horror"]

func phrase(_ random: inout SplitMix64, _ count: Int) -> String {
    (0..<count).map { _ in words[random.below(words.count)] }.joined(separator: " ")
}

/// One ~2 KB movie record.
func fixture(_ index: Int, _ random: inout SplitMix64) -> String {
    let cast: [Value] = (0..<6).map { order in
        .object([
            ("character", .string(phrase(&random, 2))), ("name", .string(phrase(&random, 2))),
            ("order", .int(order)),
        ])
    }
    let images: [Value] = ["poster", "fanart", "banner"].map { kind in
        .object([
            ("coverType", .string(kind)),
            ("url", .string("https://images.example.com/\(kind)/\(index)-\(random.below(1000)).jpg")),
        ])
    }
    let value = Value.object([
        ("id", .int(index)),
        ("title", .string(phrase(&random, 3))),
        ("year", .int(1950 + random.below(75))),
        ("runtime", .int(80 + random.below(100))),
        ("monitored", .bool(random.below(2) == 0)),
        ("genres", .array((0..<3).map { _ in .string(genres[random.below(genres.count)]) })),
        ("overview", .string(phrase(&random, 40))),
        ("tagline", .string(phrase(&random, 30))),
        ("crew", .array((0..<4).map { _ in .string(phrase(&random, 2)) })),
        ("cast", .array(cast)),
        ("images", .array(images)),
        (
            "ratings",
            .object([
                ("imdb", .object([("value", .int(random.below(100))), ("votes", .int(random.below(100_000)))])),
                ("tmdb", .object([("value", .int(random.below(100))), ("votes", .int(random.below(100_000)))])),
            ])
        ),
        ("studio", .string(phrase(&random, 2))),
        ("path", .string("/movies/\(index)")),
    ])
    var out = ""
    value.write(into: &out, indent: "")
    return out + "\n"
}

func writeFile(_ path: String, _ text: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw BenchError("cannot create \(path): \(String(cString: strerror(errno)))") }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    var start = 0
    while start < bytes.count {
        let n = bytes[start...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            throw BenchError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        start += n
    }
}

func makeDirectory(_ path: String) throws {
    var prefix = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
        prefix += "/" + component
        if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
            throw BenchError("cannot create \(prefix): \(String(cString: strerror(errno)))")
        }
    }
}

/// Writes the package; returns the fixtures' total size in bytes.
func generate(_ options: Options) throws -> Int {
    try makeDirectory(options.data + "/Fixtures")
    try makeDirectory(options.data + "/Tests")
    // Fixtures left by a run with more files would be checked too.
    if let directory = opendir(options.data + "/Fixtures") {
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".json") { unlink(options.data + "/Fixtures/" + name) }
        }
        closedir(directory)
    }
    try writeFile(options.data + "/Package.swift", "// swift-tools-version: 6.0\n// wirelock-check-bench's data.\n")
    try writeFile(options.data + "/wirelock.json", "{\n  \"inputs\": [\n    \"Fixtures\"\n  ]\n}\n")
    var random = SplitMix64(seed: 13)
    var names = ""
    var total = 0
    for index in 1...options.files {
        let name = "movie-n" + String(repeating: "0", count: max(0, 5 - String(index).count)) + String(index)
        let text = fixture(index, &random)
        total += text.utf8.count
        try writeFile(options.data + "/Fixtures/\(name).json", text)
        names += name + "\n"
    }
    try writeFile(options.data + "/Tests/fixtures.txt", names)
    return total
}

// MARK: Timing whole processes.

func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Runs `arguments` in the current directory with standard output and error thrown away; returns
/// wall seconds and the exit status.
func timedRun(_ arguments: [String]) throws -> (seconds: Double, status: Int32) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in cArguments { free(pointer) } }
    var pid: pid_t = 0
    let start = monotonicSeconds()
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &cArguments, environ)
    guard spawned == 0 else { throw BenchError("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
        guard errno == EINTR else { throw BenchError("waitpid: \(String(cString: strerror(errno)))") }
    }
    let seconds = monotonicSeconds() - start
    let exited = (status & 0x7F) == 0
    return (seconds, exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func formatted(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    }
    return text
}

do {
    let options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
    var wirelock = options.wirelock
    if !wirelock.hasPrefix("/") {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { throw BenchError("getcwd failed") }
        wirelock = String(cString: buffer) + "/" + wirelock
    }
    guard access(wirelock, X_OK) == 0 else { throw BenchError("no executable at \(wirelock) (build it in release)") }
    let bytes = try generate(options)
    let megabytes = Double(bytes) / 1_000_000
    guard chdir(options.data) == 0 else { throw BenchError("cannot enter \(options.data)") }
    print(
        "wirelock-check-bench: \(options.files) fixtures, \(formatted(megabytes, 1)) MB "
            + "(\(bytes / options.files) bytes each on average), median of \(options.runs) runs, whole processes\n")
    print("| command | median | MB/s | exit |")
    print("|---|---:|---:|---:|")
    let rows: [(String, [String])] = [
        ("wirelock check (validate, fmt --check, lint, fuzz smoke 1000)", [wirelock, "check", "--quiet"]),
        ("wirelock lint Fixtures", [wirelock, "lint", "--quiet", "Fixtures"]),
        ("wirelock validate Fixtures", [wirelock, "validate", "--quiet", "Fixtures"]),
    ]
    var failed = false
    for (label, arguments) in rows {
        var times: [Double] = []
        var statuses = Set<Int32>()
        for _ in 0..<options.runs {
            let run = try timedRun(arguments)
            times.append(run.seconds)
            statuses.insert(run.status)
        }
        let seconds = median(times)
        let status = statuses.sorted().map(String.init).joined(separator: ",")
        if statuses != [0] { failed = true }
        print("| `\(label)` | \(formatted(seconds, 2)) s | \(formatted(megabytes / seconds, 1)) | \(status) |")
    }
    if failed {
        print(
            "\nwirelock-check-bench: a command exited with a status other than 0 (run it in \(options.data) to see why)"
        )
        exit(1)
    }
} catch {
    let message = Array("wirelock-check-bench: \(error)\n".utf8)
    _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}
