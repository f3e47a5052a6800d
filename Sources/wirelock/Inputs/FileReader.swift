#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WireJSON

/// Reads whole inputs into memory, for `fmt`, which must hold a file to rewrite it. (`validate`
/// never does this: it streams through ``JSONValidator``.)
enum FileReader {
    /// Everything in a file.
    /// - Throws: ``JSONInputError`` (naming the path as displayed) when the file cannot be opened or read.
    static func readFile(at path: RawPath) throws(JSONInputError) -> [UInt8] {
        let descriptor = try open(path)
        defer { close(descriptor) }
        return try readAll(from: descriptor, path: path.displayed)
    }

    /// A descriptor open for reading on `path`; the caller closes it.
    /// - Throws: ``JSONInputError`` naming the path as displayed.
    static func open(_ path: RawPath) throws(JSONInputError) -> Int32 {
        let descriptor = path.withCString { _openForReading($0) }
        guard descriptor >= 0 else { throw JSONInputError(path: path.displayed, reason: InputWalker.systemError()) }
        return descriptor
    }

    /// Everything readable from a descriptor (standard input: 0); the descriptor stays open.
    /// - Parameter path: the name used in an error.
    /// - Throws: ``JSONInputError`` when reading fails (a directory, for example).
    static func readAll(from descriptor: Int32, path: String) throws(JSONInputError) -> [UInt8] {
        var bytes: [UInt8] = []
        let chunk = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunk) }
            if count < 0 {
                if errno == EINTR { continue }
                throw JSONInputError(path: path, reason: InputWalker.systemError())
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }
}

/// `open(2)` for reading, named apart from ``FileReader/open(_:)``.
private func _openForReading(_ path: UnsafePointer<CChar>) -> Int32 {
    open(path, O_RDONLY)
}
