import WireCommandLine
import WireJSON
import WireSupport

/// The outcome of validating one readable input.
struct FileValidation: Hashable, Sendable {
    /// The name shown in output.
    var displayPath: String
    /// How the input was read.
    var framing: JSONParseOptions.Framing
    /// The validator's findings.
    var report: JSONValidationReport
}

/// Counts for the summary line and the exit code.
struct ValidationTally: Hashable, Sendable {
    var valid = 0
    var invalid = 0
    var unreadable = 0

    /// Every path counted, readable or not.
    var files: Int { valid + invalid + unreadable }

    /// Adds one validated file.
    mutating func add(_ report: JSONValidationReport) {
        if report.isValid { valid += 1 } else { invalid += 1 }
    }

    /// 2 when anything was unreadable, else 1 when anything was invalid, else 0.
    var exitCode: ExitCode {
        if unreadable > 0 { return .failure }
        if invalid > 0 { return .findings }
        return .success
    }
}
