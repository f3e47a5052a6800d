/// A sequence that passes its base's elements through unchanged and calls `tick` with the number
/// handed out so far every `stride` elements (and once at the end). Used to draw progress while an
/// oracle streams a corpus; `tick` runs on whichever thread pulls the next element, one at a time.
struct CountingSequence<Base: Sequence>: Sequence {
    var base: Base
    var stride: Int
    var tick: (Int) -> Void

    struct Iterator: IteratorProtocol {
        var base: Base.Iterator
        let stride: Int
        let tick: (Int) -> Void
        var count = 0
        var finished = false

        mutating func next() -> Base.Element? {
            guard let element = base.next() else {
                if !finished {
                    finished = true
                    tick(count)
                }
                return nil
            }
            count += 1
            if count % stride == 0 { tick(count) }
            return element
        }
    }

    func makeIterator() -> Iterator {
        Iterator(base: base.makeIterator(), stride: Swift.max(1, stride), tick: tick)
    }
}
