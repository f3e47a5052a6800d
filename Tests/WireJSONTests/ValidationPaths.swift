import Foundation
import WireLockTestSupport

@testable import WireJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every way WireJSON can be handed the same bytes, and the error each one reports (nil when it
/// accepts them): the stream parser (whole, cut at every point, one byte at a time), the tree builder,
/// the validator on a buffer, on a file (fast pass, then exact pass when invalid; with big and tiny
/// exact-pass chunks), on a pipe (exact pass only), the fast pass alone (verdict only), and the input
/// as the second line of a JSON Lines file (only for inputs without a newline; the error is shifted
/// back by that first line, so it must equal the others).
enum ValidationPaths {
    struct Outcome: CustomStringConvertible {
        var name: String
        var error: JSONSyntaxError?
        /// Whether only the verdict is known (the fast pass reports a placeholder error).
        var verdictOnly = false

        var description: String {
            "\(name): "
                + (error.map { "\($0.location.line):\($0.location.column) [\($0.kind)] \($0.reason) at \($0.path)" }
                    ?? "valid")
        }
    }

    /// The first line put before the input for the JSON Lines path.
    static let linesPrefix: [UInt8] = Array("[]\n".utf8)

    static func all(_ bytes: [UInt8], options: JSONParseOptions = .strict, everySplit: Bool = true) -> [Outcome] {
        var outcomes: [Outcome] = []
        outcomes.append(Outcome(name: "stream parser, whole", error: parse(bytes, chunks: [], options: options).error))
        if everySplit {
            for split in 0...bytes.count {
                outcomes.append(
                    Outcome(
                        name: "stream parser, split at \(split)",
                        error: parse(bytes, chunks: [split, bytes.count], options: options).error))
            }
        }
        outcomes.append(
            Outcome(name: "stream parser, one-byte chunks", error: parse(bytes, chunks: [1], options: options).error))
        let tree: JSONSyntaxError?
        do throws(JSONSyntaxError) {
            _ = try JSONValue.parse(bytes, options: options)
            tree = nil
        } catch { tree = error }
        outcomes.append(Outcome(name: "tree builder", error: tree))
        outcomes.append(
            Outcome(name: "validator, buffer", error: JSONValidator(options: options).validate(bytes).errors.first))
        for chunkSize in [256 * 1024, 3] {
            outcomes.append(
                Outcome(
                    name: "validator, file, exact chunks of \(chunkSize)",
                    error: validateFile(bytes, validator: JSONValidator(options: options, chunkSize: chunkSize))))
            outcomes.append(
                Outcome(
                    name: "validator, pipe, chunks of \(chunkSize)",
                    error: validatePipe(bytes, validator: JSONValidator(options: options, chunkSize: chunkSize))))
        }
        var fast = ValidationRun(options: options, maxErrors: 1, fast: true)
        bytes.withUnsafeBytes { fast.feed($0) }
        outcomes.append(Outcome(name: "fast pass alone", error: fast.finish().errors.first, verdictOnly: true))
        if !bytes.contains(0x0A) {
            var lines = options
            lines.framing = .lines
            let report = JSONValidator(options: lines).validate(linesPrefix + bytes)
            let shifted = report.errors.first.map { error -> JSONSyntaxError in
                var copy = error
                copy.location.line -= 1
                copy.location.offset -= linesPrefix.count
                return copy
            }
            outcomes.append(Outcome(name: "JSON Lines, second line", error: shifted))
        }
        return outcomes
    }

    /// The outcomes that differ from the expected error (or from "valid" when `expected` is nil).
    static func disagreements(
        _ bytes: [UInt8], options: JSONParseOptions = .strict, everySplit: Bool = true,
        expected: (kind: JSONSyntaxError.Kind, offset: Int, line: Int, column: Int, reason: String, path: String)?
    ) -> [Outcome] {
        all(bytes, options: options, everySplit: everySplit).filter { outcome in
            guard let expected else { return outcome.error != nil }
            guard let error = outcome.error else { return true }
            if outcome.verdictOnly { return false }
            return error.kind != expected.kind
                || error.location
                    != JSONSourceLocation(offset: expected.offset, line: expected.line, column: expected.column)
                || error.reason != expected.reason || error.path.description != expected.path
        }
    }

    static func validateFile(_ bytes: [UInt8], validator: JSONValidator) -> JSONSyntaxError? {
        guard let report = validateFileReport(bytes, validator: validator) else {
            return JSONSyntaxError(
                kind: .emptyInput, reason: "test harness: the temporary file could not be written or read",
                location: JSONSourceLocation(offset: -1, line: 0, column: 0), path: .root,
                excerpt: JSONExcerpt(text: "", caretColumn: 0))
        }
        return report.errors.first
    }

    /// The whole report for the bytes written to a temporary file (nil if that fails).
    static func validateFileReport(_ bytes: [UInt8], validator: JSONValidator) -> JSONValidationReport? {
        let url = TemporaryDirectory.uniqueURL("wirejson-paths", extension: "json")
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            try Data(bytes).write(to: url)
            return try validator.validate(fileAt: url.path)
        } catch {
            return nil
        }
    }

    private static let ignoreBrokenPipe: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Writes the bytes into a pipe from another thread and validates the read end (the exact pass).
    static func validatePipe(_ bytes: [UInt8], validator: JSONValidator) -> JSONSyntaxError? {
        // A reader that stops at the first error closes its end early: the writer must get EPIPE, not a signal.
        _ = ignoreBrokenPipe
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { fatalError("pipe failed") }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        let writer = Thread {
            bytes.withUnsafeBytes { buffer in
                var done = 0
                while done < buffer.count {
                    let n = write(writeEnd, buffer.baseAddress! + done, buffer.count - done)
                    if n <= 0 { break }
                    done += n
                }
            }
            close(writeEnd)
        }
        writer.start()
        defer { close(readEnd) }
        do {
            return try validator.validate(fileDescriptor: readEnd, path: "<pipe>").errors.first
        } catch {
            return JSONSyntaxError(
                kind: .emptyInput, reason: "test harness: \(error)",
                location: JSONSourceLocation(offset: -1, line: 0, column: 0), path: .root,
                excerpt: JSONExcerpt(text: "", caretColumn: 0))
        }
    }
}
