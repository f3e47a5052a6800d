// The runs of one workload, and how the benchmark tables print numbers.
import Foundation

/// The runs of one workload over one input: seconds and peak RSS of each run.
///
/// `Label` is the benchmark's own name for the workload (an enum of its workloads, a row title).
public struct WorkloadRuns<Label> {
    /// Which workload.
    public var workload: Label
    /// Bytes one run reads, for the throughput.
    public var bytes: Int
    /// Elapsed seconds of each run.
    public var seconds: [Double] = []
    /// Peak RSS of each run's process, in KiB.
    public var maxRSSKiB: [Int] = []

    /// Starts with no runs.
    public init(workload: Label, bytes: Int) {
        self.workload = workload
        self.bytes = bytes
    }

    /// The fastest run's seconds.
    public var best: Double { seconds.min() ?? .nan }

    /// The median run's seconds (the mean of the middle two for an even count).
    public var median: Double { medianOf(seconds) }

    /// Throughput in MB/s (1 MB = 1,000,000 bytes) for a time in seconds.
    public func megabytesPerSecond(_ seconds: Double) -> Double {
        Double(bytes) / 1_000_000 / seconds
    }

    /// Throughput of the fastest run.
    public var bestMBps: Double { megabytesPerSecond(best) }
    /// Throughput of the median run.
    public var medianMBps: Double { megabytesPerSecond(median) }
    /// The largest peak RSS over the runs, in MiB.
    public var peakRSSMiB: Double { Double(maxRSSKiB.max() ?? 0) / 1024 }
}

/// The median of `values` (the mean of the middle two for an even count); NaN when empty.
public func medianOf(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Formats a number with a fixed count of decimals; `–` for NaN and infinities.
public func fixed(_ value: Double, _ decimals: Int) -> String {
    value.isFinite ? String(format: "%.\(decimals)f", value) : "–"
}
