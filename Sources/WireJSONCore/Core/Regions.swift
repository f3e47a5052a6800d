/// The bytes the engine still holds, as (absolute offset, buffer) spans in order: the carried part of
/// an unfinished token (string, comment, character or bare token) and the current chunk.
struct Regions {
    var spans: [(base: Int, pointer: UnsafePointer<UInt8>, count: Int)] = []

    func forEachSpan(from start: Int, to end: Int, _ body: (UnsafePointer<UInt8>, Int) -> Void) {
        for span in spans {
            let lo = max(start, span.base)
            let hi = min(end, span.base + span.count)
            if lo < hi { body(span.pointer + (lo - span.base), hi - lo) }
        }
    }

    func byte(at offset: Int) -> UInt8? {
        for span in spans where offset >= span.base && offset < span.base + span.count {
            return span.pointer[offset - span.base]
        }
        return nil
    }

    var end: Int { spans.last.map { $0.base + $0.count } ?? 0 }
}
