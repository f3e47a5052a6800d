// One call-site convention for every assertion a test writes (issue 34): the caller's place is
// taken as `fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
// column: UInt = #column`, the way Swift Testing's own `#expect` records it and XCTest can use it.
// `assertOracle` once took `sourceLocation: SourceLocation = #_sourceLocation, file:, line:`.

/// The parameters every public assertion ends with, written exactly so.
let callSiteParameters =
    "fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column"

/// A public assertion that takes its call site some other way.
struct CallSiteViolation: Equatable, CustomStringConvertible {
    var file: String
    var line: Int
    var function: String

    var description: String {
        "\(file):\(line): \(function) does not end with `\(callSiteParameters)`"
    }
}

/// The public `assert…` and `with…` functions of `source` (top level, or in an extension) whose
/// parameter list lacks ``callSiteParameters`` or takes a `SourceLocation`. A declaration is read
/// from `public func` to the `{` that opens its body.
func callSiteViolations(in source: String, file: String) -> [CallSiteViolation] {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    var found: [CallSiteViolation] = []
    var index = 0
    while index < lines.count {
        let trimmed = lines[index].drop { $0 == " " }
        guard trimmed.hasPrefix("public func assert") || trimmed.hasPrefix("public func with") else {
            index += 1
            continue
        }
        let start = index
        var declaration = ""
        while index < lines.count {
            declaration += lines[index].drop { $0 == " " } + " "
            if lines[index].hasSuffix("{") { break }
            index += 1
        }
        index += 1
        let name = String(trimmed.dropFirst("public func ".count).prefix { $0.isLetter || $0.isNumber })
        let flat = declaration.replacingOccurrences(of: "  ", with: " ")
        if !flat.contains(callSiteParameters) || flat.contains("SourceLocation") {
            found.append(CallSiteViolation(file: file, line: start + 1, function: name))
        }
    }
    return found
}
