import Foundation

/// A fresh directory for one test; call ``remove()`` when done (`defer`).
public struct TemporaryDirectory: Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("wirelock-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The absolute path of a name inside the directory.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes bytes to a relative path, creating intermediate directories.
    @discardableResult
    public func write(_ name: String, bytes: [UInt8], permissions: Int? = nil) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        if let permissions {
            try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: file.path)
        }
        return file.path
    }

    /// Writes UTF-8 text to a relative path, creating intermediate directories.
    @discardableResult
    public func write(_ name: String, _ text: String, permissions: Int? = nil) throws -> String {
        try write(name, bytes: Array(text.utf8), permissions: permissions)
    }

    /// The bytes of a relative path.
    public func read(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: url.appendingPathComponent(name)))
    }

    /// The text of a relative path.
    public func readText(_ name: String) throws -> String {
        String(decoding: try read(name), as: UTF8.self)
    }

    /// The permission bits of a relative path.
    public func permissions(_ name: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path(name))
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    /// The names directly inside the directory (or a subdirectory), sorted.
    public func names(in subdirectory: String = "") throws -> [String] {
        let directory = subdirectory.isEmpty ? url : url.appendingPathComponent(subdirectory)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    /// Removes the directory and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// A path under the system's temporary directory that no other test or run uses (a UUID in the
    /// name), not created: for a single scratch file, or a directory that must not exist yet. The
    /// caller removes it (`defer`).
    ///
    /// ```swift
    /// let file = TemporaryDirectory.uniqueURL("oracle-lines", extension: "txt")
    /// defer { try? FileManager.default.removeItem(at: file) }
    /// ```
    public static func uniqueURL(_ prefix: String, extension ext: String = "") -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)" + (ext.isEmpty ? "" : "." + ext))
    }
}
