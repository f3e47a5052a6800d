// What the benchmarks share besides processes and measurements: their error, their own path, the
// page cache warm-up.
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A benchmark that cannot go on: the message says why.
public struct BenchError: Error, CustomStringConvertible {
    /// The reason, as a sentence.
    public var description: String
    /// Creates an error with its reason.
    public init(_ description: String) { self.description = description }
}

/// Writes a progress line to standard error (results go to standard output).
public func progress(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// This program's own path, to re-execute it for each run in a child process.
public func ownExecutable() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
    guard length > 0 else { return CommandLine.arguments[0] }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Reads the file once so every workload finds it in the page cache; returns its size in bytes.
public func warmPageCache(_ path: String) throws -> Int {
    guard let handle = FileHandle(forReadingAtPath: path) else { throw BenchError("cannot open \(path)") }
    defer { try? handle.close() }
    var total = 0
    while let chunk = try handle.read(upToCount: 8 << 20), !chunk.isEmpty {
        total += chunk.count
    }
    return total
}
