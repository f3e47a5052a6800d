import Foundation

#if canImport(Darwin)
    import Darwin
#endif

/// Where the package's built executables are, found from the loaded image that holds the tests.
///
/// `swift test` on macOS runs Swift Testing suites inside the toolchain's `swiftpm-testing-helper`,
/// so `Bundle.main` and `argv[0]` name the toolchain, not the build folder; the image this module's
/// code is in (the test bundle) is still in the build folder, beside `wirelock`. The path arithmetic
/// is a pure function of that image's path, tested on every layout below.
package enum BuildProducts {
    /// The folders that may hold the built executables, nearest first, given the path of the image
    /// (test bundle, executable or framework) that contains the test code. The folder holding the
    /// outermost bundle (`.xctest`, `.framework`, `.app`) in the path, else the image's own folder;
    /// and for a framework in Xcode's `PackageFrameworks/`, its parent too.
    ///
    /// ```swift
    /// BuildProducts.directories(
    ///     forImage: "/r/.build/arm64-apple-macosx/debug/WireLockPackageTests.xctest/Contents/MacOS/WireLockPackageTests")
    /// // ["/r/.build/arm64-apple-macosx/debug"]                       (SwiftPM on macOS)
    /// BuildProducts.directories(forImage: "/r/.build/x86_64-unknown-linux-gnu/debug/WireLockPackageTests.xctest")
    /// // ["/r/.build/x86_64-unknown-linux-gnu/debug"]                 (SwiftPM on Linux: the bundle is the executable)
    /// ```
    package static func directories(forImage path: String) -> [String] {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        func folder(_ end: Int) -> String {
            let joined = components[..<end].joined(separator: "/")
            return joined.isEmpty ? "/" : joined
        }
        let bundleSuffixes = [".xctest", ".framework", ".app"]
        guard
            let bundle = components.firstIndex(where: { component in
                bundleSuffixes.contains { component.hasSuffix($0) && component.count > $0.count }
            })
        else {
            return components.count > 1 ? [folder(components.count - 1)] : []
        }
        guard bundle > 0 else { return [] }
        var result = [folder(bundle)]
        if components[bundle - 1] == "PackageFrameworks", bundle > 1 { result.append(folder(bundle - 1)) }
        return result
    }

    /// The path of the loaded image this module's code is in (the image whose header `#dsohandle`
    /// is); nil when it cannot be told.
    ///
    /// Darwin: `dladdr(3)` of the address, the public `<dlfcn.h>` call swift-testing makes for its
    /// backtraces (Sources/Testing/SourceAttribution/Backtrace+Symbolication.swift, under
    /// SWT_TARGET_OS_APPLE) and documents as the way from an image address to the image's path
    /// (`info.dli_fname`, Sources/_TestDiscovery/TestContentRecord.swift). Linux: glibc declares
    /// `dladdr` only under `_GNU_SOURCE`, which Swift's Glibc module does not define, so the mapping
    /// that holds the address is read from `/proc/self/maps` (proc(5)), whose last field is the
    /// mapped file's path.
    package static func imagePath() -> String? {
        #if canImport(Darwin)
            var info = Dl_info()
            guard dladdr(#dsohandle, &info) != 0, let name = info.dli_fname else { return nil }
            return String(cString: name)
        #elseif os(Linux)
            guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return nil }
            return mappedFile(containing: UInt(bitPattern: #dsohandle), maps: maps)
        #else
            return nil
        #endif
    }

    /// The file of the `/proc/<pid>/maps` line whose address range holds `address`
    /// (`7f…000-7f…000 r-xp 00000000 08:01 1234 /path/to/image`); nil when none does or it maps no file.
    package static func mappedFile(containing address: UInt, maps: String) -> String? {
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, let dash = fields[0].firstIndex(of: "-"),
                let start = UInt(fields[0][..<dash], radix: 16),
                let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16),
                start <= address && address < end
            else { continue }
            let path = fields[5].drop { $0 == " " }
            return path.hasPrefix("/") ? String(path) : nil
        }
        return nil
    }
}
