import WireCommandLine
import WireSupport

/// The `--out DIR` folder of a command that saves files (fuzz corpora, oracle mismatches).
enum OutputFolder {
    /// Makes `out` and its parents; false, with the error reported, when that fails or `out` is
    /// not a folder.
    static func prepare(_ out: RawPath, context: CommandContext) -> Bool {
        let made = FileSystem.makeDirectories(out)
        guard made == nil, FileSystem.isDirectory(out) else {
            context.reportError(
                "cannot use '\(out.displayed)' as the output folder: \(made?.error ?? SystemError.current)")
            return false
        }
        return true
    }
}
