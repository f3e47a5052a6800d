#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The outcome of validating one input.
///
/// For JSON Lines, every invalid line is counted in ``invalidDocumentCount`` but only the first
/// ``JSONValidator/maxErrors`` errors are kept in ``errors``; ``omittedErrorCount`` says how many
/// were left out.
///
/// ```swift
/// let report = JSONValidator(options: JSONParseOptions(framing: .lines), maxErrors: 2)
///     .validate(Array("[\n[\n[\n".utf8))
/// report.invalidDocumentCount   // 3
/// report.errors.count           // 2
/// report.omittedErrorCount      // 1
/// ```
public struct JSONValidationReport: Hashable, Sendable {
    /// The errors found, in input order: at most one for a single document; one per bad line for
    /// JSON Lines, up to the validator's `maxErrors`.
    public var errors: [JSONSyntaxError]
    /// How many documents were checked (JSON Lines: non-blank lines).
    public var documentCount: Int
    /// How many of them are invalid, counted in full even when ``errors`` was capped.
    public var invalidDocumentCount: Int
    /// How many bytes were read.
    public var byteCount: Int

    /// Whether the input is valid.
    public var isValid: Bool { invalidDocumentCount == 0 }

    /// How many errors were found but not kept in ``errors`` (the cap of `maxErrors`).
    public var omittedErrorCount: Int { max(0, invalidDocumentCount - errors.count) }

    /// A report from its parts (for tests and for tools that merge reports); the validator builds the
    /// real ones.
    /// - Parameters:
    ///   - errors: the errors kept, in input order.
    ///   - documentCount: how many documents the input held.
    ///   - byteCount: how many bytes were read.
    ///   - invalidDocumentCount: how many documents are invalid; nil means one per error
    ///     (nothing omitted). It is never taken below `errors.count`.
    public init(errors: [JSONSyntaxError], documentCount: Int, byteCount: Int, invalidDocumentCount: Int? = nil) {
        self.errors = errors
        self.documentCount = documentCount
        self.byteCount = byteCount
        self.invalidDocumentCount = max(invalidDocumentCount ?? errors.count, errors.count)
    }
}

/// A failure to read an input (as opposed to an input that is not valid JSON).
public struct JSONInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path that could not be read (`-` for standard input).
    public var path: String
    /// The system's reason, e.g. `No such file or directory`.
    public var reason: String

    /// An error for `path` (`-` for standard input) with the system's `reason`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot read '\(path)': \(reason)" }
}

/// Checks JSON inputs against strict RFC 8259 (see ``JSONParseOptions``), streaming them through
/// the yajl-backed engine in fixed-size chunks, so memory does not grow with the input.
///
/// ```swift
/// let report = try JSONValidator().validate(fileAt: "Fixtures/API/v3/movies-success.json")
/// for error in report.errors {
///     print(JSONDiagnostic(error, file: "movies-success.json").headline)   // FILE:LINE:COLUMN: reason (at PATH)
/// }
/// ```
public struct JSONValidator: Sendable {
    /// Strictness and framing.
    public var options: JSONParseOptions
    /// Bytes read per chunk from files and descriptors.
    public var chunkSize: Int
    /// For JSON Lines: keep the errors of this many bad lines; later ones are only counted
    /// (``JSONValidationReport/invalidDocumentCount``).
    public var maxErrors: Int

    /// A validator. It never fails: a `chunkSize` or `maxErrors` below 1 is raised to 1.
    /// - Parameters:
    ///   - options: strict RFC 8259 by default; ``JSONParseOptions`` also selects JSON Lines.
    ///   - chunkSize: bytes read per chunk in the exact pass (256 KiB by default).
    ///   - maxErrors: for JSON Lines, how many bad lines' errors to keep before only counting them.
    ///
    /// ```swift
    /// let validator = JSONValidator(chunkSize: 64 * 1024)
    /// let report = validator.validate(Array(#"{"id": 01}"#.utf8))
    /// report.isValid                 // false: a leading zero
    /// report.errors.first?.location  // line 1, column 9 (the digit after the zero)
    /// ```
    public init(options: JSONParseOptions = .strict, chunkSize: Int = 256 * 1024, maxErrors: Int = 100) {
        self.options = options
        self.chunkSize = max(1, chunkSize)
        self.maxErrors = max(1, maxErrors)
    }

    /// Validates bytes in memory.
    public func validate(_ bytes: some Collection<UInt8>) -> JSONValidationReport {
        func run(fast: Bool, _ buffer: UnsafeRawBufferPointer) -> JSONValidationReport {
            var run = ValidationRun(options: options, maxErrors: maxErrors, fast: fast)
            run.feed(buffer)
            return run.finish()
        }
        func both(_ buffer: UnsafeRawBufferPointer) -> JSONValidationReport {
            let quick = run(fast: true, buffer)
            return quick.isValid ? quick : run(fast: false, buffer)
        }
        return bytes.withContiguousStorageIfAvailable { both(UnsafeRawBufferPointer($0)) }
            ?? Array(bytes).withUnsafeBytes { both($0) }
    }

