import WireSupport

/// Sums counts and keeps the first mismatches by input index, whatever order blocks finish in.
final class MismatchCollector: Sendable {
    struct Totals: Sendable {
        var checked = 0
        var mismatched = 0
        var mismatches: [OracleMismatch] = []
    }

    private let state: Locked<Totals>
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
        self.state = Locked(Totals())
    }

    func add(checked: Int, mismatched: Int, found: [OracleMismatch]) {
        state.withLock { totals in
            totals.checked += checked
            totals.mismatched += mismatched
            guard !found.isEmpty else { return }
            totals.mismatches.append(contentsOf: found)
            totals.mismatches.sort { $0.index < $1.index }
            if totals.mismatches.count > limit { totals.mismatches.removeLast(totals.mismatches.count - limit) }
        }
    }

    var totals: Totals { state.withLock { $0 } }
}
