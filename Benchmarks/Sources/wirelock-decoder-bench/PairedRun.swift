import Foundation
import WireLockBenchSupport

/// The small documents decoded by `JSONDecoder` and strict `WireJSONDecoder` in one process,
/// taking turns: blocks of ``blockSize`` documents, the first decoder of each block swapped
/// every block, each decoder's blocks timed and summed.
///
/// Rows in their own processes see the host as it is during their own second or so; on this
/// shared host the same row reads 20 % faster or slower from one run to the next, and a ratio of
/// two such runs moves with it. Here both decoders meet the same stretches of the host within
/// milliseconds, so the ratio of the sums is the decoders' own.
enum PairedRun {
    static let blockSize = 100

    /// One paired run: `JSONDecoder`'s seconds in `seconds`, `WireJSONDecoder`'s in
    /// `pairedSeconds`. Throws when the two decode different record counts.
    static func run(_ documents: [Data], shared: Bool) throws -> ChildResult {
        let legacy = Contender.jsonDecoder.decoding(shared: shared)
        let candidate = Contender.wireStrict.decoding(shared: shared)
        for document in documents.prefix(blockSize) {
            _ = try legacy(document)
            _ = try candidate(document)
        }
        var legacySeconds = 0.0
        var candidateSeconds = 0.0
        var legacyRecords = 0
        var candidateRecords = 0
        func time(_ decode: (Data) throws -> (records: Int, entries: Int, value: Any), _ block: ArraySlice<Data>)
            throws -> (seconds: Double, records: Int)
        {
            var records = 0
            let start = monotonicSeconds()
            for document in block { records += try decode(document).records }
            return (monotonicSeconds() - start, records)
        }
        var first = 0
        var legacyFirst = true
        while first < documents.count {
            let block = documents[first..<min(first + blockSize, documents.count)]
            for turn in 0..<2 {
                if (turn == 0) == legacyFirst {
                    let (seconds, records) = try time(legacy, block)
                    legacySeconds += seconds
                    legacyRecords += records
                } else {
                    let (seconds, records) = try time(candidate, block)
                    candidateSeconds += seconds
                    candidateRecords += records
                }
            }
            legacyFirst.toggle()
            first += blockSize
        }
        guard legacyRecords == candidateRecords else {
            throw BenchError(
                "paired run: JSONDecoder decoded \(legacyRecords) records, WireJSONDecoder \(candidateRecords)")
        }
        return ChildResult(
            seconds: legacySeconds, bytes: documents.reduce(0) { $0 + $1.count }, records: candidateRecords,
            entries: 0, pairedSeconds: candidateSeconds)
    }

    /// Runs the paired workload `options.runs` times for each decoder object (new per call,
    /// shared), each run in its own process, and returns the markdown section.
    static func table(options: Options) throws -> String {
        var section = """
            ## c) The same \(options.docs) documents, `JSONDecoder` and `WireJSONDecoder` (strict) taking turns in one process (\(options.runs) runs)

            Timed: blocks of \(blockSize) documents, one decoder then the other (which one goes first swaps every block); each decoder's blocks summed; each run in its own process. Both decoders meet the same stretches of the host within milliseconds, so the ratio of a run is the decoders' own.

            | decoder object | `JSONDecoder` median docs/s | `WireJSONDecoder` median docs/s | speed ÷ JSONDecoder's, per run (median / lowest / highest) |
            |---|--:|--:|--:|

            """
        for shared in [false, true] {
            var legacy: [Double] = []
            var candidate: [Double] = []
            var ratios: [Double] = []
            for run in 1...options.runs {
                let (result, _) = try runOnce(.paired(shared: shared), options: options)
                if result.records != options.docs {
                    throw BenchError("paired run: \(result.records) records decoded, expected \(options.docs)")
                }
                legacy.append(result.seconds)
                candidate.append(result.pairedSeconds)
                ratios.append(result.seconds / result.pairedSeconds)
                progress(
                    "  \(Workload.paired(shared: shared).argument) run \(run): JSONDecoder \(fixed(result.seconds, 3)) s, "
                        + "WireJSONDecoder \(fixed(result.pairedSeconds, 3)) s, \(fixed(ratios.last ?? 0, 2))×")
            }
            let docs = Double(options.docs)
            section +=
                "| \(shared ? "shared" : "new per call") | \(fixed(docs / medianOf(legacy), 0)) | "
                + "\(fixed(docs / medianOf(candidate), 0)) | \(fixed(medianOf(ratios), 2))× / "
                + "\(fixed(ratios.min() ?? .nan, 2))× / \(fixed(ratios.max() ?? .nan, 2))× |\n"
        }
        return section
    }
}
