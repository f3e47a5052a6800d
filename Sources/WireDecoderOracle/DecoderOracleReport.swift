import Foundation
import WireOracle
import WireSupport

/// One input on which `JSONDecoder` and `WireJSONDecoder` disagree.
public struct DecoderMismatch: Hashable, Sendable, CustomStringConvertible {
    /// The input's position in the run.
    public var index: Int
    /// Where the input came from (`template string-int-dictionary #12`, `mutant 7 of movies-success.json`).
    public var origin: String
    /// The name of the target that decoded it (a template's name, `any-json`, a model's name).
    public var target: String
    /// The pair: the type decoded and its strategies.
    public var pair: String
    /// The strategies' name.
    public var strategies: String
    /// The input's bytes.
    public var input: [UInt8]
    /// The input's bytes in lowercase hex, as a regression case stores them (`inputHex`).
    public var inputHex: String { Text.hex(input) }
    /// Both outcomes and the verdict.
    public var check: DecoderCheck

    /// Creates a mismatch record.
    public init(
        index: Int, origin: String, target: String, pair: String, strategies: String, input: [UInt8],
        check: DecoderCheck
    ) {
        self.index = index
        self.origin = origin
        self.target = target
        self.pair = pair
        self.strategies = strategies
        self.input = input
        self.check = check
    }

    /// Why the verdict is a mismatch.
    public var reason: String {
        if case .mismatch(let reason) = check.verdict { return reason }
        return "not a mismatch"
    }

    /// Several lines: the pair, the input (quoted when UTF-8, else its bytes in hex), both outcomes.
    public var description: String {
        """
        #\(index) \(pair) [strategies: \(strategies)] from \(origin): \(reason)
          input:        \(DecoderMismatch.render(input))
          JSONDecoder:  \(check.legacy)
          candidate:    \(check.candidate)
        """
    }

    /// Bytes as a quoted string when they are UTF-8 and at most 2000 long, else in hex (the first 2000).
    public static func render(_ bytes: [UInt8]) -> String {
        let quoted = OracleText.quotedUTF8(bytes)
        if bytes.count <= 2000, quoted.hasPrefix("\"") { return quoted }
        return
            "\(bytes.count) bytes [hex \(OracleText.hex(Array(bytes.prefix(2000))))\(bytes.count > 2000 ? " …" : "")]"
    }
}

/// The counts of a decoder oracle run and its first mismatches.
public struct DecoderOracleReport: Hashable, Sendable, CustomStringConvertible {
    /// Inputs read.
    public var inputs = 0
    /// Decodes compared (an input is decoded by every pair of its target).
    public var compared = 0
    /// Decodes where both sides gave the same value.
    public var valuesEqual = 0
    /// Decodes where both threw the same error, by case.
    public var errorsEqual: [DecodingErrorSummary.Case: Int] = [:]
    /// Of those, the ones equal under the dictionary rule.
    public var hashOrderEqual = 0
    /// Of the equal values, the ones equal under the dictionary rule (``DecoderVerdict/sameValueInHashOrder``).
    public var hashOrderValues = 0
    /// Decodes that disagreed.
    public var mismatched = 0
    /// The first mismatches by input index.
    public var mismatches: [DecoderMismatch] = []

    /// An empty report.
    public init() {}

    /// Whether no decode disagreed.
    public var isClean: Bool { mismatched == 0 }

    /// All equal errors, whatever their case.
    public var errorsEqualTotal: Int { errorsEqual.values.reduce(0, +) }

    /// Adds a verdict to the counts.
    mutating func count(_ verdict: DecoderVerdict) {
        compared += 1
        switch verdict {
        case .sameValue: valuesEqual += 1
        case .sameValueInHashOrder:
            valuesEqual += 1
            hashOrderValues += 1
        case .sameError(let errorCase): errorsEqual[errorCase, default: 0] += 1
        case .sameErrorInHashOrder(let errorCase):
            errorsEqual[errorCase, default: 0] += 1
            hashOrderEqual += 1
        case .mismatch: mismatched += 1
        }
    }

    /// Adds another report's counts and mismatches, keeping the first `limit` by index.
    mutating func merge(_ other: DecoderOracleReport, limit: Int) {
        inputs += other.inputs
        compared += other.compared
        valuesEqual += other.valuesEqual
        for (errorCase, n) in other.errorsEqual { errorsEqual[errorCase, default: 0] += n }
        hashOrderEqual += other.hashOrderEqual
        hashOrderValues += other.hashOrderValues
        mismatched += other.mismatched
        guard !other.mismatches.isEmpty else { return }
        mismatches += other.mismatches
        mismatches.sort { $0.index < $1.index }
        if mismatches.count > limit { mismatches.removeLast(mismatches.count - limit) }
    }

    /// `errors equal: typeMismatch 10, keyNotFound 3` in the order of the cases.
    public var errorsByCase: String {
        let parts = DecodingErrorSummary.Case.allCases.compactMap { errorCase in
            errorsEqual[errorCase].map { "\(errorCase.rawValue) \($0)" }
        }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }

    /// The summary, then each kept mismatch.
    public var description: String {
        var lines = [
            "\(inputs) inputs, \(compared) decodes compared: \(valuesEqual) values equal "
                + "(\(hashOrderValues) by the dictionary rule), \(errorsEqualTotal) errors equal "
                + "(\(errorsByCase); \(hashOrderEqual) by the dictionary rule), \(mismatched) mismatches"
        ]
        lines += mismatches.map(\.description)
        if mismatched > mismatches.count {
            lines.append("(\(mismatched - mismatches.count) more mismatches not shown)")
        }
        return lines.joined(separator: "\n")
    }
}
