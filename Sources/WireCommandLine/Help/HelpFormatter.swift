/// Renders `--help` pages, usage lines and usage errors from a command's declarations.
package enum HelpFormatter {
    /// Lines are wrapped to this many columns.
    package static let width = 80
    /// Help text in the option and subcommand lists starts at this column (0-based).
    package static let labelColumn = 26

    /// The full help page of a command.
    /// - Parameters:
    ///   - path: the command words from the tool's name down to this command.
    ///   - epilogue: further sections at the end, each already laid out (a tool's own facts, such
    ///     as the models a runner has registered).
    package static func help(for configuration: CommandConfiguration, path: [String], epilogue: [String] = []) -> String
    {
        var sections: [String] = []
        sections.append(wrap("OVERVIEW: " + configuration.abstract, indent: ""))
        if !configuration.discussion.isEmpty {
            sections.append(
                configuration.discussion.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { wrap(String($0), indent: "") }
                    .joined(separator: "\n"))
        }
        sections.append(usage(for: configuration, path: path, prefix: "USAGE: "))

        if !configuration.arguments.isEmpty {
            sections.append(
                "ARGUMENTS:\n"
                    + configuration.arguments
                    .map { entry(label: "<" + $0.name + ">", help: $0.help) }
                    .joined(separator: "\n"))
        }
        sections.append(
            "OPTIONS:\n"
                + configuration.allOptions
                .map { entry(label: $0.helpLabel, help: $0.fullHelp) }
                .joined(separator: "\n"))
        if !configuration.subcommands.isEmpty {
            let list = configuration.visibleSubcommands
                .map { entry(label: $0.configuration.commandName, help: $0.configuration.abstract) }
                .joined(separator: "\n")
            sections.append(
                "SUBCOMMANDS:\n" + list
                    + "\n\n  See '\(path.joined(separator: " ")) help <subcommand>' for detailed help.")
        }
        sections += epilogue
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The usage line(s): `USAGE: wirelock validate [--format <format>] ... <path> ...`, wrapped
    /// with continuation lines aligned after the command name.
    package static func usage(for configuration: CommandConfiguration, path: [String], prefix: String) -> String {
        let head = prefix + path.joined(separator: " ")
        var tokens: [String] = []
        if configuration.subcommands.isEmpty {
            tokens += configuration.options.map(\.usageToken)
            tokens += configuration.arguments.map(\.usageSpelling)
        } else {
            tokens.append("<subcommand>")
        }
        let continuation = String(repeating: " ", count: min(head.count + 1, 40))
        var lines: [String] = []
        var line = head
        for token in tokens {
            if line.count + 1 + token.count > width && line != head && line != continuation {
                lines.append(line)
                line = continuation + token
            } else {
                line += (line == continuation ? "" : " ") + token
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// The text printed on standard error for a usage error.
    package static func usageError(_ error: UsageError, configuration: CommandConfiguration, path: [String]) -> String {
        let toolName = path.first ?? configuration.commandName
        return "\(toolName): error: \(error.message)\n"
            + usage(for: configuration, path: path, prefix: "Usage: ") + "\n"
            + "See '\(path.joined(separator: " ")) --help' for more information.\n"
    }

    /// One `  label      help text` entry, the help wrapped and aligned at ``labelColumn``.
    package static func entry(label: String, help: String) -> String {
        let indent = String(repeating: " ", count: labelColumn)
        let lead = "  " + label
        let wrapped = wrap(help, indent: indent, width: width)
        if lead.count + 2 <= labelColumn {
            return lead + String(repeating: " ", count: labelColumn - lead.count) + wrapped.dropFirst(labelColumn)
        }
        return lead + "\n" + wrapped
    }

    /// Wraps text at word boundaries; every line starts with `indent`.
    package static func wrap(_ text: String, indent: String, width: Int = HelpFormatter.width) -> String {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.count > indent.count && line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
