import WireGolden
import WireReaders
import WireShapeTools

extension ReaderScope {
    /// The reports with only the changes that touch a read path (one every reader copes with is
    /// kept, non-breaking, saying so), and how many were left out.
    package static func keepingReadChanges(_ reports: [WireFormatReport], reads contracts: [ReaderContract]) -> (
        reports: [WireFormatReport], omitted: Int
    ) {
        var omitted = 0
        let kept = reports.map { report in
            var scoped = report
            scoped.changes = report.changes.compactMap { change in
                guard touchesReads(change.path, contracts) else {
                    omitted += 1
                    return nil
                }
                guard change.isBreaking, copes(with: change, contracts) else { return change }
                var judged = change
                judged.breaks = []
                // The rule's own verdict ("old non-optional readers reject it") is not this
                // client's: keep what changed, say why it breaks nothing here.
                let what = judged.detail.split(separator: ";", maxSplits: 1).first.map(String.init) ?? judged.detail
                judged.detail = what + "; every reader of it here copes (it may be absent or null there)"
                return judged
            }
            return scoped
        }
        return (kept, omitted)
    }
}
