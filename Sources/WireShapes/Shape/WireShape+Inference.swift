import WireJSONCore

extension WireShape {
    /// The rule that turns the strings at one position into an enum.
    ///
    /// The strings form an enum when, over all samples merged at that position:
    /// - at least `minimumSamples` strings were seen (default 4),
    /// - they have between 1 and `maximumValues` distinct values (default 8),
    /// - every distinct value was seen at least `minimumRepeats` times (default 2), and
    /// - none of them has a recognised format (dates, UUIDs, URLs and numbers are never enums) and
    ///   none is longer than 64 UTF-8 bytes.
    ///
    /// So `"status"` across a page of 20 movies with values `released`/`announced` is an enum, a
    /// title seen once is not, and neither is a field whose values are all different.
    public struct EnumRule: Hashable, Sendable {
        /// How many strings must have been seen at the position (all samples together).
        public var minimumSamples: Int
        /// The most distinct values an enum may have.
        public var maximumValues: Int
        /// How many times each distinct value must have been seen.
        public var minimumRepeats: Int

        /// A rule from its three thresholds; the defaults are ``standard``. Values are not checked: a
        /// `maximumValues` of 0 (as in ``none``) means no enums at all.
        ///
        /// ```swift
        /// let strict = WireShape.EnumRule(minimumSamples: 10, maximumValues: 4, minimumRepeats: 3)
        /// let shape = WireShape.infer(from: pages, enumRule: strict)
        /// ```
        public init(minimumSamples: Int = 4, maximumValues: Int = 8, minimumRepeats: Int = 2) {
            self.minimumSamples = minimumSamples
            self.maximumValues = maximumValues
            self.minimumRepeats = minimumRepeats
        }

        /// The default rule (4 samples, ≤ 8 values, each seen twice).
        public static let standard = EnumRule()
        /// Never infer enums.
        public static let none = EnumRule(minimumSamples: .max, maximumValues: 0, minimumRepeats: .max)
    }

    /// The shape of one or many documents (each a sample of the same wire format).
    ///
    /// Members present in every sample object at a position are required, others optional; array
    /// elements of every array at a position are merged into one element shape.
    /// - Parameters:
    ///   - documents: the samples.
    ///   - enumRule: when strings count as an enum.
    public static func infer(from documents: some Sequence<JSONValue>, enumRule: EnumRule = .standard) -> WireShape {
        let builder = ShapeBuilder()
        for document in documents { builder.add(document) }
        return builder.shape(enumRule: enumRule)
    }
}

extension WireShape {
    /// This shape merged with another inferred from other samples of the same format: kinds and
    /// members unite, a member stays required only if both sides required it (or only one side saw
    /// objects here and required it), a string format survives only if both agree, and enums unite
    /// when both sides are enums and the union stays within 8 values.
    public func merged(with other: WireShape) -> WireShape {
        var string: StringShape? = nil
        switch (self.string, other.string) {
        case (let a?, let b?):
            var s = StringShape()
            if a.format == b.format {
                s.format = a.format
                s.fractionDigits = a.fractionDigits.union(b.fractionDigits)
                s.offsets = a.offsets.union(b.offsets)
            }
            if let x = a.enumValues, let y = b.enumValues, x.union(y).count <= 8 { s.enumValues = x.union(y) }
            string = s
        case (let a?, nil): string = a
        case (nil, let b?): string = b
        case (nil, nil): break
        }
        var members: [JSONKey: Member]? = nil
        switch (self.members, other.members) {
        case (let a?, let b?):
            var out: [JSONKey: Member] = [:]
            for key in Set(a.keys).union(b.keys) {
                switch (a[key], b[key]) {
                case (let x?, let y?):
                    out[key] = Member(shape: x.shape.merged(with: y.shape), required: x.required && y.required)
                case (let x?, nil): out[key] = Member(shape: x.shape, required: false)
                case (nil, let y?): out[key] = Member(shape: y.shape, required: false)
                case (nil, nil): break
                }
            }
            members = out
        case (let a?, nil): members = a
        case (nil, let b?): members = b
        case (nil, nil): break
        }
        let element: WireShape?
        switch (self.element, other.element) {
        case (let a?, let b?): element = a.merged(with: b)
        case (let a, let b): element = a ?? b
        }
        return WireShape(kinds: kinds.union(other.kinds), string: string, members: members, element: element)
    }
}
