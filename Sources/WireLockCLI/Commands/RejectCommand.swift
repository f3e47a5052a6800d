import Foundation
import WireCommandLine
import WireCommands
import WireGolden
import WireSupport
import WireToolSupport

/// `wirelock reject [PATH…]`: deletes pending goldens, leaving their goldens as they are.
struct RejectCommand: ParsableCommand {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "reject",
            abstract: "Delete pending goldens (name.actual.json); the goldens stay as they are.",
            discussion: """
                Lists each pending file it deletes. Use it when a failing golden test showed a change \
                you do not want: fix the code, delete the pending file, re-run the tests.

                Exit status: 0 when done (or nothing is pending), 2 for a usage error, a path that does \
                not exist, or a file that cannot be deleted.
                """)
    }

    /// `--exclude`: left out of the directories searched.
    @Option(CommonOptions.exclude) var excludes: [GlobPattern]
    @Argument(PendingGoldenSelection.paths) var paths: [String]

    func run(in context: CommandContext) -> ExitCode {
        let selection: PendingGoldenSelection.Selection
        switch PendingGoldenSelection.select(paths, excludes: excludes, in: context) {
        case .selected(let selected): selection = selected
        case .done(let status): return status
        }
        var status = ExitCode.success
        var deleted = 0
        for pending in selection.pending {
            let name = PendingGoldenSelection.display(pending.pendingURL)
            do {
                try PendingGoldens.reject(pending)
                deleted += 1
                context.output.write("deleted \(name)\n")
            } catch {
                context.reportError("cannot delete \(name): \(AcceptCommand.reason(error))")
                status = .failure
            }
        }
        context.output.write("rejected \(Text.pluralized(deleted, "pending golden")); the goldens are unchanged\n")
        return status
    }
}
