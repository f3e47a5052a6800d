// wirelock-gen: writes a large, deterministic, API-like JSON document for the benchmarks.
//
//   wirelock-gen --size-mb 100 --out Benchmarks/data/records-100mb.json
//   wirelock-gen --size-mb 1100 --stdout | wirelock validate -
//
// The document is `{"page": 1, "pageSize": N, "records": [ … ]}`, pretty-printed with a two-space
// indent; `--kind statuses` writes a social network's search response instead (mostly Japanese
// text, escaped URLs), `--kind catalog` an event catalog (numbers, nesting, four-space indent): the
// shapes of the twitter.json and citm_catalog.json files parsers are usually measured on. Output goes out in chunks of about 1 MiB, so memory stays flat whatever the size. The same
// arguments give byte-identical output on every machine (see SplitMix64 and MovieRecordGenerator).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Exit statuses, as in the wirelock CLI.
enum ExitCode {
    static let success: Int32 = 0
    static let usage: Int32 = 2
}

struct GeneratorOptions {
    var sizeMB = 100
    var outputPath: String?
    var toStdout = false
    var seed: UInt64 = 0x5749_5245_4C4F_434B  // "WIRELOCK"
    var kind = DocumentKind.records
    var sizeKB = 0

    static let usage = """
        usage: wirelock-gen --size-mb N (--out FILE | --stdout) [--seed N] [--kind records|statuses|catalog]

        Writes about N megabytes (N × 1,000,000 bytes) of pretty-printed, API-like JSON.
          --size-mb N   target size in MB (default 100)
          --out FILE    write to FILE
          --stdout      stream to standard output
          --seed N      generator seed (default fixed, so output is reproducible)
          --kind K      records (default: a media server's movie page), statuses (a social network's
                        search response, like twitter.json) or catalog (an event catalog, like
                        citm_catalog.json)
        Sizes below 1 MB: --size-kb N.
        """

    static func parse(_ arguments: [String]) -> Result<GeneratorOptions, UsageError> {
        var options = GeneratorOptions()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--size-mb":
                guard let value = rest.popFirst().flatMap({ Int($0) }), value > 0 else {
                    return .failure(UsageError("--size-mb needs a positive whole number"))
                }
                options.sizeMB = value
            case "--out":
                guard let value = rest.popFirst() else { return .failure(UsageError("--out needs a file")) }
                options.outputPath = value
            case "--size-kb":
                guard let value = rest.popFirst().flatMap({ Int($0) }), value > 0 else {
                    return .failure(UsageError("--size-kb needs a positive whole number"))
                }
                options.sizeMB = 0
                options.sizeKB = value
            case "--kind":
                guard let value = rest.popFirst().flatMap({ DocumentKind(rawValue: $0) }) else {
                    return .failure(UsageError("--kind needs records, statuses or catalog"))
                }
                options.kind = value
            case "--stdout":
                options.toStdout = true
            case "--seed":
                guard let value = rest.popFirst().flatMap({ UInt64($0) }) else {
                    return .failure(UsageError("--seed needs a whole number"))
                }
                options.seed = value
            case "-h", "--help":
                return .failure(UsageError(nil))
            default:
                return .failure(UsageError("unknown argument '\(argument)'"))
            }
        }
        guard options.toStdout != (options.outputPath != nil) else {
            return .failure(UsageError("give exactly one of --out FILE and --stdout"))
        }
        return .success(options)
    }
}

struct UsageError: Error {
    let message: String?
    init(_ message: String?) { self.message = message }
}

/// Writes all of `bytes` to `fd`, retrying on short writes and EINTR.
func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < buffer.count {
        let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return false
        }
        offset += written
    }
    return true
}

/// Writes all the bytes `writer` holds to `fd`, then empties it.
func flush(_ writer: inout PrettyJSONWriter, to fd: Int32) -> Bool {
    let ok = writer.withBytes { writeAll(fd, $0) }
    writer.removeAll()
    return ok
}

func printError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { _ = writeAll(2, UnsafeRawBufferPointer($0)) }
}

/// The kinds of document, each a head, many generated elements and a tail.
enum DocumentKind: String {
    case records, statuses, catalog

