// `.iso8601` as JSONDecoder parses it on this platform.
import Foundation

enum ISO8601Parsing {
    static func date(from string: String) -> Date? {
        if #available(macOS 12, iOS 15, tvOS 15, watchOS 8, *) {
            return try? Date.ISO8601FormatStyle().parse(string)
        }
        return legacyFormatter.date(from: string)
    }

    /// Before `Date.ISO8601FormatStyle` (macOS 12), JSONDecoder used an `ISO8601DateFormatter`
    /// with its default options.
    nonisolated(unsafe) private static let legacyFormatter = ISO8601DateFormatter()
}
