#if WIRELOCK_SPAWN
    import Foundation
    import Testing

    /// `Scripts/select-xcode.sh`, which the macOS and iOS jobs run to pick their Xcode, run here over a
    /// folder of empty `Xcode_*.app` folders named the way GitHub's runner images name theirs.
    @Suite("The CI jobs' Xcode is chosen by the names runner images use")
    struct SelectXcodeTests {
        /// Runs the script with `--print` over a folder holding `apps`; its status and output.
        func select(_ request: String, among apps: [String]) throws -> (status: Int32, output: String) {
            let manager = FileManager.default
            let folder = manager.temporaryDirectory.appendingPathComponent("select-xcode-\(UUID().uuidString)")
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? manager.removeItem(at: folder) }
            for app in apps {
                try manager.createDirectory(at: folder.appendingPathComponent(app), withIntermediateDirectories: true)
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = [
                repositoryRoot().appendingPathComponent("Scripts/select-xcode.sh").path, "--print", request,
            ]
            process.environment = ["XCODE_APPLICATIONS": folder.path, "PATH": "/usr/bin:/bin"]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let output = String(decoding: data, as: UTF8.self).replacingOccurrences(of: folder.path + "/", with: "")
            return (process.terminationStatus, output.trimmingCharacters(in: .whitespacesAndNewlines))
        }

        static let image = [
            "Xcode_16.4.app", "Xcode_26.0.app", "Xcode_26.0.1.app", "Xcode_26.01.app", "Xcode_26.1.app",
            "Xcode_26.2_beta_2.app", "Xcode_26.2_Release_Candidate.app", "Xcode.app",
        ]

        @Test(
            "a request takes the highest release of its version",
            arguments: [
                ("26.0", "Xcode_26.0.1.app"),  // the patch release the image may carry instead of 26.0
                ("26.0.1", "Xcode_26.0.1.app"),
                ("26", "Xcode_26.1.app"),
                ("16.4", "Xcode_16.4.app"),
                ("latest-stable", "Xcode_26.1.app"),  // betas and release candidates left out
            ])
        func chooses(request: String, app: String) throws {
            let result = try select(request, among: Self.image)
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output == app)
        }

        @Test("only a patch release of the requested version is installed: it is taken")
        func onlyPatchRelease() throws {
            let result = try select("26.0", among: ["Xcode_26.0.1.app", "Xcode_16.4.app"])
            #expect(result.output == "Xcode_26.0.1.app")
        }

        @Test("nothing matching fails with the installed apps listed; a malformed request is a usage error")
        func failures() throws {
            let missing = try select("26.3", among: Self.image)
            #expect(missing.status == 1)
            #expect(missing.output.hasPrefix("::error::no Xcode_26.3.app or Xcode_26.3.<x>.app in "))
            #expect(missing.output.contains("Xcode_26.2_beta_2.app"))
            let noRelease = try select("latest-stable", among: ["Xcode_26.2_beta_2.app"])
            #expect(noRelease.status == 1)
            #expect(try select("26.0beta", among: Self.image).status == 2)
        }
    }
#endif