    var indent: Int { self == .catalog ? CatalogGenerator.indent : 2 }

    func writeHead(count: Int, seed: UInt64, into out: inout PrettyJSONWriter) {
        switch self {
        case .records:
            out.beginObject()
            out.key("page")
            out.int(1)
            out.key("pageSize")
            out.int(count)
            out.key("records")
            out.beginArray()
        case .statuses:
            out.beginObject()
            out.key("statuses")
            out.beginArray()
        case .catalog:
            CatalogGenerator(seed: seed).writeHead(performances: count, into: &out)
        }
    }

    func writeElement(index: Int, seed: UInt64, into out: inout PrettyJSONWriter) {
        switch self {
        case .records: MovieRecordGenerator(seed: seed).writeRecord(index: index, into: &out)
        case .statuses: StatusGenerator(seed: seed).writeStatus(index: index, into: &out)
        case .catalog: CatalogGenerator(seed: seed).writePerformance(index: index, into: &out)
        }
    }

    func writeTail(count: Int, seed: UInt64, into out: inout PrettyJSONWriter) {
        switch self {
        case .records:
            out.endArray()
            out.endObject()
        case .statuses:
            out.endArray()
            out.key("search_metadata")
            out.beginObject()
            out.key("completed_in")
            out.decimal(0, 87, digits: 3)
            out.key("count")
            out.int(count)
            out.key("query")
            out.string("%E4%B8%80")
            out.endObject()
            out.endObject()
        case .catalog:
            CatalogGenerator(seed: seed).writeTail(into: &out)
        }
    }
}

func run(_ options: GeneratorOptions) -> Int32 {
    let kind = options.kind
    let targetBytes = options.sizeMB * 1_000_000 + options.sizeKB * 1_000

    // Elements vary in size, and the head may grow with their count; so write a whole document of
    // the first elements and derive the count from its size per element.
    let sampleCount = 2_048
    var sample = PrettyJSONWriter(capacity: 8 << 20, indent: kind.indent)
    kind.writeHead(count: sampleCount, seed: options.seed, into: &sample)
    for index in 0..<sampleCount {
        kind.writeElement(index: index, seed: options.seed, into: &sample)
    }
    kind.writeTail(count: sampleCount, seed: options.seed, into: &sample)
    let averageBytes = Swift.max(1, sample.count / sampleCount)
    let count = Swift.max(1, (targetBytes + averageBytes - 1) / averageBytes)

    let fd: Int32
    if let path = options.outputPath {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else {
            printError("wirelock-gen: cannot open \(path) for writing (errno \(errno))")
            return ExitCode.usage
        }
    } else {
        fd = 1
    }

    let chunkBytes = 1 << 20
    var out = PrettyJSONWriter(capacity: chunkBytes + (64 << 10), indent: kind.indent)
    var total = 0
    kind.writeHead(count: count, seed: options.seed, into: &out)
    for index in 0..<count {
        kind.writeElement(index: index, seed: options.seed, into: &out)
        if out.count >= chunkBytes {
            total += out.count
            guard flush(&out, to: fd) else {
                printError("wirelock-gen: write failed (errno \(errno))")
                return ExitCode.usage
            }
        }
    }
    kind.writeTail(count: count, seed: options.seed, into: &out)
    out.append(UInt8(ascii: "\n"))
    total += out.count
    guard flush(&out, to: fd) else {
        printError("wirelock-gen: write failed (errno \(errno))")
        return ExitCode.usage
    }
    if fd != 1 { close(fd) }
    printError("wirelock-gen: wrote \(total) bytes, \(count) \(kind.rawValue), to \(options.outputPath ?? "stdout")")
    return ExitCode.success
}

switch GeneratorOptions.parse(Array(CommandLine.arguments.dropFirst())) {
case .success(let options):
    exit(run(options))
case .failure(let error):
    if let message = error.message {
        printError("wirelock-gen: \(message)\n\n" + GeneratorOptions.usage)
        exit(ExitCode.usage)
    }
    print(GeneratorOptions.usage)
    exit(ExitCode.success)
}
