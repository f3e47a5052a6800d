import Foundation
import WireSupport

/// Finds a fixture file by `<resource>-<scenario>` name below the package's `Fixtures/` folder
/// (WireSupport's package lookup: `WIRELOCK_FIXTURES_DIR`, else `Fixtures/` beside the nearest
/// `Package.swift` above the test file), or by a path relative to that folder.
struct FixtureLookup: Sendable {
    /// Why a fixture could not be served.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The `Fixtures/` folder.
    let root: RawPath
    /// A subfolder of it to search first (`API/v3`), or nil.
    let subfolder: String?

    init(searchingFrom filePath: String, subfolder: String?, environment: [String: String]) {
        let start = RawPath(filePath).directoryAndName.directory
        root = PackageLocation.fixturesDirectory(searchingFrom: start, environment: environment)
        self.subfolder = subfolder
    }

    /// The bytes of fixture `name`: `movies-success`, `movies-success.json` or `API/v3/movies-success.json`.
    func data(named name: String) -> Result<Data, Failure> {
        let fileName = name.hasSuffix(".json") || name.hasSuffix(".jsonl") ? name : name + ".json"
        let searchRoot = subfolder.map { root.appending($0) } ?? root
        var candidates: [RawPath] = []
        if name.contains("/") {
            candidates = [root.appending(fileName)]
        } else {
            candidates = FixturePaths.files(below: searchRoot) { String(decoding: $0, as: UTF8.self) == fileName }
        }
        guard !candidates.isEmpty else {
            return .failure(Failure(description: "fixture '\(name)' not found below \(searchRoot.text)"))
        }
        guard candidates.count == 1 else {
            let list = candidates.map(\.text).sorted().joined(separator: ", ")
            return .failure(
                Failure(
                    description: "fixture '\(name)' is ambiguous below \(searchRoot.text): \(list); name it by path"))
        }
        switch FileSystem.readFile(candidates[0]) {
        case .success(let bytes): return .success(Data(bytes))
        case .failure(let error):
            return .failure(Failure(description: "fixture \(candidates[0].text) cannot be read: \(error)"))
        }
    }
}