    /// Validates a file, streaming it.
    /// - Throws: ``JSONInputError`` when the file cannot be opened or read.
    public func validate(fileAt path: String) throws(JSONInputError) -> JSONValidationReport {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw JSONInputError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        return try validate(fileDescriptor: fd, path: path)
    }

    /// Validates everything readable from a file descriptor (standard input: `0`), streaming it.
    /// The descriptor is not closed.
    /// - Parameters:
    ///   - fd: an open, readable descriptor (a file, a pipe, standard input).
    ///   - path: the name to use in a read error.
    /// - Throws: ``JSONInputError`` when reading fails (for example, the path is a directory).
    ///
    /// A regular file is checked in two passes when needed: a fast pass that only answers valid or
    /// not, and, for an invalid file only, an exact pass from the same start that locates the errors.
    /// A pipe or terminal is checked in one exact pass.
    public func validate(fileDescriptor fd: Int32, path: String = "-") throws(JSONInputError) -> JSONValidationReport {
        var info = stat()
        let start = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? lseek(fd, 0, SEEK_CUR) : -1
        if start >= 0 {
            let quick = try run(fd, path: path, fast: true)
            if quick.isValid || lseek(fd, start, SEEK_SET) != start { return quick }
        }
        return try run(fd, path: path, fast: false)
    }

    /// Chunk size of the fast pass over a file (the exact pass uses ``chunkSize``).
    static let fastChunkSize = 1 << 20

    private func run(_ fd: Int32, path: String, fast: Bool) throws(JSONInputError) -> JSONValidationReport {
        var run = ValidationRun(options: options, maxErrors: maxErrors, fast: fast)
        // Three buffers in turn: while one chunk is read into the next buffer, the engine reads the
        // chunk before it (the fast pass's stage 1, on its second core when it is in use) and may
        // still read the one before that (its stage 2 runs a chunk behind). The fast pass uses
        // bigger chunks: fewer hand-offs.
        let size = fast ? max(chunkSize, Self.fastChunkSize) : chunkSize
        var buffers = (0..<3).map { _ in UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16) }
        defer { for buffer in buffers { buffer.deallocate() } }
        func readChunk(into buffer: UnsafeMutableRawBufferPointer) -> (count: Int, error: Int32) {
            while true {
                let n = read(fd, buffer.baseAddress, size)
                if n >= 0 { return (n, 0) }
                if errno != EINTR { return (-1, errno) }
            }
        }
        var chunk = readChunk(into: buffers[0])
        while chunk.count > 0 {
            var following = (count: 0, error: Int32(0))
            let target = buffers[1]
            run.feed(UnsafeRawBufferPointer(rebasing: buffers[0][0..<chunk.count])) {
                following = readChunk(into: target)
            }
            if run.isDone { return run.finish() }
            buffers = [buffers[1], buffers[2], buffers[0]]
            chunk = following
        }
        if chunk.count < 0 {
            throw JSONInputError(path: path, reason: String(cString: strerror(chunk.error)))
        }
        return run.finish()
    }
}

extension JSONValidator {
    /// One pass of the validator, for benchmarks: the fast pass, its UTF-8 check alone, or the
    /// exact pass (on the options' engine).
    @_spi(Benchmarks)
    public enum Pass: String, CaseIterable, Sendable {
        case fast, utf8, exact
    }

    /// Runs one pass over a buffer; whether it found the bytes valid.
    @_spi(Benchmarks)
    public func run(_ pass: Pass, over bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return pass == .utf8 }
        if pass == .utf8 { return SIMDScanner.validatesUTF8(base, bytes.count) }
        var run = ValidationRun(options: options, maxErrors: maxErrors, fast: pass == .fast)
        run.feed(bytes)
        return run.finish().isValid
    }
}

/// One validation in progress, by the fast or the exact pass (``Engine``), as a report: the
/// core's ``PassRun`` (a single document, or JSON Lines split at each newline).
struct ValidationRun {
    private var run: PassRun

    init(options: JSONParseOptions, maxErrors: Int, fast: Bool) {
        run = PassRun(options: options, maxErrors: maxErrors, pass: Engine(options: options, fast: fast))
    }

    /// A single document stops at its first error; the fast pass stops at any error.
    var isDone: Bool { run.isDone }

    /// Feeds a chunk; `alongside` runs exactly once, during or after it (see ``Engine/feed(_:alongside:)``).
    mutating func feed(_ chunk: UnsafeRawBufferPointer, alongside: (() -> Void)? = nil) {
        run.feed(chunk, alongside: alongside)
    }

    mutating func finish() -> JSONValidationReport {
        run.finish()
        return JSONValidationReport(
            errors: run.errors, documentCount: run.documentCount, byteCount: run.byteCount,
            invalidDocumentCount: run.invalidDocumentCount)
    }
}
