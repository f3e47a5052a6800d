#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireLockTestSupport

    /// The repository's own goldens are locked: `golden/wirelock.lock` and `golden/shapes/` must match
    /// what `wirelock lock` would write, so a golden changed without re-locking fails here (and in
    /// `make demo`), not only in review.
    @Suite("The repository's golden lock")
    struct RepositoryLockTests {
        static let root = Repository.root

        @Test func committedLockAndShapeFilesAreUpToDate() throws {
            let result = try WireLockBinary.run(["lock", "--check"], in: Self.root)
            #expect(result.status == 0, "run `wirelock lock` and review the change: \(result)")
            #expect(result.stdout.hasPrefix("golden/wirelock.lock: up to date ("), "\(result)")
        }

        /// Run from deeper in the package, the command finds golden/ beside Package.swift, as the other
        /// golden commands do (it used to look for ./golden and fail with exit 2).
        @Test func lockCheckFromASubdirectoryFindsThePackagesGoldens() throws {
            let result = try WireLockBinary.run(
                ["lock", "--check"], in: Self.root.appendingPathComponent("Sources/WireLockCLI"))
            #expect(result.status == 0, "\(result)")
            let lock = Self.root.appendingPathComponent("golden/wirelock.lock").standardizedFileURL.path
            #expect(result.stdout.hasPrefix("\(lock): up to date ("), "\(result)")
        }

        @Test func shapeFilesAreCanonicalJSON() throws {
            let result = try WireLockBinary.run(["fmt", "--check", "golden/shapes"], in: Self.root)
            #expect(result.status == 0, "\(result)")
        }
    }
#endif
