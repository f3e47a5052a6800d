#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// CPU time of the calling thread, for timings printed by tests on a shared machine where wall
/// time mostly measures the neighbours (never asserted: timings belong in benchmarks).
///
/// `clock_gettime(CLOCK_THREAD_CPUTIME_ID)` is POSIX: glibc's `<time.h>` on Linux, and on Darwin
/// `<time.h>` since macOS 10.12 / iOS 10, imported the same way.
///
/// ```swift
/// let seconds = ThreadCPUTime.measure { campaign.run(count: 3_000) }
/// ```
public enum ThreadCPUTime {
    /// The calling thread's CPU time so far, in seconds.
    public static func now() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The CPU seconds `body` takes on the calling thread.
    public static func measure(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return now() - start
    }
}
