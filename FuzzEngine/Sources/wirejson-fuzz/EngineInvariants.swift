import WireShapeTools

// `@testable` reaches the validator's two passes (`ValidationRun(fast:)`) one at a time: the public
// `validate` only runs the exact pass when the fast one says invalid, so a fast pass that wrongly
// rejects would otherwise stay hidden. Built with `-enable-testing` by `make fuzz-engine`.
@testable import WireJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A broken invariant: what disagreed, with both sides.
struct Violation: Error, CustomStringConvertible {
    var description: String
}

/// What the fuzz target checks on every input. Each function returns normally when the invariant
/// holds and throws a ``Violation`` naming it otherwise.
///
/// 1. Agreement on validity and on the error: the tree builder (`JSONValue.parse`), the stream
///    parser fed the whole buffer and fed in chunks (same events, paths and end offsets, or the same
///    error), the validator's public `validate`, its fast pass alone (whole and chunked: in small
///    chunks its stages carry strings, escapes, numbers and UTF-8 sequences across every cut) and its exact pass alone
///    (chunked, and chunked while letting go of held tokens past a few bytes, so that strings,
///    numbers and comments reach yajl through their stand-ins).
/// 2. Errors point inside the input: offset within it, and line and column as counted from the bytes.
/// 3. Valid trees honour the options: depth within `maxDepth`, no repeated names unless allowed,
///    every scalar event found at its path in the tree.
/// 4. The canonical writer: compact and pretty output re-parse to an equal value, writing that value
///    again gives identical bytes, and both styles agree; RFC 8785 (JCS) output is stable too.
/// 5. Relaxed options only add: what strict parsing accepts, the variant accepts as the same value
///    (unless it is nested deeper than the variant's `maxDepth`, which must then be the error).
/// 6. JSON Lines: the report equals checking each non-blank line as its own document, with
///    locations shifted to the whole input; both passes agree, whole and chunked.
/// 7. The two engines agree: the Swift engine gives what the yajl engine gives (the default above)
///    through the stream parser, whole and chunked (the same events, paths and end offsets, or the
///    same error), the validator and its fast pass (which both share: its verdict must be yajl's).
enum EngineInvariants {
    /// Inputs with more newlines than this skip the JSON Lines check.
    static let maxLinesChecked = 64

    static func check(_ bytes: [UInt8]) -> Violation? {
        let plan = FuzzPlan(for: bytes)
        do {
            let strict = try checkDocument(bytes, options: .strict, chunks: plan.chunks)
            if plan.variant != .strict {
                let variant = try checkDocument(bytes, options: plan.variant, chunks: plan.chunks)
                try checkRelaxation(strict: strict, variant: variant, options: plan.variant)
            }
            // JSON Lines only where it is cheap enough to matter: every line of a pretty-printed
            // document is an error of its own, and building each one's excerpt three times over
            // would cut the executions per second several-fold for no new behaviour.
            if bytes.lazy.filter({ $0 == 0x0A }).count <= Self.maxLinesChecked {
                var lines = plan.variant
                lines.framing = .lines
                try checkLines(bytes, options: lines, chunks: plan.chunks)
            }
            return nil
        } catch {
            return Violation(description: "\(error.description) [\(plan)]")
        }
    }

    /// `WIREJSON_FUZZ_ENGINES=1` (`make fuzz-engines`): only invariant 7, the two engines against
    /// each other, under the strict options and the input's variant, for tens of millions of
    /// executions rather than the full set's hundreds per second.
    static let enginesOnly: Bool = getenv("WIREJSON_FUZZ_ENGINES").map { String(cString: $0) == "1" } ?? false

    static func checkEnginesOnly(_ bytes: [UInt8]) -> Violation? {
        let plan = FuzzPlan(for: bytes)
        do {
            for options in [JSONParseOptions.strict, plan.variant] {
                let whole = StreamRun(bytes, options: options, chunks: nil, record: true)
                let chunked = StreamRun(bytes, options: options, chunks: plan.chunks, record: true)
                let report = JSONValidator(options: options).validate(bytes)
                try checkEngines(
                    bytes, options: options, chunks: plan.chunks, whole: whole, chunked: chunked, report: report)
            }
            return nil
        } catch {
            return Violation(description: "\(error.description) [\(plan)]")
        }
    }

    // MARK: One document

