import WireCommandLine
import WireSupport

/// Draws `label: 123456/1000000 (12%)` on standard error while an oracle runs, rewriting one line
/// in place; draws nothing unless standard error is a terminal, so logs and pipes stay clean.
///
/// The tick runs inside the oracle's corpus lock (one thread at a time), so the sink is never
/// written from two threads at once.
final class OracleProgress {
    private let diagnostics: OutputSink
    private let enabled: Bool
    private var drawn = false

    /// Inputs between two redraws.
    static let stride = 8192

    init(diagnostics: OutputSink, enabled: Bool) {
        self.diagnostics = diagnostics
        self.enabled = enabled
    }

    /// `corpus`, counted as it is read; `total` is nil when unknown (a file).
    func counting<Corpus: Sequence>(_ corpus: Corpus, _ label: String, total: Int?) -> CountingSequence<Corpus> {
        guard enabled else { return CountingSequence(base: corpus, stride: Int.max, tick: { _ in }) }
        return CountingSequence(base: corpus, stride: Self.stride) { [self] count in
            var line = "\r\(label): \(count)"
            if let total, total > 0 { line += "/\(total) (\(count * 100 / total)%)" }
            diagnostics.write(line + "\u{1B}[K")
            diagnostics.flush()
            drawn = true
        }
    }

    /// Erases the progress line, if one was drawn.
    func clear() {
        guard drawn else { return }
        diagnostics.write("\r\u{1B}[K")
        diagnostics.flush()
        drawn = false
    }
}
