/// A growable buffer of plain values with no copy-on-write, uniqueness or exclusivity checks: the
/// callback state's stacks are touched on every JSON token, and Array's bookkeeping showed up as a
/// fifth of the validation time. The owner frees it with ``deallocate()``.
struct _UnsafeStack<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 4)
        base = .allocate(capacity: self.capacity)
    }

    func deallocate() { base.deallocate() }

    @inline(__always) var isEmpty: Bool { count == 0 }

    @inline(__always) subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    @inline(__always) var last: Element? { count > 0 ? base[count &- 1] : nil }

    @inline(__always) mutating func append(_ element: Element) {
        if count == capacity { grow(to: count + 1) }
        base[count] = element
        count &+= 1
    }

    mutating func append(_ elements: UnsafePointer<Element>, count n: Int) {
        if count + n > capacity { grow(to: count + n) }
        (base + count).update(from: elements, count: n)
        count &+= n
    }

    @inline(__always) mutating func removeLast() -> Element {
        count &-= 1
        return base[count]
    }

    @inline(__always) mutating func truncate(to newCount: Int) { count = min(count, newCount) }

    mutating func removeAll() { count = 0 }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// The elements in `range`, copied.
    func slice(_ range: Range<Int>) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// All elements, in order (for tests and paths).
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }
}