    typealias Outcome = Result<JSONValue, JSONSyntaxError>

    static func checkDocument(_ bytes: [UInt8], options: JSONParseOptions, chunks: [Int]) throws(Violation) -> Outcome {
        let context = FuzzPlan.describe(options)
        let tree: Outcome
        do throws(JSONSyntaxError) { tree = .success(try JSONValue.parse(bytes, options: options)) } catch {
            tree = .failure(error)
        }
        let error = tree.failure

        let whole = StreamRun(bytes, options: options, chunks: nil, record: true)
        try expect(
            whole.error == error,
            "\(context): tree builder says \(show(error)), stream parser (whole) says \(show(whole.error))")
        let chunked = StreamRun(bytes, options: options, chunks: chunks, record: true)
        try expect(
            chunked.error == error,
            "\(context): stream parser in chunks \(chunks) says \(show(chunked.error)), whole says \(show(error))")
        try expect(
            chunked.events == whole.events,
            "\(context): chunks \(chunks) change the events: \(firstDifference(whole.events, chunked.events))")
        let silent = StreamRun(bytes, options: options, chunks: chunks, record: false)
        try expect(
            silent.error == error,
            "\(context): stream parser without a handler says \(show(silent.error)), with one \(show(error))")

        let expected = error.map { [$0] } ?? []
        let letGo = letGoPass(bytes, options: options, chunks: chunks, threshold: FuzzPlan(for: bytes).letGo)
        try expect(
            letGo == error,
            "\(context): exact pass letting go past \(FuzzPlan(for: bytes).letGo) bytes in chunks \(chunks) says \(show(letGo)), tree builder \(show(error))"
        )
        let report = JSONValidator(options: options).validate(bytes)
        try expect(
            report.errors == expected,
            "\(context): JSONValidator reports \(show(report.errors.first)), tree builder \(show(error))")
        try expect(
            report.documentCount == 1 && report.byteCount == bytes.count,
            "\(context): JSONValidator counts \(report.documentCount) documents, \(report.byteCount) bytes of \(bytes.count)"
        )
        for (fast, cut) in [(true, nil), (true, chunks), (false, chunks)] as [(Bool, [Int]?)] {
            let pass = validationPass(bytes, options: options, fast: fast, chunks: cut)
            let name = "\(fast ? "fast" : "exact") pass\(cut.map { " in chunks \($0)" } ?? "")"
            try expect(
                pass.isValid == (error == nil),
                "\(context): validator's \(name) says \(pass.isValid ? "valid" : "invalid"), tree builder \(show(error))"
            )
            if !fast {
                try expect(
                    pass.errors == expected,
                    "\(context): validator's \(name) reports \(show(pass.errors.first)), tree builder \(show(error))")
            }
        }

        try checkEngines(bytes, options: options, chunks: chunks, whole: whole, chunked: chunked, report: report)

        switch tree {
        case .failure(let error):
            try checkLocation(error, in: bytes, context: context)
            try expect(
                !(options.allowComments && error.kind == .commentNotAllowed),
                "\(context): comment rejected although allowed: \(error)")
            try expect(
                !(options.allowDuplicateKeys && error.kind == .duplicateKey),
                "\(context): duplicate rejected although allowed: \(error)")
        case .success(let value):
            try checkTree(value, events: whole.events, options: options, context: context)
            try checkCanonical(value, options: options, context: context)
        }
        return tree
    }

    /// Invariant 7: the Swift engine against the runs above, which used yajl (the default).
    static func checkEngines(
        _ bytes: [UInt8], options: JSONParseOptions, chunks: [Int], whole: StreamRun, chunked: StreamRun,
        report: JSONValidationReport
    ) throws(Violation) {
        let context = FuzzPlan.describe(options) + ", Swift engine"
        var swift = options
        swift.engine = .swift
        let swiftWhole = StreamRun(bytes, options: swift, chunks: nil, record: true)
        try expect(
            swiftWhole.error == whole.error && swiftWhole.events == whole.events,
            "\(context): whole, the Swift engine says \(show(swiftWhole.error)), yajl \(show(whole.error)); events: \(firstDifference(whole.events, swiftWhole.events))"
        )
        let swiftChunked = StreamRun(bytes, options: swift, chunks: chunks, record: true)
        try expect(
            swiftChunked.error == chunked.error && swiftChunked.events == chunked.events,
            "\(context): in chunks \(chunks), the Swift engine says \(show(swiftChunked.error)), yajl \(show(chunked.error)); events: \(firstDifference(chunked.events, swiftChunked.events))"
        )
        let swiftReport = JSONValidator(options: swift).validate(bytes)
        try expect(
            swiftReport.errors == report.errors,
            "\(context): JSONValidator on the Swift engine reports \(show(swiftReport.errors.first)), on yajl \(show(report.errors.first))"
        )
        let fast = validationPass(bytes, options: swift, fast: true, chunks: chunks)
        try expect(
            fast.isValid == (whole.error == nil),
            "\(context): the Swift engine's fast pass in chunks \(chunks) says \(fast.isValid ? "valid" : "invalid"), yajl \(show(whole.error))"
        )
    }

