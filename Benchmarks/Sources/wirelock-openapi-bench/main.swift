// wirelock-openapi-bench: an OpenAPI document parsed, resolved and checked against reader contracts
// (release), and the release CLI's `wirelock contract --openapi` as a whole process with its peak RSS;
// on GitHub's REST description and on a synthetic one --copies times its size (its components and
// paths replicated under new names, every $ref of a copy pointing into that copy), to show how the
// work grows with the document.
//
//   wirelock-openapi-bench --spec api.github.com.json --config Tests/Fixtures/GitHubSample/wirelock.json
//                          [--old OLD.json] [--wirelock .build/release/wirelock] [--data DIR]
//                          [--copies N] [--runs N]
//
// The description is not in the repository: name a copy (`make bench-openapi` reads
// WIRELOCK_GITHUB_OPENAPI). Each figure is the median of --runs; phases run in this process, one
// after the other, each on a fresh resolver.
import Foundation
import WireCommands  // OpenAPIBenchmarks
import WireJSON
import WireLockBenchSupport

struct Options {
    var spec = ""
    var config = "Tests/Fixtures/GitHubSample/wirelock.json"
    var old: String?
    var wirelock = ".build/release/wirelock"
    var data = "Benchmarks/data/openapi"
    var copies = 0
    var runs = 5

    static let usage =
        "usage: wirelock-openapi-bench --spec FILE [--config FILE] [--old FILE] [--wirelock PATH] [--data DIR] [--copies N] [--runs N]"

    static func parse() throws -> Options {
        var options = Options()
        var arguments = BenchArguments(CommandLine.arguments.dropFirst())
        while let flag = arguments.next() {
            switch flag {
            case "--spec": options.spec = try arguments.value(flag)
            case "--config": options.config = try arguments.value(flag)
            case "--old": options.old = try arguments.value(flag)
            case "--wirelock": options.wirelock = try arguments.value(flag)
            case "--data": options.data = try arguments.value(flag)
            case "--copies": options.copies = try arguments.positive(flag)
            case "--runs": options.runs = try arguments.positive(flag)
            case "--help", "-h":
                print(usage)
                exit(0)
            default: throw BenchError("unknown argument '\(flag)'\n\(usage)")
            }
        }
        guard !options.spec.isEmpty else { throw BenchError("--spec is required\n\(usage)") }
        return options
    }
}

/// The median seconds of `runs` runs of `body` (its last result kept).
func timed<T>(_ runs: Int, _ body: () throws -> T) rethrows -> (seconds: Double, result: T) {
    var seconds: [Double] = []
    var result: T?
    for _ in 0..<runs {
        let start = monotonicSeconds()
        result = try body()
        seconds.append(monotonicSeconds() - start)
    }
    return (medianOf(seconds), result!)
}

/// `document` with its components and paths copied `copies - 1` more times under new names (`X--copyK`,
/// `/copyK/…`), each copy's `$ref`s pointing into the copy.
func replicated(_ root: JSONValue, copies: Int) -> JSONValue {
    guard case .object(var top) = root, copies > 1 else { return root }
    func renamed(_ value: JSONValue, copy: Int) -> JSONValue {
        switch value {
        case .object(let object):
            return .object(
                JSONObject(
                    object.members.map { member in
                        if member.key == "$ref", case .string(let text) = member.value, text.hasPrefix("#/components/")
                        {
                            return .init(key: "$ref", value: .string(text + "--copy\(copy)"))
                        }
                        return .init(key: member.key, value: renamed(member.value, copy: copy))
                    }))
        case .array(let elements): return .array(elements.map { renamed($0, copy: copy) })
        default: return value
        }
    }
    if case .object(var components)? = top["components"] {
        components.members = components.members.map { section in
            guard case .object(let entries) = section.value else { return section }
            var members = entries.members
            for copy in 2...copies {
                members += entries.members.map {
                    .init(key: $0.key + "--copy\(copy)", value: renamed($0.value, copy: copy))
                }
            }
            return .init(key: section.key, value: .object(JSONObject(members)))
        }
        top.members = top.members.map {
            $0.key == "components" ? .init(key: "components", value: .object(components)) : $0
        }
    }
    if case .object(let paths)? = top["paths"] {
        var members = paths.members
        for copy in 2...copies {
            members += paths.members.map { .init(key: "/copy\(copy)" + $0.key, value: renamed($0.value, copy: copy)) }
        }
        top.members = top.members.map {
            $0.key == "paths" ? .init(key: "paths", value: .object(JSONObject(members))) : $0
        }
    }
    return .object(top)
}

