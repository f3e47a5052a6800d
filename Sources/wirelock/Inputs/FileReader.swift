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
    /// - Throws: ``JSONInputError`` when the file cannot be opened or read.
    static func readFile(at path: String) throws(JSONInputError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw JSONInputError(path: path, reason: InputWalker.systemError()) }
        defer { close(descriptor) }
        return try readAll(from: descriptor, path: path)
    }

    /// Everything readable from a descriptor (standard input: 0); the descriptor stays open.
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
