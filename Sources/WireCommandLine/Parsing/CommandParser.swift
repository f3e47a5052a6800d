/// What the command line asks for, decided before any work starts.
package struct Invocation {
    /// The request.
    package enum Action {
        /// Run this command, fully parsed and validated.
        case run(any ParsableCommand)
        /// Print the help of the command at ``Invocation/commandPath`` on standard output; exit 0.
        case showHelp
        /// Print `<name> <version>` on standard output; exit 0.
        case showVersion(String)
        /// Print the error and the usage on standard error; exit 2.
        case usageError(UsageError)
    }

    package var action: Action
    /// The command words that were recognised, starting with the tool's name: `["wirelock", "validate"]`.
    package var commandPath: [String]
    /// The declarations of the last recognised command (for help and usage text).
    package var configuration: CommandConfiguration
}

/// Walks a command tree: picks the subcommand named by each leading word, then parses the rest of the
/// words against the chosen command's declarations. Pure: no I/O, so every outcome is unit-testable.
///
/// - `tool --help`, `tool -h`, `tool help` and `tool help <subcommand> ...` ask for help;
/// - `tool <subcommand> ... --help` asks for that subcommand's help (unless after `--`);
/// - `tool --version` prints the version when the root declares one.
package enum CommandParser {
    /// Decides what `arguments` (the words after the tool's own name) ask for.
    /// - Parameters:
    ///   - raw: the exact bytes of each word (`argv`), when known; see ``ArgumentParser``.
    ///   - toolName: the tool's name in the command path, help and errors, when it is not the root
    ///     command's own (a runner an app names itself).
    package static func parse(
        _ arguments: [String], raw: [[UInt8]]? = nil, root: any ParsableCommand.Type,
        toolName: String? = nil
    ) -> Invocation {
        var command = root
        var path = [toolName ?? root.configuration.commandName]
        var rest = arguments[...]

        func outcome(_ action: Invocation.Action) -> Invocation {
            Invocation(action: action, commandPath: path, configuration: command.configuration)
        }

        while !command.configuration.subcommands.isEmpty {
            let configuration = command.configuration
            guard let word = rest.first else {
                return outcome(.usageError(UsageError("missing subcommand")))
            }
            rest = rest.dropFirst()
            if word == "--help" || word == "-h" {
                return outcome(.showHelp)
            }
            if word == "--version", let version = configuration.version {
                return outcome(.showVersion("\(path[0]) \(version)"))
            }
            if word == "help" && configuration.subcommand(named: "help") == nil {
                for name in rest {
                    guard let subcommand = command.configuration.subcommand(named: name) else {
                        return outcome(.usageError(UsageError("unknown subcommand '\(name)'")))
                    }
                    command = subcommand
                    path.append(name)
                }
                return outcome(.showHelp)
            }
            if ArgumentParser.looksLikeOption(word) {
                return outcome(.usageError(.unknownOption(word)))
            }
            guard let subcommand = configuration.subcommand(named: word) else {
                return outcome(.usageError(UsageError("unknown subcommand '\(word)'")))
            }
            command = subcommand
            path.append(word)
        }

        let words = Array(rest)
        if words.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
            return outcome(.showHelp)
        }
        do throws(UsageError) {
            let rawWords = raw.flatMap {
                $0.count == arguments.count ? Array($0[rest.startIndex..<rest.endIndex]) : nil
            }
            let parsed = try ArgumentParser.parse(words, raw: rawWords, for: command.configuration)
            return outcome(.run(try command.parse(from: parsed)))
        } catch {
            return outcome(.usageError(error))
        }
    }
}
