extension JSONExcerpt {
    /// The excerpt around `offset` in a whole document held in memory, built by the same
    /// ``ExcerptBuilder`` the validator uses for its errors, so a located value (a decoding
    /// failure, a lint finding) is shown exactly like a syntax error.
    /// - Parameters:
    ///   - bytes: the whole input.
    ///   - offset: where the caret goes (clamped to `0...bytes.count`).
    package init(of bytes: [UInt8], at offset: Int) {
        let offset = min(max(0, offset), bytes.count)
        self = bytes.withUnsafeBufferPointer { buffer in
            var regions = Regions()
            if let base = buffer.baseAddress { regions.spans = [(0, base, buffer.count)] }
            return ExcerptBuilder(at: offset, regions: regions, before: [], tailEnd: 0, atEnd: true).excerpt
        }
    }
}
