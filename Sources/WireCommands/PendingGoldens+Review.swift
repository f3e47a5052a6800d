import Foundation
import WireDecoder
import WireGolden
import WireJSON
import WireReaders

extension PendingGoldens {
    /// What accepting a pending file would change, as values for a tool to render: the path-level
    /// differences and a compact line diff of the two canonical documents.
    package struct Review: Sendable {
        /// The pending file and its golden.
        package var pending: Pending
        /// Whether there is no golden yet (the pending file would create it).
        package var isNewGolden: Bool
        /// The path-level differences, golden → pending (empty for a new golden).
        package var differences: [JSONDifference]
        /// The unified line diff of the canonical golden text and the pending text; for a new golden,
        /// every line of the pending document as an insertion.
        package var lineDiff: String
        /// Why the pair cannot be compared (a file that cannot be read or is not valid JSON, with its
        /// line and column), or nil. A pending file with a problem is never accepted.
        package var problem: String?

        /// The differences as lines, each as its golden's kind words it (a decoded golden's dates
        /// with both instants, Δ seconds and ulps).
        package var differenceLines: [String] {
            differences.map(GoldenKind.of(fileName: pending.goldenURL.lastPathComponent).describe)
        }

        /// One line for listings: `3 differences`, `new golden`, `same as the golden`, or the problem.
        package var summary: String {
            if let problem { return "cannot be compared: \(problem)" }
            if isNewGolden { return "new golden" }
            if differences.isEmpty { return "same content as the golden" }
            return differences.count == 1 ? "1 difference" : "\(differences.count) differences"
        }
    }

    /// Compares a pending file with its golden.
    /// - Parameters:
    ///   - pending: the pair, from ``list(in:)`` or ``pending(for:)``.
    ///   - root: paths in the line diff's header are shown relative to it.
    ///   - maxDiffLines: the line diff is cut after this many lines, with a count of the rest.
    /// - Returns: the review; read problems are in ``Review/problem``, never thrown.
    ///
    /// ```swift
    /// let review = PendingGoldens.review(pending, root: packageRoot)
    /// print(review.summary)          // "2 differences"
    /// review.differences.forEach { print($0) }
    /// print(review.lineDiff)
    /// ```
    package static func review(_ pending: Pending, root: URL? = nil, maxDiffLines: Int = 80) -> Review {
        let goldenName = GoldenFiles.display(pending.goldenURL, root: root)
        let pendingName = GoldenFiles.display(pending.pendingURL, root: root)
        var review = Review(pending: pending, isNewGolden: false, differences: [], lineDiff: "", problem: nil)

        guard let newData = FileManager.default.contents(atPath: pending.pendingURL.path) else {
            review.problem = "cannot read \(pendingName)"
            return review
        }
        let new: JSONValue
        do {
            new = try JSONValue.parse(newData)
        } catch {
            review.problem = JSONDiagnostic(error, file: pendingName).headline
            return review
        }
        // A reader contract is compared in its own layout (one line per path), so the line diff
        // names each changed path once.
        let isContract = GoldenCatalog.readerContractName(forRelativePath: pending.goldenURL.lastPathComponent) != nil
        func text(_ value: JSONValue, _ data: Data) -> String {
            if isContract, let contract = try? ReaderContract(parsing: [UInt8](data), file: "") { return contract.text }
            return String(decoding: CanonicalJSONWriter.bytes(value), as: UTF8.self)
        }
        let newText = text(new, newData)

        guard let oldData = FileManager.default.contents(atPath: pending.goldenURL.path) else {
            review.isNewGolden = true
            review.lineDiff = LineDiff.unified(
                old: "", new: newText, oldName: "/dev/null", newName: pendingName, maxLines: maxDiffLines)
            return review
        }
        let old: JSONValue
        do {
            old = try JSONValue.parse(oldData)
        } catch {
            review.problem = JSONDiagnostic(error, file: goldenName).headline
            return review
        }
        review.differences = JSONDiff.differences(expected: old, actual: new)
        review.lineDiff = LineDiff.unified(
            old: text(old, oldData), new: newText,
            oldName: goldenName, newName: pendingName, maxLines: maxDiffLines)
        return review
    }
}
