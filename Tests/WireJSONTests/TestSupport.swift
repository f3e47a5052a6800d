import Foundation
import Testing
import WireLockTestSupport

@testable import WireJSON

/// The outcome of parsing a document with a given chunking: all events, or the error.
struct ParseOutcome: Equatable, CustomStringConvertible {
    var events: [String]
    var error: JSONSyntaxError?

    var description: String {
        if let error { return "error: \(error) [\(error.kind)]" }
        return "events: \(events.joined(separator: " "))"
    }
}

/// Parses `bytes` fed in the given chunk sizes (cycled), recording events with their paths.
func parse(_ bytes: [UInt8], chunks: [Int], options: JSONParseOptions = .strict) -> ParseOutcome {
    var events: [String] = []
    let parser = JSONStreamParser(options: options) { event, context in
        events.append("\(event)@\(context.path)")
    }
    do throws(JSONSyntaxError) {
        var offset = 0
        var k = 0
        while offset < bytes.count {
            let size = max(1, chunks.isEmpty ? bytes.count : chunks[k % chunks.count])
            let end = min(bytes.count, offset + size)
            try parser.feed(bytes[offset..<end])
            offset = end
            k += 1
        }
        try parser.finish()
        return ParseOutcome(events: events, error: nil)
    } catch {
        return ParseOutcome(events: [], error: error)
    }
}

func parse(_ text: String, options: JSONParseOptions = .strict) -> ParseOutcome {
    parse(Array(text.utf8), chunks: [], options: options)
}

/// The shared conformance corpora (found by `Repository.conformance`: `WIRELOCK_CONFORMANCE_DIR`, else
/// `../shared/conformance` beside the repository).
enum Conformance {
    static var root: URL? { Repository.conformance }

    static var jsonTestSuite: URL? {
        guard let dir = root?.appendingPathComponent("JSONTestSuite/test_parsing"),
            FileManager.default.fileExists(atPath: dir.path)
        else { return nil }
        return dir
    }

    static func files(prefix: String) -> [URL] {
        guard let dir = jsonTestSuite,
            let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path)
        else { return [] }
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted().map {
            dir.appendingPathComponent($0)
        }
    }
}

extension JSONEngine: CustomTestStringConvertible {
    /// The engines the parameterised tests run on: both where libyajl is built (Linux), else the
    /// Swift one alone.
    static var underTest: [JSONEngine] { yajlIsAvailable ? [.yajl, .swift] : [.swift] }

    public var testDescription: String { description }
}