    /// The error's line and column, counted again from the bytes before its offset.
    static func checkLocation(_ error: JSONSyntaxError, in bytes: [UInt8], context: String) throws(Violation) {
        let offset = error.location.offset
        try expect(
            offset >= 0 && offset <= bytes.count,
            "\(context): error offset \(offset) outside the \(bytes.count)-byte input: \(error)")
        var line = 1
        var column = 1
        for byte in bytes[..<offset] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        try expect(
            error.location.line == line && error.location.column == column,
            "\(context): error at byte \(offset) says line \(error.location.line), column \(error.location.column); the bytes say line \(line), column \(column): \(error)"
        )
        try expect(
            error.excerpt.caretColumn >= 0 && error.excerpt.caretColumn <= error.excerpt.text.unicodeScalars.count,
            "\(context): excerpt caret \(error.excerpt.caretColumn) outside its \(error.excerpt.text.unicodeScalars.count)-character text: \(error)"
        )
        _ = error.excerpt.rendered()
    }

    /// The tree honours the options and holds every scalar the parser reported, where it said.
    static func checkTree(_ value: JSONValue, events: [StreamRun.Recorded], options: JSONParseOptions, context: String)
        throws(Violation)
    {
        let shape = TreeShape(value)
        try expect(
            shape.depth <= options.maxDepth,
            "\(context): accepted nesting \(shape.depth) deeper than maxDepth \(options.maxDepth)")
        try expect(options.allowDuplicateKeys || !shape.hasDuplicateKeys, "\(context): accepted a repeated member name")
        let valueEvents = events.filter {
            switch $0.event {
            case .objectEnd, .arrayEnd, .key: false
            default: true
            }
        }
        try expect(
            valueEvents.count == shape.nodes,
            "\(context): \(valueEvents.count) value events for a tree of \(shape.nodes) values")
        guard !options.allowDuplicateKeys else { return }  // with repeats, a path names the last copy only
        for recorded in valueEvents {
            let scalar: JSONValue? =
                switch recorded.event {
                case .string(let s): .string(s)
                case .number(let text): .number(JSONNumber(text: text))
                case .bool(let b): .bool(b)
                case .null: .null
                default: nil
                }
            guard let scalar else { continue }
            let found = value[recorded.path]
            try expect(
                found == scalar,
                "\(context): event \(recorded.event) at \(recorded.path) but the tree has \(found.map { "\($0)" } ?? "nothing") there"
            )
        }
    }

    /// Canonical form re-parses equal and is idempotent, in both styles; JCS is stable.
    static func checkCanonical(_ value: JSONValue, options: JSONParseOptions, context: String) throws(Violation) {
        let compact = CanonicalJSONWriter.bytes(value, style: .compact)
        let pretty = CanonicalJSONWriter.bytes(value, style: .pretty)
        try expect(
            !compact.contains(0x0A) && pretty.last == 0x0A,
            "\(context): compact form has a newline or pretty form lacks the final one")
        for (style, text) in [(CanonicalJSONWriter.Style.compact, compact), (.pretty, pretty)] {
            let reparsed: JSONValue
            do throws(JSONSyntaxError) { reparsed = try JSONValue.parse(text, options: options) } catch {
                throw Violation(
                    description: "\(context): \(style) canonical form does not parse: \(error); text \(show(text))")
            }
            try expect(
                reparsed == value,
                "\(context): \(style) canonical form re-parses to a different value; text \(show(text))")
            let again = CanonicalJSONWriter.bytes(reparsed, style: style)
            try expect(
                again == text,
                "\(context): \(style) canonical form is not idempotent: \(show(text)) then \(show(again))")
            let other = CanonicalJSONWriter.bytes(reparsed, style: style == .compact ? .pretty : .compact)
            try expect(
                other == (style == .compact ? pretty : compact),
                "\(context): compact and pretty forms disagree after re-parsing \(style)")
            try expect(
                JSONValidator(options: options).validate(text).isValid,
                "\(context): validator rejects the \(style) canonical form \(show(text))")
        }

        guard let jcs = try? JCS.bytes(value) else { return }
        let reparsed: JSONValue
        do throws(JSONSyntaxError) { reparsed = try JSONValue.parse(jcs) } catch {
            throw Violation(description: "\(context): JCS output does not parse: \(error); text \(show(jcs))")
        }
        let again: [UInt8]
        do throws(JCS.Error) { again = try JCS.bytes(reparsed) } catch {
            throw Violation(description: "\(context): JCS output has no JCS form itself: \(error); text \(show(jcs))")
        }
        try expect(again == jcs, "\(context): JCS is not idempotent: \(show(jcs)) then \(show(again))")
    }

