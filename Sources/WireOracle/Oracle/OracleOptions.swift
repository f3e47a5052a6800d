import Dispatch
import Foundation

/// How an ``Oracle`` run is split and how much it reports.
public struct OracleOptions: Sendable {
    /// Threads comparing at once; by default the machine's active processor count, at most 2.
    public var workers: Int
    /// Inputs per block handed to a worker.
    public var blockSize: Int
    /// How many inputs each class keeps as examples (the first ones by input index); counts are exact.
    public var examplesPerClass: Int
    /// Whether differences are grouped by input shape (``OracleReport``); without it a report has
    /// counts and examples only.
    public var groupsByShape: Bool
    /// How many unintended groups per class the report shows and shrinks (the largest ones).
    public var groupsShown: Int
    /// How many comparisons a shrink may make per group shown; 0 shrinks nothing. The work is
    /// bounded by `4 × groupsShown × shrinkBudget` comparisons, whatever the corpus size.
    public var shrinkBudget: Int

    /// Options for a run. Nothing is checked here; ``Oracle/run(_:intended:options:)`` raises `workers`
    /// and `blockSize` below 1 to 1 and treats negative counts as 0.
    ///
    /// ```swift
    /// let report = oracle.run(corpus, options: OracleOptions(workers: 1, examplesPerClass: 3))
    /// ```
    ///
    /// - Parameters:
    ///   - workers: Threads comparing at once.
    ///   - blockSize: Inputs per block handed to a worker.
    ///   - examplesPerClass: Examples kept per class.
    ///   - groupsByShape: Whether differences are grouped by input shape.
    ///   - groupsShown: Unintended groups shown and shrunk per class.
    ///   - shrinkBudget: Comparisons per shrink.
    public init(
        workers: Int = min(2, ProcessInfo.processInfo.activeProcessorCount),
        blockSize: Int = 1024, examplesPerClass: Int = 5, groupsByShape: Bool = true, groupsShown: Int = 5,
        shrinkBudget: Int = 256
    ) {
        self.workers = workers
        self.blockSize = blockSize
        self.examplesPerClass = examplesPerClass
        self.groupsByShape = groupsByShape
        self.groupsShown = groupsShown
        self.shrinkBudget = shrinkBudget
    }
}