struct Row {
    var name: String
    var megabytes: Double
    var operations = 0
    var schemas = 0
    var parse = 0.0
    var resolve = 0.0
    var check = 0.0
    var findings = 0
    var diff = 0.0
    var changes = 0
    var cliSeconds = 0.0
    var cliRSS = 0.0
}

func measure(name: String, path: String, options: Options) throws -> Row {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    var row = Row(name: name, megabytes: Double(bytes.count) / 1_000_000)
    let parsed = try timed(options.runs) { try OpenAPIBenchmarks.parse(bytes, file: path) }
    row.parse = parsed.seconds
    let document = parsed.result
    row.operations = document.operations
    let resolved = timed(options.runs) { OpenAPIBenchmarks.resolveEverything(document) }
    row.resolve = resolved.seconds
    row.schemas = resolved.result
    let checked = try timed(options.runs) { try OpenAPIBenchmarks.check(document, configuration: options.config) }
    row.check = checked.seconds
    row.findings = checked.result
    let diffed = timed(options.runs) { OpenAPIBenchmarks.diff(document, document) }
    row.diff = diffed.seconds
    row.changes = diffed.result
    var seconds: [Double] = []
    var rss: [Int] = []
    for _ in 0..<options.runs {
        let start = monotonicSeconds()
        let process = try Subprocess.spawnMeasured(
            [options.wirelock, "contract", "--openapi", path, "--config", options.config], stdout: .null, stderr: .null)
        let outcome = process.wait()
        seconds.append(monotonicSeconds() - start)
        rss.append(outcome.maxRSSKiB)
        guard outcome.exitCode == 0 || outcome.exitCode == 1 else {
            throw BenchError("wirelock contract --openapi \(path) exited with \(outcome.exitCode)")
        }
    }
    row.cliSeconds = medianOf(seconds)
    row.cliRSS = Double(rss.max() ?? 0) / 1024
    return row
}

do {
    let options = try Options.parse()
    let original = Array(try Data(contentsOf: URL(fileURLWithPath: options.spec)))
    let copies = options.copies > 0 ? options.copies : max(2, Int((10_000_000.0 / Double(original.count)).rounded(.up)))
    try FileManager.default.createDirectory(atPath: options.data, withIntermediateDirectories: true)
    let synthetic = options.data + "/synthetic.json"
    let root = try JSONValue.parse(original)
    try Data(CanonicalJSONWriter.bytes(replicated(root, copies: copies))).write(to: URL(fileURLWithPath: synthetic))

    print(MachineInfo.current().markdown)
    print("")
    print("medians of \(options.runs) runs; phases in process (release), CLI as a whole process under GNU time")
    print("")
    print(
        "| document | MB | operations | schemas | parse s | resolve all s | check s | findings | diff (itself) s | `contract --openapi` s | peak RSS MiB |"
    )
    print("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for (name, path) in [("GitHub REST description", options.spec), ("synthetic, \(copies) copies", synthetic)] {
        let row = try measure(name: name, path: path, options: options)
        print(
            "| \(row.name) | \(fixed(row.megabytes, 1)) | \(row.operations) | \(row.schemas) | \(fixed(row.parse, 3)) | "
                + "\(fixed(row.resolve, 3)) | \(fixed(row.check, 3)) | \(row.findings) | \(fixed(row.diff, 3)) (\(row.changes) changes) | "
                + "\(fixed(row.cliSeconds, 3)) | \(fixed(row.cliRSS, 1)) |")
    }
    if let old = options.old {
        let one = try OpenAPIBenchmarks.parse(Array(try Data(contentsOf: URL(fileURLWithPath: old))), file: old)
        let two = try OpenAPIBenchmarks.parse(original, file: options.spec)
        let diffed = timed(options.runs) { OpenAPIBenchmarks.diff(one, two) }
        print("")
        print("diff --openapi \(old) → \(options.spec): \(diffed.result) changes in \(fixed(diffed.seconds, 3)) s")
    }
} catch {
    FileHandle.standardError.write(Data("wirelock-openapi-bench: error: \(error)\n".utf8))
    exit(2)
}
