import WireSupport

/// Hands out consecutive blocks of a corpus to the workers.
///
/// The iterator is touched only with the lock held, by one thread at a time, and never escapes
/// this box.
package final class BlockFeeder<Iterator: IteratorProtocol>: Sendable {
    private struct State {
        var iterator: Iterator
        var nextIndex = 0
        var exhausted = false
    }

    private let state: Locked<State>
    private let blockSize: Int

    package init(_ iterator: Iterator, blockSize: Int) {
        self.state = Locked(State(iterator: iterator))
        self.blockSize = blockSize
    }

    /// Refills `block` with the next inputs; returns the index of its first input, or `nil` at the end.
    package func next(into block: inout [Iterator.Element]) -> Int? {
        block.removeAll(keepingCapacity: true)
        return state.withLock { state in
            while !state.exhausted && block.count < blockSize {
                if let input = state.iterator.next() { block.append(input) } else { state.exhausted = true }
            }
            guard !block.isEmpty else { return nil }
            let start = state.nextIndex
            state.nextIndex += block.count
            return start
        }
    }
}