    /// Relaxed options accept everything strict accepts, as the same value, within their depth.
    static func checkRelaxation(strict: Outcome, variant: Outcome, options: JSONParseOptions) throws(Violation) {
        guard case .success(let value) = strict else { return }
        let context = FuzzPlan.describe(options)
        if TreeShape(value).depth > options.maxDepth {
            try expect(
                variant.failure?.kind == .nestingTooDeep,
                "\(context): strict accepts nesting \(TreeShape(value).depth), variant says \(show(variant.failure))")
        } else {
            try expect(
                variant.success == value,
                "\(context): strict accepts, the relaxed variant says \(show(variant.failure))")
        }
    }

    // MARK: JSON Lines

    static func checkLines(_ bytes: [UInt8], options: JSONParseOptions, chunks: [Int]) throws(Violation) {
        let context = FuzzPlan.describe(options)
        var document = options
        document.framing = .document
        var expected: [JSONSyntaxError] = []
        var documents = 0
        var lineStart = 0
        var lineNumber = 0
        while lineStart <= bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            let line = Array(bytes[lineStart..<lineEnd])
            if line.contains(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0D) }) {
                documents += 1
                if var error = StreamRun(line, options: document, chunks: nil, record: false).error {
                    error.location.line += lineNumber
                    error.location.offset += lineStart
                    expected.append(error)
                }
            }
            lineStart = lineEnd + 1
            lineNumber += 1
        }
        let validator = JSONValidator(options: options)
        expected = Array(expected.prefix(validator.maxErrors))

        let report = validator.validate(bytes)
        try expect(
            report.errors == expected,
            "\(context): JSONValidator reports \(report.errors.count) errors (first \(show(report.errors.first))), line by line \(expected.count) (first \(show(expected.first)))"
        )
        try expect(
            report.documentCount == documents && report.byteCount == bytes.count,
            "\(context): JSONValidator counts \(report.documentCount) documents, \(report.byteCount) bytes; expected \(documents), \(bytes.count)"
        )
        for (fast, cut) in [(true, nil), (true, chunks), (false, chunks)] as [(Bool, [Int]?)] {
            let pass = validationPass(bytes, options: options, fast: fast, chunks: cut)
            let name = "\(fast ? "fast" : "exact") pass\(cut.map { " in chunks \($0)" } ?? "")"
            try expect(
                pass.isValid == expected.isEmpty,
                "\(context): validator's \(name) says \(pass.isValid ? "valid" : "invalid"), line by line \(expected.count) errors"
            )
            if !fast {
                try expect(
                    pass == report,
                    "\(context): validator's \(name) reports \(pass.errors.count) errors, \(pass.documentCount) documents; whole \(report.errors.count), \(report.documentCount)"
                )
            }
        }
    }

    // MARK: Runs

    /// One pass of the validator on its own, fed whole or in chunks.
    static func validationPass(_ bytes: [UInt8], options: JSONParseOptions, fast: Bool, chunks: [Int]?)
        -> JSONValidationReport
    {
        var run = ValidationRun(options: options, maxErrors: JSONValidator().maxErrors, fast: fast)
        bytes.withUnsafeBytes { buffer in
            forEachChunk(of: buffer, sizes: chunks) { chunk in
                run.feed(chunk)
                return !run.isDone
            }
        }
        return run.finish()
    }

    /// The exact pass's engine alone (no handler, as the validator runs it) letting go of a held
    /// token's bytes past `threshold`, fed in chunks.
    static func letGoPass(_ bytes: [UInt8], options: JSONParseOptions, chunks: [Int], threshold: Int)
        -> JSONSyntaxError?
    {
        var document = options
        document.framing = .document
        let engine = Engine(options: document, fast: false, letGoThreshold: threshold)
        var failure: JSONSyntaxError?
        bytes.withUnsafeBytes { buffer in
            forEachChunk(of: buffer, sizes: chunks) { chunk in
                do throws(JSONSyntaxError) { try engine.feed(chunk) } catch { failure = error }
                return failure == nil
            }
        }
        if failure == nil {
            do throws(JSONSyntaxError) { try engine.finish() } catch { failure = error }
        }
        return failure
    }

    static func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws(Violation) {
        if !condition { throw Violation(description: message()) }
    }

    static func show(_ error: JSONSyntaxError?) -> String {
        guard let error else { return "valid" }
        return
            "\(error.kind): \(error) excerpt \(String(reflecting: error.excerpt.text)) caret \(error.excerpt.caretColumn)"
    }

    static func show(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(300), as: UTF8.self)
        return String(reflecting: text) + (bytes.count > 300 ? "… (\(bytes.count) bytes)" : "")
    }

    static func firstDifference(_ a: [StreamRun.Recorded], _ b: [StreamRun.Recorded]) -> String {
        let i = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        return "event \(i): \(i < a.count ? "\(a[i])" : "none") vs \(i < b.count ? "\(b[i])" : "none")"
    }
}

