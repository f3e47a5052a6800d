#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A growable buffer of plain values with no copy-on-write, uniqueness or exclusivity checks: the
/// callback state's stacks are touched on every JSON token, and Array's bookkeeping showed up as a
/// fifth of the validation time. The owner frees it with ``deallocate()``.
///
/// The storage comes from `malloc` and grows with `realloc`, which can extend a large block in
/// place (glibc remaps its pages) instead of holding the old and the new copy at once; pages past
/// `count` are never touched, so they cost address space, not memory.
package struct UnsafeStack<Element: BitwiseCopyable> {
    package private(set) var base: UnsafeMutablePointer<Element>
    package private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 4)
        base = Self.reallocate(nil, capacity: self.capacity)
    }

    func deallocate() { free(base) }

    @inline(__always) var isEmpty: Bool { count == 0 }

    /// Bytes allocated (capacity, not count), for the memory tests.
    var allocatedBytes: Int { capacity * MemoryLayout<Element>.stride }

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

    /// Gives back most of a large buffer that is now mostly empty (after a large object closed), so
    /// that what stays allocated follows what is still open. Keeps at least 32 KiB, and twice the
    /// count, so that filling it again costs no more than filling it the first time did.
    mutating func releaseSpareCapacity() {
        let floor = max(4, Self.keptBytes / MemoryLayout<Element>.stride)
        guard capacity > floor, count < capacity / 4 else { return }
        capacity = max(floor, count * 2)
        base = Self.reallocate(base, capacity: capacity)
    }

    /// What ``releaseSpareCapacity()`` keeps of a buffer that is empty.
    static var keptBytes: Int { 32 * 1024 }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        base = Self.reallocate(base, capacity: newCapacity)
        capacity = newCapacity
    }

    private static func reallocate(_ old: UnsafeMutablePointer<Element>?, capacity: Int) -> UnsafeMutablePointer<
        Element
    > {
        let (bytes, overflow) = capacity.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        guard !overflow, let raw = realloc(old, bytes) else { fatalError("out of memory (\(capacity) stack elements)") }
        return raw.bindMemory(to: Element.self, capacity: capacity)
    }

    /// The elements in `range`, copied.
    func slice(_ range: Range<Int>) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// All elements, in order (for tests and paths).
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }
}
