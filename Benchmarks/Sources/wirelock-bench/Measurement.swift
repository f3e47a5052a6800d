import Foundation

/// The runs of one workload over one input.
struct Measurement {
    var workload: Workload
    var bytes: Int
    /// Elapsed seconds of each run.
    var seconds: [Double] = []
    /// Peak RSS of each run's process, in KiB.
    var maxRSSKiB: [Int] = []

    var best: Double { seconds.min() ?? .nan }

    var median: Double {
        let sorted = seconds.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Throughput in MB/s (1 MB = 1,000,000 bytes) for a time in seconds.
    func megabytesPerSecond(_ seconds: Double) -> Double {
        Double(bytes) / 1_000_000 / seconds
    }

    var bestMBps: Double { megabytesPerSecond(best) }
    var medianMBps: Double { megabytesPerSecond(median) }
    var peakRSSMiB: Double { Double(maxRSSKiB.max() ?? 0) / 1024 }
}

/// Formats a number with a fixed count of decimals.
func fixed(_ value: Double, _ decimals: Int) -> String {
    value.isFinite ? String(format: "%.\(decimals)f", value) : "–"
}
