import WireCommandLine
import WireSupport

/// Counts for `fmt`'s summary line and exit code.
struct FormatTally: Hashable, Sendable {
    /// Files rewritten (or, with `--check`, files that would be).
    var changed = 0
    /// Files already in canonical form.
    var unchanged = 0
    var invalid = 0
    /// Paths that could not be read.
    var unreadable = 0
    /// Files whose canonical form could not be written.
    var unwritable = 0
    /// Files not rewritten on purpose: read-only, hard-linked, or someone else's (see `--force`).
    var refused = 0

    var files: Int { changed + unchanged + invalid + unreadable + unwritable + refused }

    /// 2 for any I/O error or refused rewrite; else 1 for any invalid file, or with `--check` any
    /// file not canonical; else 0.
    func exitCode(check: Bool) -> ExitCode {
        if unreadable > 0 || unwritable > 0 || refused > 0 { return .failure }
        if invalid > 0 || (check && changed > 0) { return .findings }
        return .success
    }
}

/// Renders `fmt` results as text (pure).
struct FormatRenderer: Sendable {
    /// Colours (or none).
    var style: TerminalStyle
    /// Whether this is `fmt --check`.
    var check: Bool

    /// `formatted PATH`, or with `--check`, `PATH: not in canonical form`.
    func changed(_ path: String) -> String {
        check ? "\(path): not in canonical form\n" : "formatted \(path)\n"
    }

    /// `3 files: 1 formatted, 1 unchanged, 1 invalid`; with `--check`,
    /// `3 files: 1 canonical, 1 not canonical, 1 invalid`; `, 1 unreadable`, `, 1 unwritable` and
    /// `, 1 refused` when any were.
    func summary(_ tally: FormatTally) -> String {
        var text = "\(Text.pluralized(tally.files, "file")): "
        text +=
            check
            ? "\(tally.unchanged) canonical, \(tally.changed) not canonical, \(tally.invalid) invalid"
            : "\(tally.changed) formatted, \(tally.unchanged) unchanged, \(tally.invalid) invalid"
        if tally.unreadable > 0 { text += ", \(tally.unreadable) unreadable" }
        if tally.unwritable > 0 { text += ", \(tally.unwritable) unwritable" }
        if tally.refused > 0 { text += ", \(tally.refused) refused" }
        return style.bold(text) + "\n"
    }
}
