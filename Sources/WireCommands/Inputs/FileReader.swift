import WireJSON
import WireSupport

/// Reads whole inputs into memory, for `fmt`, which must hold a file to rewrite it, and the
/// commands that parse whole documents. (`validate` never does this: it streams through
/// ``JSONValidator``.) Errors name the path as displayed.
package enum FileReader {
    /// Everything in a file.
    /// - Throws: ``JSONInputError`` (naming the path as displayed) when the file cannot be opened or read.
    package static func readFile(at path: RawPath) throws(JSONInputError) -> [UInt8] {
        try FileSystem.readFile(path).mapError { JSONInputError(path: path.displayed, reason: $0.reason) }.get()
    }

    /// A descriptor open for reading on `path`; the caller closes it.
    /// - Throws: ``JSONInputError`` naming the path as displayed.
    package static func open(_ path: RawPath) throws(JSONInputError) -> Int32 {
        try FileSystem.openForReading(path).mapError { JSONInputError(path: path.displayed, reason: $0.reason) }.get()
    }

    /// Everything readable from a descriptor (standard input: 0); the descriptor stays open.
    /// - Parameter path: the name used in an error.
    /// - Throws: ``JSONInputError`` when reading fails (a directory, for example).
    package static func readAll(from descriptor: Int32, path: String) throws(JSONInputError) -> [UInt8] {
        try FileSystem.readAll(from: descriptor).mapError { JSONInputError(path: path, reason: $0.reason) }.get()
    }
}