/// Calls `body` with consecutive slices of `buffer`, sized by `sizes` in turn (the whole buffer
/// when nil), until it returns false.
func forEachChunk(of buffer: UnsafeRawBufferPointer, sizes: [Int]?, _ body: (UnsafeRawBufferPointer) -> Bool) {
    guard let sizes, !sizes.isEmpty else {
        _ = body(buffer)
        return
    }
    var offset = 0
    var k = 0
    while offset < buffer.count {
        let end = min(buffer.count, offset + max(1, sizes[k % sizes.count]))
        if !body(UnsafeRawBufferPointer(rebasing: buffer[offset..<end])) { return }
        offset = end
        k += 1
    }
}

/// A `JSONStreamParser` run over one input: the events it reported (with their paths and end
/// offsets) and the error, if any.
struct StreamRun {
    struct Recorded: Equatable, CustomStringConvertible {
        var event: JSONEvent
        var path: JSONPath
        var end: Int
        var description: String { "\(event) at \(path) ending at \(end)" }
    }

    var events: [Recorded] = []
    var error: JSONSyntaxError?

    init(_ bytes: [UInt8], options: JSONParseOptions, chunks: [Int]?, record: Bool) {
        var events: [Recorded] = []
        let parser =
            record
            ? JSONStreamParser(options: options) { event, context in
                events.append(Recorded(event: event, path: context.path, end: context.endOffset))
            }
            : JSONStreamParser(options: options)
        var failure: JSONSyntaxError?
        bytes.withUnsafeBytes { buffer in
            forEachChunk(of: buffer, sizes: chunks) { chunk in
                do throws(JSONSyntaxError) { try parser.feed(chunk) } catch { failure = error }
                return failure == nil
            }
        }
        if failure == nil {
            do throws(JSONSyntaxError) { try parser.finish() } catch { failure = error }
        }
        self.events = failure == nil ? events : []
        self.error = failure
    }
}

/// Depth, value count and repeated names of a tree, computed without recursion limits mattering
/// (depth is at most 512 here).
struct TreeShape {
    var depth = 0
    var nodes = 0
    var hasDuplicateKeys = false

    init(_ value: JSONValue) { visit(value, level: 0) }

    private mutating func visit(_ value: JSONValue, level: Int) {
        nodes += 1
        switch value {
        case .array(let elements):
            depth = max(depth, level + 1)
            for element in elements { visit(element, level: level + 1) }
        case .object(let object):
            depth = max(depth, level + 1)
            if !object.duplicateKeys.isEmpty { hasDuplicateKeys = true }
            for member in object { visit(member.value, level: level + 1) }
        default:
            break
        }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }

    var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
