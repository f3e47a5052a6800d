import Foundation

/// Which string values to take from JSON fixtures.
public struct FixtureSelector: Sendable {
    let matches: @Sendable (_ path: String, _ key: String?, _ value: String) -> Bool

    /// Strings at exactly this path, written in WireLock's one JSON path syntax (`$.items[0].date`,
    /// `$["release date"]`).
    public static func path(_ path: String) -> FixtureSelector {
        FixtureSelector { at, _, _ in at == path }
    }

    /// Strings that are the value of a member with this name, at any depth (`$..name`).
    public static func memberNamed(_ name: String) -> FixtureSelector {
        FixtureSelector { _, key, _ in key == name }
    }

    /// Strings for which `pattern` holds, wherever they are.
    public static func matching(_ pattern: @escaping @Sendable (String) -> Bool) -> FixtureSelector {
        FixtureSelector { _, _, value in pattern(value) }
    }

    /// Strings whose text matches a regular expression (`NSRegularExpression` syntax, anchored
    /// by the caller if needed).
    ///
    /// - Throws: The regular expression's syntax error.
    public static func regex(_ pattern: String) throws -> FixtureSelector {
        let box = RegexBox(try NSRegularExpression(pattern: pattern))
        return FixtureSelector { _, _, value in box.matches(value) }
    }

    /// Strings that are wholly one of a family's (``DateInputFamily/recognises(_:)``).
    public static func family(_ family: DateInputFamily) -> FixtureSelector {
        FixtureSelector { _, _, value in family.recognises(value) }
    }

    /// Strings that are an ISO 8601 / RFC 3339 date or an RFC 5322 / HTTP date (``DateInputFamily/iso8601``,
    /// ``DateInputFamily/rfc5322``).
    public static let dateLike = family(.mixing([.iso8601, .rfc5322]))
}

/// `@unchecked Sendable`: `NSRegularExpression` is immutable and documented thread-safe for matching.
final class RegexBox: @unchecked Sendable {
    let regex: NSRegularExpression
    init(_ regex: NSRegularExpression) { self.regex = regex }

    func matches(_ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    func ranges(in text: String) -> [Range<String.Index>] {
        regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text) }
    }
}

/// One string value found in a fixture or a text file.
public struct FixtureString: Hashable, Sendable, CustomStringConvertible {
    /// The file it came from.
    public var file: String
    /// Where it is in a JSON document (`$.items[0].date`), or `nil` for a match in a text file.
    public var path: String?
    /// The 1-based line: of a JSON Lines file, or of a text file; `nil` for a single JSON document.
    public var line: Int?
    /// The string's value.
    public var value: String

    /// `file:line: path = "value"`.
    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? "")\(path.map { ": \($0)" } ?? "") = \(value.debugDescription)"
    }
}

/// Extracts string values from JSON fixtures, and a family's strings from any text file.
///
/// JSON is read with Foundation's `JSONSerialization` (WireOracle compiles no JSON engine of its
/// own): a document's members are visited in sorted key order rather than document order, and of a
/// repeated member name only one value is seen.
public enum FixtureStrings {
    /// The selected strings of one JSON document.
    ///
    /// - Throws: `JSONSerialization`'s error when `data` is not JSON.
    public static func extract(
        fromJSON data: Data, file: String = "", line: Int? = nil, selector: FixtureSelector
    ) throws -> [FixtureString] {
        var found: [FixtureString] = []
        func walk(_ value: Any, _ path: String, _ key: String?) {
            switch value {
            case let text as String:
                if selector.matches(path, key, text) {
                    found.append(FixtureString(file: file, path: path, line: line, value: text))
                }
            case let array as [Any]:
                for (index, element) in array.enumerated() { walk(element, path + "[\(index)]", nil) }
            case let object as [String: Any]:
                for name in object.keys.sorted() { walk(object[name]!, path + Self.step(name), name) }
            default:
                break
            }
        }
        walk(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]), "$", nil)
        return found
    }

    /// The strings selected from every `.json` and `.jsonl` file under `directory` (recursively,
    /// in sorted path order so the result is the same on every machine). Files that are not valid
    /// JSON are skipped: fixtures of broken documents are not date sources.
    ///
    /// - Throws: If the directory cannot be listed.
    public static func extract(fromDirectory directory: String, selector: FixtureSelector) throws -> [FixtureString] {
        var found: [FixtureString] = []
        for file in try files(in: directory, extensions: ["json", "jsonl"]) {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            if file.hasSuffix(".jsonl") {
                for (n, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                    .enumerated()
                {
                    found += (try? extract(fromJSON: Data(line), file: file, line: n + 1, selector: selector)) ?? []
                }
            } else {
                found += (try? extract(fromJSON: data, file: file, selector: selector)) ?? []
            }
        }
        return found
    }

    /// The family's strings in every file under `directory` whose extension is one of `extensions`
    /// (recursively, in sorted path order), wherever they are: in Swift string literals, comments,
    /// logs, HTTP traces. A test suite's own date literals become a corpus.
    ///
    /// ```swift
    /// let literals = try FixtureStrings.extract(fromTextFilesIn: "Tests", family: .rfc5322)
    /// assertOracle(oracle, over: literals.map(\.value))
    /// ```
    ///
    /// - Parameters:
    ///   - directory: Where to look.
    ///   - extensions: File name extensions to read (`swift` by default).
    ///   - family: The family whose ``DateInputFamily/pattern`` finds the strings.
    /// - Throws: If the directory cannot be listed.
    public static func extract(
        fromTextFilesIn directory: String, extensions: Set<String> = ["swift"], family: DateInputFamily
    ) throws -> [FixtureString] {
        var found: [FixtureString] = []
        for file in try files(in: directory, extensions: extensions) {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            // Lines counted from the previous match on, so a file with many matches is read once.
            var line = 1
            var counted = text.startIndex
            for (range, value) in family.matches(in: text) {
                line += text[counted..<range.lowerBound].reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
                counted = range.lowerBound
                found.append(FixtureString(file: file, path: nil, line: line, value: value))
            }
        }
        return found
    }

    static func files(in directory: String, extensions: Set<String>) throws -> [String] {
        let root = URL(fileURLWithPath: directory)
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory])
        }
        var files: [String] = []
        for case let url as URL in enumerator where extensions.contains(url.pathExtension) {
            files.append(url.path)
        }
        return files.sorted()
    }

    /// `.name` when the name is a plain identifier, else `["name"]`.
    static func step(_ name: String) -> String {
        let plain =
            name.first.map { !$0.isNumber } ?? false
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "$")
            }
        return plain ? "." + name : "[" + OracleDecodingInput.jsonString(name) + "]"
    }
}
