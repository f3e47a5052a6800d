// One validation pass over an input, as the validator runs it: a single document, or JSON Lines
// split at each newline, with the errors kept up to a cap and the invalid documents counted. The
// pass is the exact pass (``ExactPass``: every error located), or WireJSON's fast pass behind its
// `Engine` (valid or not). ``ExactValidation`` is the exact pass alone over bytes in memory: the
// errors `JSONValidator` reports, without compiling the fast pass.

/// A pass over one document at a time that a ``PassRun`` feeds: the exact pass, or WireJSON's
/// engine (fast or exact).
package protocol DocumentPass: AnyObject {
    /// Whether the pass only says valid or not (its error is a placeholder): a run then stops at the
    /// first invalid document, even in JSON Lines.
    var isVerdictOnly: Bool { get }
    /// Bytes received since the document started.
    var received: Int { get }
    /// Feeds the next bytes of the document; `alongside` runs once, during or after them.
    /// - Throws: the document's first error, as soon as the bytes so far cannot begin a valid one.
    func feed(_ chunk: UnsafeRawBufferPointer, alongside: (() -> Void)?) throws(JSONSyntaxError)
    /// Ends the document.
    /// - Throws: the document's first error (a truncated or empty document).
    func finish() throws(JSONSyntaxError)
    /// Starts the next document (JSON Lines), keeping the allocations.
    func reset()
}

extension DocumentPass {
    package var isVerdictOnly: Bool { false }
}

extension ExactPass: DocumentPass {}

/// One validation in progress: a single document, or JSON Lines split at each newline.
package struct PassRun {
    private let pass: any DocumentPass
    private let lines: Bool
    private let maxErrors: Int
    /// The errors kept, in input order (at most `maxErrors`; JSON Lines errors are shifted to
    /// their line).
    package private(set) var errors: [JSONSyntaxError] = []
    /// Invalid documents, counted past `maxErrors`.
    private var invalid = 0
    /// How many documents were checked (JSON Lines: non-blank lines).
    package private(set) var documentCount = 0
    /// How many bytes were fed.
    package private(set) var byteCount = 0
    /// JSON Lines: line number and offset where the current line starts.
    private var lineNumber = 0
    private var lineStart = 0
    private var lineFailed = false
    private var lineHasContent = false

    /// A run of `pass` over an input framed as `options.framing` says, keeping at most
    /// `maxErrors` errors (JSON Lines; a single document stops at its first).
    package init(options: JSONParseOptions, maxErrors: Int, pass: any DocumentPass) {
        self.pass = pass
        lines = options.framing == .lines
        self.maxErrors = maxErrors
    }

    /// How many documents are invalid, counted in full even when ``errors`` was capped.
    package var invalidDocumentCount: Int { lines ? invalid : errors.count }

    /// A single document stops at its first error; a verdict-only pass stops at any error.
    package var isDone: Bool { (!lines || pass.isVerdictOnly) && !errors.isEmpty }

    /// Feeds a chunk; `alongside` runs exactly once, during or after it (see ``DocumentPass``).
    package mutating func feed(_ chunk: UnsafeRawBufferPointer, alongside: (() -> Void)? = nil) {
        defer { byteCount += chunk.count }
        var ran = false
        let once = alongside.map { work in
            {
                ran = true
                work()
            }
        }
        defer { if !ran { alongside?() } }
        guard lines else {
            if errors.isEmpty {
                do throws(JSONSyntaxError) { try pass.feed(chunk, alongside: once) } catch { errors.append(error) }
            }
            return
        }
        var start = 0
        while start < chunk.count {
            let rest = UnsafeRawBufferPointer(rebasing: chunk[start...])
            if let newline = rest.firstIndex(of: 0x0A) {
                feedLine(UnsafeRawBufferPointer(rebasing: rest[..<newline]))
                endLine(nextStart: byteCount + start + newline + 1)
                start += newline + 1
            } else {
                feedLine(rest)
                break
            }
        }
    }

    private mutating func feedLine(_ part: UnsafeRawBufferPointer) {
        guard !lineFailed, part.count > 0 else { return }
        if !lineHasContent { lineHasContent = part.contains { !Tokens.isWhitespace($0) } }
        do throws(JSONSyntaxError) { try pass.feed(part, alongside: nil) } catch {
            record(error)
            lineFailed = true
        }
    }

    private mutating func endLine(nextStart: Int) {
        if !lineFailed {
            if lineHasContent {
                do throws(JSONSyntaxError) { try pass.finish() } catch { record(error) }
                documentCount += 1
            }
        } else {
            documentCount += 1
        }
        pass.reset()
        lineFailed = false
        lineHasContent = false
        lineNumber += 1
        lineStart = nextStart
    }

    private mutating func record(_ error: JSONSyntaxError) {
        invalid += 1
        if errors.count < maxErrors { errors.append(error.shifted(lines: lineNumber, bytes: lineStart)) }
    }

    /// Ends the input: the last document (or line) must be complete. ``errors`` and the counts are
    /// then final.
    package mutating func finish() {
        if lines {
            if pass.received > 0 || lineFailed { endLine(nextStart: byteCount) }
        } else if errors.isEmpty {
            do throws(JSONSyntaxError) { try pass.finish() } catch { errors.append(error) }
            documentCount = 1
        } else {
            documentCount = 1
        }
    }
}

/// The exact pass alone over bytes in memory: the errors `JSONValidator` reports for them (same
/// kind, reason, byte, line, column, path and excerpt), without its fast pass. For a module that
/// only has to describe input it already knows is invalid (WireDecoder's syntax errors).
///
/// ```swift
/// let error = ExactValidation.firstError(in: Array(#"{"id": 01}"#.utf8))
/// error?.location   // line 1, column 9 (the digit after the zero)
/// ```
package enum ExactValidation {
    /// The first error of `bytes`, or nil when they are valid: a single document's error, or for
    /// JSON Lines (`options.framing`) the first bad line's.
    package static func firstError(in bytes: some Collection<UInt8>, options: JSONParseOptions = .strict)
        -> JSONSyntaxError?
    {
        errors(in: bytes, options: options, maxErrors: 1).first
    }

    /// The errors of `bytes`, in input order: at most one for a single document; for JSON Lines one
    /// per bad line, up to `maxErrors` (raised to 1).
    package static func errors(
        in bytes: some Collection<UInt8>, options: JSONParseOptions = .strict, maxErrors: Int = 100
    ) -> [JSONSyntaxError] {
        func run(_ buffer: UnsafeRawBufferPointer) -> [JSONSyntaxError] {
            var run = PassRun(options: options, maxErrors: max(1, maxErrors), pass: ExactPass(options: options))
            run.feed(buffer)
            run.finish()
            return run.errors
        }
        return bytes.withContiguousStorageIfAvailable { run(UnsafeRawBufferPointer($0)) }
            ?? Array(bytes).withUnsafeBytes { run($0) }
    }
}
