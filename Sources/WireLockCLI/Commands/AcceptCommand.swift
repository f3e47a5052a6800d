import Foundation
import WireCommandLine
import WireCommands
import WireGolden
import WireSupport
import WireToolSupport

/// `wirelock accept [PATH…]`: shows each pending golden's diff and promotes it over its golden.
struct AcceptCommand: ParsableCommand {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "accept",
            abstract: "Review pending goldens (name.actual.json) and promote them over their goldens.",
            discussion: """
                A golden assertion that fails leaves the actual document beside the golden as \
                name.actual.json. For each one this shows the path-level differences, then a line diff \
                of the canonical text, and replaces the golden with it atomically (the pending file is \
                then deleted). On a terminal it asks per file: y accepts, n rejects (deletes the pending \
                file), s skips, q stops. Without a terminal on standard input, or with --yes, it accepts \
                everything it shows.

                Exit status: 0 when done (or nothing is pending), 1 when a pending file is not valid JSON \
                (it is left as it is), 2 for a usage error, a path that does not exist, or a golden that \
                cannot be written (the old golden is then intact).
                """)
    }

    @Flag(help: "Only list the pending files, each with a one-line summary of its change; change nothing.")
    var list: Bool
    @Flag(
        short: "y",
        help: "Accept every pending file without asking (the default when standard input is not a terminal).")
    var yes: Bool
    /// `--exclude`: left out of the directories searched.
    @Option(CommonOptions.exclude) var excludes: [GlobPattern]
    @Argument(PendingGoldenSelection.paths) var paths: [String]

    mutating func validate() throws(UsageError) {
        if list && yes { throw UsageError("--list changes nothing; it cannot be combined with --yes") }
    }

    /// An answer to the per-file question.
    enum Decision: Equatable {
        case accept, reject, skip, quit

        /// Reads `y`/`yes`, `n`/`no`, `s`/`skip`, `q`/`quit` (any case); nil for anything else.
        init?(answer: String) {
            switch answer.trimmingCharacters(in: .whitespaces).lowercased() {
            case "y", "yes", "a", "accept": self = .accept
            case "n", "no", "r", "reject": self = .reject
            case "s", "skip": self = .skip
            case "q", "quit": self = .quit
            default: return nil
            }
        }
    }

    func run(in context: CommandContext) -> ExitCode {
        let selection: PendingGoldenSelection.Selection
        switch PendingGoldenSelection.select(paths, excludes: excludes, in: context) {
        case .selected(let selected): selection = selected
        case .done(let status): return status
        }
        let root = PendingGoldenSelection.currentDirectory
        let style = context.outputStyle

        if list {
            // A pending file (or golden) that cannot be compared would not be accepted either: it
            // is named, with its line and column, and the status is 1, as for a review.
            var status = ExitCode.success
            for pending in selection.pending {
                let review = PendingGoldens.review(pending, root: root)
                context.output.write(
                    "\(PendingGoldenSelection.display(pending.pendingURL)): "
                        + "\(PendingGoldenSelection.escapingNames(in: review.summary, of: pending))\n")
                if let problem = review.problem {
                    context.reportError(PendingGoldenSelection.escapingNames(in: problem, of: pending))
                    status = status.combined(with: .findings)
                }
            }
            context.output.write(
                "\(Text.pluralized(selection.pending.count, "pending golden")); `wirelock accept` reviews them\n")
            return status
        }

        let ask = context.input.isTerminal && !yes
        var status = ExitCode.success
        var counts = (accepted: 0, rejected: 0, skipped: 0)
        for (index, pending) in selection.pending.enumerated() {
            let review = PendingGoldens.review(pending, root: root)
            let golden = PendingGoldenSelection.display(pending.goldenURL)
            if index > 0 { context.output.write("\n") }
            context.output.write(PendingGoldenSelection.render(review, style: style))
            if let problem = review.problem {
                context.reportError(
                    "\(PendingGoldenSelection.escapingNames(in: problem, of: pending)); \(golden) not accepted")
                status = status.combined(with: .findings)
                counts.skipped += 1
                continue
            }
            let decision = ask ? Self.askDecision(for: golden, context: context) : .accept
            switch decision {
            case .accept:
                do {
                    try PendingGoldens.accept(pending)
                    counts.accepted += 1
                    context.output.write(style.success("accepted \(golden)") + "\n")
                } catch let failure as WireLockFailure {
                    context.reportError(PendingGoldenSelection.escapingNames(in: failure.message, of: pending))
                    status = status.combined(with: .findings)
                    counts.skipped += 1
                } catch {
                    context.reportError("cannot write \(golden): \(Self.reason(error)); the golden is unchanged")
                    status = status.combined(with: .failure)
                    counts.skipped += 1
                }
            case .reject:
                do {
                    try PendingGoldens.reject(pending)
                    counts.rejected += 1
                    context.output.write(
                        "rejected \(golden) (deleted \(PendingGoldenSelection.display(pending.pendingURL)))\n")
                } catch {
                    context.reportError(
                        "cannot delete \(PendingGoldenSelection.display(pending.pendingURL)): \(Self.reason(error))")
                    status = status.combined(with: .failure)
                    counts.skipped += 1
                }
            case .skip:
                counts.skipped += 1
                context.output.write("skipped \(golden)\n")
            case .quit:
                counts.skipped += selection.pending.count - index
                context.output.write(
                    "stopped: \(Text.pluralized(selection.pending.count - index, "pending golden")) not reviewed\n")
            }
            if decision == .quit { break }
        }
        context.output.write("\naccepted \(counts.accepted), rejected \(counts.rejected), skipped \(counts.skipped)\n")
        return status
    }

    /// Asks until the answer is understood; the end of input counts as quit.
    static func askDecision(for golden: String, context: CommandContext) -> Decision {
        while true {
            context.output.write("accept \(golden)? [y]es, [n]o (reject), [s]kip, [q]uit: ")
            context.output.flush()
            guard let answer = context.input.readLine() else {
                context.output.write("\n")
                return .quit
            }
            if let decision = Decision(answer: answer) { return decision }
            context.output.write("please answer y, n, s or q\n")
        }
    }

    /// The system's reason behind a file error, without Foundation's framing.
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        switch nsError.userInfo[NSUnderlyingErrorKey] {
        case let posix as POSIXError:
            return String(cString: strerror(posix.code.rawValue))
        case let underlying as NSError where underlying.domain == NSPOSIXErrorDomain:
            return String(cString: strerror(Int32(underlying.code)))
        default:
            return nsError.localizedDescription
        }
    }
}
