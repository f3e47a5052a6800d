import Foundation
import Testing
import WireLockTestSupport

@Suite("The built executables are found from the test bundle's own image")
struct BuildProductsTests {
    @Test(
        "the build folder of every layout SwiftPM and Xcode write",
        arguments: [
            // SwiftPM on macOS: the bundle's executable, loaded by swiftpm-testing-helper or xctest.
            (
                "/r/.build/arm64-apple-macosx/debug/WireLockPackageTests.xctest/Contents/MacOS/WireLockPackageTests",
                ["/r/.build/arm64-apple-macosx/debug"]
            ),
            // SwiftPM on Linux: the .xctest is itself the executable.
            (
                "/r/.build/x86_64-unknown-linux-gnu/debug/WireLockPackageTests.xctest",
                ["/r/.build/x86_64-unknown-linux-gnu/debug"]
            ),
            // Xcode (xcodebuild test on a Mac): Build/Products/<configuration>.
            (
                "/Users/me/Library/Developer/Xcode/DerivedData/WireLock-abc/Build/Products/Debug/"
                    + "WireLockPackageTests.xctest/Contents/MacOS/WireLockPackageTests",
                ["/Users/me/Library/Developer/Xcode/DerivedData/WireLock-abc/Build/Products/Debug"]
            ),
            // Xcode building a package target as a framework: its folder, then the products folder.
            (
                "/DD/Build/Products/Debug/PackageFrameworks/WireLockTestSupport.framework/Versions/A/WireLockTestSupport",
                ["/DD/Build/Products/Debug/PackageFrameworks", "/DD/Build/Products/Debug"]
            ),
            // A framework inside the test bundle: the outermost bundle decides.
            (
                "/b/debug/WireLockPackageTests.xctest/Contents/Frameworks/X.framework/X",
                ["/b/debug"]
            ),
            // A shared library, no bundle: its own folder.
            ("/r/.build/debug/libWireLockTestSupport.so", ["/r/.build/debug"]),
            ("/WireLockPackageTests.xctest", ["/"]),
            ("WireLockPackageTests.xctest", []),
            ("", []),
        ])
    func directories(image: String, expected: [String]) {
        #expect(BuildProducts.directories(forImage: image) == expected)
    }

    @Test("a name that only ends like a bundle's suffix is no bundle")
    func bareSuffix() {
        #expect(BuildProducts.directories(forImage: "/r/.xctest/tool") == ["/r/.xctest"])
    }

    #if WIRELOCK_SPAWN
        @Test("on this machine the image route alone finds the built wirelock")
        func liveImage() throws {
            let image = try #require(BuildProducts.imagePath(), "dladdr named no image for this module")
            let absolute = image.hasPrefix("/") ? image : FileManager.default.currentDirectoryPath + "/" + image
            #expect(absolute.contains(".xctest"), "the tests' image: \(absolute)")
            let folder = try #require(BuildProducts.directories(forImage: absolute).first)
            let wirelock = URL(fileURLWithPath: folder).appendingPathComponent("wirelock")
            #expect(FileManager.default.isExecutableFile(atPath: wirelock.path), "no wirelock in \(folder)")
            if ProcessInfo.processInfo.environment["WIRELOCK_BIN"] == nil {
                #expect(try WireLockBinary.locate().standardizedFileURL == wirelock.standardizedFileURL)
            }
        }
    #endif
}
