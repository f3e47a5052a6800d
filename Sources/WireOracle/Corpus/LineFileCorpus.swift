import Foundation

/// The lines of a text file, one input per line, read in 64 KiB chunks (never the whole file).
///
/// A final line without a newline counts; a trailing `\r` is kept (it is part of the input, and
/// exactly the kind of thing an oracle should see). Invalid UTF-8 is repaired with U+FFFD.
///
/// ```swift
/// let corpus = try LineFileCorpus(path: "dates.txt")
/// let report = oracle.run(corpus)
/// ```
public struct LineFileCorpus: Sequence, Sendable {
    /// The file's path.
    public let path: String

    /// Checks that the file can be opened.
    ///
    /// - Throws: `CocoaError(.fileReadNoSuchFile)` or the underlying error if it cannot.
    public init(path: String) throws {
        self.path = path
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        try handle.close()
    }

    /// Reads the file's lines in order, holding at most one 64 KiB chunk plus the current line. A read
    /// error part-way through ends the iteration as if the file ended there; the file is closed at
    /// the end.
    public struct Iterator: IteratorProtocol {
        let handle: FileHandle?
        var buffer: [UInt8] = []
        var position = 0
        var atEnd = false

        public mutating func next() -> String? {
            while true {
                if let newline = buffer[position...].firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[position..<newline], as: UTF8.self)
                    position = newline + 1
                    return line
                }
                if atEnd {
                    guard position < buffer.count else { return nil }
                    let line = String(decoding: buffer[position...], as: UTF8.self)
                    position = buffer.count
                    return line
                }
                buffer.removeSubrange(0..<position)
                position = 0
                let chunk = (try? handle?.read(upToCount: 65_536)) ?? nil
                if let chunk, !chunk.isEmpty {
                    buffer.append(contentsOf: chunk)
                } else {
                    atEnd = true
                    try? handle?.close()
                }
            }
        }
    }

    /// Opens the file afresh; a file that vanished since `init` yields no lines.
    public func makeIterator() -> Iterator {
        Iterator(handle: try? FileHandle(forReadingFrom: URL(fileURLWithPath: path)))
    }
}
