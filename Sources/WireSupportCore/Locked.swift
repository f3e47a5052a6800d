#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a mutex: the one lock every WireLock module uses for state shared between
/// threads (claim tables, formatter pools, the oracle's block feeder, the fuzz dealer).
///
/// A `pthread_mutex_t` kept at a fixed address (a mutex must not move), so it works on every
/// platform and deployment target WireLock builds for; `Synchronization.Mutex` would need macOS 15
/// or iOS 18. Not recursive: calling `withLock` again from inside `body` deadlocks.
///
/// `@unchecked Sendable`: `value` is only read and written inside `withLock`, with the mutex held.
///
/// ```swift
/// let counts = Locked([String: Int]())
/// counts.withLock { $0["GET", default: 0] += 1 }
/// let total = counts.withLock { $0.values.reduce(0, +) }   // 1
/// ```
package final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Puts `value` behind a new mutex.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the mutex held and the value passed in to read or change; returns what
    /// `body` returns and rethrows what it throws (the mutex is released either way).
    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
