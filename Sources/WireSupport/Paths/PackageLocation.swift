#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a package's golden files and fixtures are, found the one way every layer finds them
/// (the assertions from a test file's `#filePath`, the CLI from its working directory):
///
/// 1. `WIRELOCK_GOLDEN_DIR` (`WIRELOCK_FIXTURES_DIR`) when set and not empty;
/// 2. else `golden/` (`Fixtures/`) beside the nearest `Package.swift` above the start;
/// 3. else `golden/` (`Fixtures/`) in the working directory.
///
/// Paths are absolute: a relative start or override is taken from the working directory.
///
/// ```swift
/// let golden = PackageLocation.goldenDirectory(searchingFrom: PackageLocation.workingDirectory,
///                                              environment: ["WIRELOCK_GOLDEN_DIR": "/tmp/g"])   // /tmp/g
/// ```
package enum PackageLocation {
    /// The environment variable that overrides the golden directory.
    package static let goldenOverride = "WIRELOCK_GOLDEN_DIR"
    /// The environment variable that overrides the fixtures directory.
    package static let fixturesOverride = "WIRELOCK_FIXTURES_DIR"

    /// The working directory (`.` if it cannot be told).
    package static var workingDirectory: RawPath {
        FileSystem.currentDirectory() ?? RawPath(".")
    }

    /// `path` made absolute against the working directory, without `.` and `..` components
    /// (resolved by name, as `URL.standardized` does).
    package static func absolute(_ path: RawPath) -> RawPath {
        (path.bytes.first == UInt8(ascii: "/") ? path : workingDirectory.appending(path.bytes)).standardized
    }

    /// The nearest folder at or above `directory` that holds `Package.swift` (the file system root
    /// itself is never one), or nil.
    package static func packageRoot(searchingFrom directory: RawPath) -> RawPath? {
        var folder = absolute(directory).withoutTrailingSlash
        while folder.bytes != [UInt8(ascii: "/")] && !folder.bytes.isEmpty {
            var info = stat()
            if FileSystem.status(folder.appending("Package.swift"), &info) { return folder }
            folder = folder.directoryAndName.directory
        }
        return nil
    }

    /// The golden directory for a start folder (see the type's precedence).
    package static func goldenDirectory(searchingFrom directory: RawPath, environment: [String: String]) -> RawPath {
        folder("golden", override: goldenOverride, searchingFrom: directory, environment: environment)
    }

    /// The fixtures directory for a start folder (see the type's precedence).
    package static func fixturesDirectory(searchingFrom directory: RawPath, environment: [String: String]) -> RawPath {
        folder("Fixtures", override: fixturesOverride, searchingFrom: directory, environment: environment)
    }

    /// The package root of a source file (its `#filePath`): ``packageRoot(searchingFrom:)`` from
    /// the file's folder. The one lookup the golden, fuzz and assertion layers share.
    package static func packageRoot(ofFile filePath: String) -> String? {
        packageRoot(searchingFrom: RawPath(filePath).directoryAndName.directory)?.text
    }

    /// The golden directory of a source file (its `#filePath`).
    package static func goldenDirectory(ofFile filePath: String, environment: [String: String]) -> String {
        goldenDirectory(searchingFrom: RawPath(filePath).directoryAndName.directory, environment: environment).text
    }

    /// The fixtures directory of a source file (its `#filePath`).
    package static func fixturesDirectory(ofFile filePath: String, environment: [String: String]) -> String {
        fixturesDirectory(searchingFrom: RawPath(filePath).directoryAndName.directory, environment: environment).text
    }

    private static func folder(
        _ name: String, override: String, searchingFrom directory: RawPath,
        environment: [String: String]
    ) -> RawPath {
        if let value = environment[override], !value.isEmpty { return absolute(RawPath(value)) }
        return (packageRoot(searchingFrom: directory) ?? workingDirectory).appending(name)
    }

    /// `path` relative to `root` when it is inside it (`golden/movies.json`), else `path` as is.
    /// Both are taken as already standardized (no `.` or `..` components).
    package static func relative(_ path: String, to root: String?) -> String {
        relative(RawPath(path), to: root.map { RawPath($0) }).text
    }

    /// ``relative(_:to:)`` on bytes.
    package static func relative(_ path: RawPath, to root: RawPath?) -> RawPath {
        guard let root else { return path }
        let prefix = root.bytes + [UInt8(ascii: "/")]
        return path.bytes.starts(with: prefix) ? RawPath(bytes: path.bytes.dropFirst(prefix.count)) : path
    }

    /// `path` as the CLI shows and opens it: relative to the working directory when inside it.
    package static func relativeToWorkingDirectory(_ path: RawPath) -> RawPath {
        relative(path, to: workingDirectory)
    }
}
