import Foundation
import WireJSON

/// Which string values to take from JSON fixtures.
public struct FixtureSelector: Sendable {
    let matches: @Sendable (JSONPath, String) -> Bool

    /// Strings at exactly this path.
    public static func path(_ path: JSONPath) -> FixtureSelector {
        FixtureSelector { at, _ in at == path }
    }

    /// Strings that are the value of a member with this name, at any depth (`$..name`).
    public static func memberNamed(_ name: String) -> FixtureSelector {
        FixtureSelector { at, _ in
            if case .key(let key)? = at.components.last { return key == name }
            return false
        }
    }

    /// Strings for which `pattern` holds, wherever they are.
    public static func matching(_ pattern: @escaping @Sendable (String) -> Bool) -> FixtureSelector {
        FixtureSelector { _, value in pattern(value) }
    }

    /// Strings whose text matches a regular expression (`NSRegularExpression` syntax, anchored
    /// by the caller if needed).
    ///
    /// - Throws: The regular expression's syntax error.
    public static func regex(_ pattern: String) throws -> FixtureSelector {
        let regex = try NSRegularExpression(pattern: pattern)
        let box = RegexBox(regex: regex)
        return FixtureSelector { _, value in box.matches(value) }
    }

    /// Strings that start like a date: four ASCII digits and a dash (`2024-05-01…`).
    public static let dateLike = FixtureSelector { _, value in
        let bytes = Array(value.utf8.prefix(5))
        return bytes.count == 5 && bytes[0..<4].allSatisfy { (0x30...0x39).contains($0) } && bytes[4] == 0x2D
    }
}

/// `@unchecked Sendable`: `NSRegularExpression` is immutable and documented thread-safe for matching.
final class RegexBox: @unchecked Sendable {
    let regex: NSRegularExpression
    init(regex: NSRegularExpression) { self.regex = regex }
    func matches(_ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

/// One string value found in a fixture.
public struct FixtureString: Hashable, Sendable, CustomStringConvertible {
    /// The file it came from.
    public var file: String
    /// Where it is in the document (for JSON Lines, the line number is in `line`).
    public var path: JSONPath
    /// The 1-based line of a JSON Lines file, or `nil` for a single document.
    public var line: Int?
    /// The string's value.
    public var value: String

    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(path) = \(value.debugDescription)"
    }
}

/// Extracts string values from JSON fixtures.
public enum FixtureStrings {
    /// The strings selected from a document.
    public static func extract(
        from value: JSONValue, file: String = "", line: Int? = nil,
        selector: FixtureSelector
    ) -> [FixtureString] {
        var found: [FixtureString] = []
        value.walk { path, value in
            if case .string(let text) = value, selector.matches(path, text) {
                found.append(FixtureString(file: file, path: path, line: line, value: text))
            }
            return .descend
        }
        return found
    }

    /// The strings selected from every `.json` and `.jsonl` file under `directory` (recursively,
    /// in sorted path order so the result is the same on every machine). Files that are not valid
    /// JSON are skipped: fixtures of broken documents are not date sources.
    ///
    /// - Throws: If the directory cannot be listed.
    public static func extract(fromDirectory directory: String, selector: FixtureSelector) throws -> [FixtureString] {
        let root = URL(fileURLWithPath: directory)
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory])
        }
        var files: [String] = []
        for case let url as URL in enumerator where url.pathExtension == "json" || url.pathExtension == "jsonl" {
            files.append(url.path)
        }
        var found: [FixtureString] = []
        for file in files.sorted() {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            if file.hasSuffix(".jsonl") {
                for (n, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                    .enumerated()
                {
                    guard let value = try? JSONValue.parse(Array(line)) else { continue }
                    found += extract(from: value, file: file, line: n + 1, selector: selector)
                }
            } else if let value = try? JSONValue.parse(Array(data)) {
                found += extract(from: value, file: file, selector: selector)
            }
        }
        return found
    }
}
