import Dispatch
import Foundation

/// How an ``Oracle`` run is split and how much it reports.
public struct OracleOptions: Sendable {
    /// Threads comparing at once; by default the machine's active processor count, at most 2.
    public var workers: Int
    /// Inputs per block handed to a worker.
    public var blockSize: Int
    /// How many mismatches the report keeps (the first ones by input index); the counts are exact.
    public var maxMismatches: Int

    /// Options for a run. Nothing is checked here; ``Oracle/run(_:options:)`` raises `workers` and
    /// `blockSize` below 1 to 1 and treats a negative `maxMismatches` as 0.
    ///
    /// ```swift
    /// let report = oracle.run(corpus, options: OracleOptions(workers: 1, maxMismatches: 5))
    /// ```
    public init(
        workers: Int = min(2, ProcessInfo.processInfo.activeProcessorCount),
        blockSize: Int = 1024, maxMismatches: Int = 20
    ) {
        self.workers = workers
        self.blockSize = blockSize
        self.maxMismatches = maxMismatches
    }
}
