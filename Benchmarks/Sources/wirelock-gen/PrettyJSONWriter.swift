/// Appends pretty-printed JSON text (two-space indent unless told otherwise, one member or element
/// per line, `{}` and `[]` inline when empty) to a growable byte buffer, keeping track of commas and indentation.
///
/// Callers write member names in sorted order themselves and pass string contents already escaped,
/// so the generator decides exactly which escapes appear in the output. The buffer is raw memory
/// rather than `[UInt8]`: the generator must outrun the validators it feeds through a pipe.
struct PrettyJSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes written since the last `removeAll()`.
    private(set) var count = 0
    /// Nesting depth: the number of open containers (at most 63).
    private var depth = 0
    /// Bit `d` is set when the container at depth `d` already has a member or element.
    private var hasContent: UInt64 = 0
    /// True right after a member name, when the value follows on the same line.
    private var afterKey = false
    /// Spaces per level.
    private let indent: Int

    init(capacity: Int, indent: Int = 2) {
        self.capacity = Swift.max(capacity, 256)
        self.indent = indent
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Calls `body` with the bytes written so far.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Forgets the bytes written so far (after they were flushed), keeping the nesting state.
    mutating func removeAll() {
        count = 0
    }

    // MARK: Structure

    mutating func beginObject() {
        beginValue()
        append(UInt8(ascii: "{"))
        open()
    }

    mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    mutating func beginArray() {
        beginValue()
        append(UInt8(ascii: "["))
        open()
    }

    mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    /// Writes a member name; the next value call writes its value on the same line.
    mutating func key(_ name: StaticString) {
        beginValue()
        append(UInt8(ascii: "\""))
        raw(name)
        append(UInt8(ascii: "\""))
        append(UInt8(ascii: ":"))
        append(UInt8(ascii: " "))
        afterKey = true
    }

    /// Writes a member name made of a decimal number (`"205705993"`: ids as keys).
    mutating func key(decimal: Int) {
        beginValue()
        append(UInt8(ascii: "\""))
        appendDecimal(decimal)
        raw("\": ")
        afterKey = true
    }

    // MARK: Scalars

    mutating func null() {
        beginValue()
        raw("null")
    }

    mutating func bool(_ value: Bool) {
        beginValue()
        raw(value ? "true" : "false")
    }

    mutating func int(_ value: Int) {
        beginValue()
        appendDecimal(value)
    }

    /// A decimal fraction `whole.fraction`, with `fraction` zero-padded to `digits` digits.
    mutating func decimal(_ whole: Int, _ fraction: Int, digits: Int, negative: Bool = false) {
        beginValue()
        if negative { append(UInt8(ascii: "-")) }
        appendDecimal(whole)
        append(UInt8(ascii: "."))
        appendDecimal(fraction, width: digits)
    }

    /// A number in exponent form, `mantissa.fractionDigit e exponent` (for example `2.5e7`).
    mutating func scientific(_ mantissa: Int, _ fractionDigit: Int, exponent: Int) {
        beginValue()
        appendDecimal(mantissa)
        append(UInt8(ascii: "."))
        appendDecimal(fractionDigit)
        append(UInt8(ascii: "e"))
        appendDecimal(exponent)
    }

    /// A string value whose contents are already escaped.
    mutating func string(_ escaped: StaticString) {
        openString()
        raw(escaped)
        closeString()
    }

    /// Opens a string value; append its (escaped) contents with `raw`, then call `closeString`.
    mutating func openString() {
        beginValue()
        append(UInt8(ascii: "\""))
    }

    mutating func closeString() {
        append(UInt8(ascii: "\""))
    }

    // MARK: Raw text

    /// Appends text as it is (inside a string it must already be escaped).
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { buffer in
            reserve(buffer.count)
            (base + count).update(from: buffer.baseAddress!, count: buffer.count)
            count += buffer.count
        }
    }

    /// Appends one byte.
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends a decimal integer with at least `width` digits (zero-padded).
    mutating func appendDecimal(_ value: Int, width: Int = 1) {
        reserve(24 + width)
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let total = Swift.max(digits, width)
        var index = count + total - 1
        for position in count..<(count + total - digits) {
            base[position] = UInt8(ascii: "0")
        }
        repeat {
            base[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
            index -= 1
        } while magnitude > 0
        count += total
    }

    // MARK: Layout

    private mutating func beginValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        let bit: UInt64 = 1 << UInt64(depth)
        if hasContent & bit != 0 { append(UInt8(ascii: ",")) }
        hasContent |= bit
        newline()
    }

    private mutating func open() {
        depth += 1
        precondition(depth < 64, "PrettyJSONWriter nests at most 63 levels")
        hasContent &= ~(1 << UInt64(depth))
    }

    private mutating func close(_ closing: UInt8) {
        let hadContent = hasContent & (1 << UInt64(depth)) != 0
        depth -= 1
        if hadContent { newline() }
        append(closing)
    }

    private mutating func newline() {
        let width = 1 + indent * depth
        reserve(width)
        base[count] = UInt8(ascii: "\n")
        (base + count + 1).update(repeating: UInt8(ascii: " "), count: width - 1)
        count += width
    }

    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        var newCapacity = capacity * 2
        while count + extra > newCapacity { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
