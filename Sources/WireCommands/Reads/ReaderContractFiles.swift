import WireDecoder
import WireJSON
import WireReaders
import WireSupport
import WireToolSupport

/// Reader contract files (`golden/<name>.reads.json`) for the commands that judge by them:
/// `wirelock diff --reads` and `wirelock contract`.
///
/// ```swift
/// let contracts = try ReaderContractFiles.load(ReaderContractFiles.discover(under: RawPath("golden")))
/// ```
package enum ReaderContractFiles {
    /// A contract file that could not be read or is not a reader contract: the file, and the
    /// parser's located reason when there is one.
    package struct LoadError: Error, Hashable, Sendable, CustomStringConvertible {
        /// `golden/repository.reads.json:3:14: expected … (at $.reads)` or `FILE: cannot read: …`.
        package var description: String
    }

    /// Every reader contract under a golden directory (`*.reads.json`, not the pending
    /// `*.reads.actual.json`, not under hidden folders), in path order; none when it does not exist.
    package static func discover(under directory: RawPath) -> [RawPath] {
        guard FileSystem.isDirectory(directory) else { return [] }
        var found: [RawPath] = []
        for entry in InputWalker(extensions: [], suffixes: [".reads.json"]).entries(for: [directory]) {
            if case .file(let path, _) = entry { found.append(path) }
        }
        return found.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
    }

    /// The contracts in `paths`, each parsed as a ``ReaderContract``.
    /// - Throws: ``LoadError`` for the first file that cannot be read or parsed.
    package static func load(_ paths: [RawPath]) throws(LoadError) -> [ReaderContract] {
        var contracts: [ReaderContract] = []
        for path in paths {
            let bytes: [UInt8]
            switch FileSystem.readFile(path) {
            case .success(let read): bytes = read
            case .failure(let error): throw LoadError(description: "\(path.displayed): cannot read: \(error)")
            }
            do throws(ReaderContract.FileError) {
                contracts.append(try ReaderContract(parsing: bytes, file: path.displayed))
            } catch {
                throw LoadError(description: error.description)
            }
        }
        return contracts
    }
}
