import WireJSONCore

/// Accumulates samples at one position, with the counts enums and required members need.
///
/// One pass over each sample: a member's builder is found with one dictionary lookup, and it
/// remembers the last object it was counted in, so a repeated name counts once per object without
/// a set of the names seen.
final class ShapeBuilder {
    /// The kinds seen, one bit per ``WireShape/Kind`` in declaration order.
    private var kindBits: UInt8 = 0
    // strings
    private var stringCount = 0
    private var format: StringShape.Format?
    private var formatBroken = false
    private var fractionDigits: Set<Int> = []
    private var offsets: Set<StringShape.OffsetStyle> = []
    private var valueCounts: [JSONKey: Int] = [:]
    private var tooManyValues = false
    // objects
    private var objectCount = 0
    private var members: [JSONKey: ShapeBuilder] = [:]
    // as a member of the parent's objects: in how many it was present, and the last one
    private var present = 0
    private var lastObject = -1
    // arrays
    private var element: ShapeBuilder?

    static let maximumTrackedValues = 64

    @inline(__always) private func insert(_ kind: WireShape.Kind) {
        switch kind {
        case .null: kindBits |= 1
        case .bool: kindBits |= 2
        case .integer: kindBits |= 4
        case .number: kindBits |= 8
        case .string: kindBits |= 16
        case .array: kindBits |= 32
        case .object: kindBits |= 64
        }
    }

    /// The set of kinds for each combination of bits, normalised as ``WireShape/init(kinds:string:members:element:)``
    /// does (`number` absorbs `integer`), made once: a shape per member of a large object would
    /// otherwise allocate (and later free) a set of its one kind each, and hash kinds (by their
    /// names) to normalise it.
    private static let kindSets: [Set<WireShape.Kind>] = (0..<128).map { bits in
        var out = Set<WireShape.Kind>()
        for (bit, kind) in WireShape.Kind.allCases.enumerated() where bits & (1 << bit) != 0 { out.insert(kind) }
        return WireShape(kinds: out).kinds
    }

    func add(_ value: JSONValue) {
        switch value {
        case .null: insert(.null)
        case .bool: insert(.bool)
        case .number(let n):
            insert(Self.hasFractionOrExponent(n.text) ? .number : .integer)
        case .string(let s):
            insert(.string)
            addString(s)
        case .array(let elements):
            insert(.array)
            if !elements.isEmpty {
                let builder = element ?? ShapeBuilder()
                element = builder
                for e in elements { builder.add(e) }
            }
        case .object(let object):
            insert(.object)
            let current = objectCount
            objectCount += 1
            // Room for every name at once, instead of the table growing (and rehashing) in steps.
            members.reserveCapacity(object.members.count)
            for member in object.members {
                // One probe of the table finds the builder or makes it (a new one was in no
                // object yet); a lookup and then an insertion were two, each a cache miss once
                // the table outgrows the caches.
                let builder = Self.slot(&members[JSONKey(member.key), default: ShapeBuilder()])
                // Only the first of a repeated name counts, as if the object had it once.
                guard builder.lastObject != current else { continue }
                builder.lastObject = current
                builder.present += 1
                builder.add(member.value)
            }
        }
    }

    /// The builder in a table slot, reached through the slot's `inout` access.
    @inline(__always) private static func slot(_ builder: inout ShapeBuilder) -> ShapeBuilder { builder }

    /// Whether number text has a fraction or an exponent (a `number`, not an `integer`), read from
    /// its UTF-8 bytes in place.
    private static func hasFractionOrExponent(_ text: String) -> Bool {
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            bytes.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        }
        if let found = text.utf8.withContiguousStorageIfAvailable(scan) { return found }
        var copy = text
        return copy.withUTF8(scan)
    }

    private func addString(_ s: String) {
        stringCount += 1
        if !formatBroken {
            if let match = StringFormatDetector.detect(s), format == nil || format == match.format {
                format = match.format
                if match.format == .dateTime {
                    fractionDigits.insert(match.fractionDigits)
                    if let offset = match.offset { offsets.insert(offset) }
                }
            } else {
                formatBroken = true
                format = nil
                fractionDigits = []
                offsets = []
            }
        }
        if !tooManyValues {
            valueCounts[JSONKey(s), default: 0] += 1
            if valueCounts.count > Self.maximumTrackedValues {
                tooManyValues = true
                valueCounts = [:]
            }
        }
    }

    func shape(enumRule: WireShape.EnumRule) -> WireShape {
        var string: StringShape? = nil
        if kindBits & 16 != 0 {
            var s = StringShape(format: format, fractionDigits: fractionDigits, offsets: offsets)
            if format == nil, !tooManyValues, stringCount >= enumRule.minimumSamples,
                (1...max(1, enumRule.maximumValues)).contains(valueCounts.count), enumRule.maximumValues > 0,
                valueCounts.values.allSatisfy({ $0 >= enumRule.minimumRepeats }),
                valueCounts.keys.allSatisfy({ $0.string.utf8.count <= 64 })
            {
                s.enumValues = Set(valueCounts.keys)
            }
            string = s
        }
        var memberShapes: [JSONKey: WireShape.Member]? = nil
        if kindBits & 64 != 0 {
            var out: [JSONKey: WireShape.Member] = [:]
            out.reserveCapacity(members.count)
            for (key, builder) in members {
                out[key] = WireShape.Member(
                    shape: builder.shape(enumRule: enumRule), required: builder.present == objectCount)
            }
            memberShapes = out
        }
        return WireShape(
            normalizedKinds: Self.kindSets[Int(kindBits)], string: string, members: memberShapes,
            element: element?.shape(enumRule: enumRule))
    }
}
