/// A file system path as the bytes the system uses. On Linux a name is any bytes but `/` and NUL,
/// not necessarily UTF-8, so paths stay bytes from the command line (read from the raw `argv`)
/// through the directory walk to `open` and `rename`; only ``displayed`` turns them into text,
/// escaped by ``PathDisplay``.
///
/// ```swift
/// let path = RawPath(bytes: Array("ok".utf8) + [0xFF] + Array(".json".utf8))
/// path.displayed        // ok\xFF.json
/// path.fileExtension    // json
/// ```
package struct RawPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path's bytes (no NUL).
    package var bytes: [UInt8]

    /// A path from its bytes.
    package init(bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    /// A path from text (its UTF-8).
    package init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// A path written in the source, as text.
    package init(stringLiteral text: String) {
        self.init(text)
    }

    /// `-`: standard input on the command line.
    package static let standardInput = RawPath("-")

    /// Whether this is `-`.
    package var isStandardInput: Bool { bytes == [UInt8(ascii: "-")] }

    /// The path as printed: escaped by ``PathDisplay`` (printable, valid UTF-8).
    package var displayed: String { PathDisplay.escaped(bytes) }

    package var description: String { displayed }

    /// The path as text for APIs that only take `String`; bytes that are not UTF-8 become U+FFFD,
    /// so use it only where such a path cannot occur or need not be opened.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Calls `body` with the path as a NUL-terminated C string, for system calls.
    package func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// Whether the path ends with `/`.
    package var hasTrailingSlash: Bool { bytes.last == Self.slash }

    /// The path with `/` and a name added (no doubled slash).
    package func appending(_ name: some Sequence<UInt8>) -> RawPath {
        RawPath(bytes: (hasTrailingSlash ? bytes : bytes + [Self.slash]) + Array(name))
    }

    /// The path with `/` and a name given as text added.
    package func appending(_ name: String) -> RawPath { appending(name.utf8) }

    /// The path with `/` added unless it ends with one (for a directory shown as `dir/`).
    package var withTrailingSlash: RawPath { hasTrailingSlash ? self : RawPath(bytes: bytes + [Self.slash]) }

    /// The path without trailing slashes (`/` stays `/`).
    package var withoutTrailingSlash: RawPath {
        var trimmed = bytes[...]
        while trimmed.count > 1 && trimmed.last == Self.slash { trimmed = trimmed.dropLast() }
        return RawPath(bytes: trimmed)
    }

    /// The last component, ignoring trailing slashes (`a/b.json` → `b.json`).
    package var lastComponent: [UInt8] {
        let trimmed = withoutTrailingSlash.bytes
        guard let slash = trimmed.lastIndex(of: Self.slash), trimmed.count > 1 else { return trimmed }
        return Array(trimmed[(slash + 1)...])
    }

    /// The folder holding the last component (`.` when the path has no slash) and the component.
    package var directoryAndName: (directory: RawPath, name: [UInt8]) {
        guard let slash = bytes.lastIndex(of: Self.slash) else { return (RawPath("."), bytes) }
        return (RawPath(bytes: slash == 0 ? [Self.slash] : Array(bytes[..<slash])), Array(bytes[(slash + 1)...]))
    }

    /// Whether the path ends with `suffix`'s UTF-8.
    package func hasSuffix(_ suffix: String) -> Bool {
        let tail = Array(suffix.utf8)
        return bytes.count >= tail.count && Array(bytes.suffix(tail.count)) == tail
    }

    /// The lowercased ASCII text after the last dot of the last component (`""` when there is none,
    /// or when the only dot starts the name).
    package var fileExtension: String {
        let name = lastComponent
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != 0 else { return "" }
        return String(decoding: name[(dot + 1)...].map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// The path without `.` components, with each `..` removing the component before it, and
    /// without doubled slashes (by name only: links are not resolved). `/a/./b/../c` → `/a/c`.
    package var standardized: RawPath {
        let absolute = bytes.first == Self.slash
        var kept: [ArraySlice<UInt8>] = []
        for component in bytes.split(separator: Self.slash) {
            if component.elementsEqual([UInt8(ascii: ".")]) { continue }
            if component.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]), let last = kept.last,
                !last.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")])
            {
                kept.removeLast()
                continue
            }
            kept.append(component)
        }
        let joined = Array(kept.joined(separator: [Self.slash]))
        if absolute { return RawPath(bytes: [Self.slash] + joined) }
        return RawPath(bytes: joined.isEmpty ? [UInt8(ascii: ".")] : joined)
    }

    private static let slash = UInt8(ascii: "/")
}
