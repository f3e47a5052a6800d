/// Everything a command declares about itself: its name, what it does, its options, arguments and
/// subcommands. Parsing, usage lines and `--help` are all generated from this one declaration.
///
/// A command writes the name, help text and subcommands (``ParsableCommand/about``); its options and
/// arguments come from its properties (``Option``, ``Flag``, ``Argument``, ``OptionGroup``), and
/// ``ParsableCommand/configuration`` joins the two.
package struct CommandConfiguration {
    /// The word that selects the command (`validate`); the tool's name for the root command.
    package var commandName: String
    /// One line for the subcommand list and the top of `--help`.
    package var abstract: String
    /// Further paragraphs for `--help` (may be empty).
    package var discussion: String
    /// Set on the root command only: enables `--version`, which prints `<name> <version>`.
    package var version: String?
    /// The command's options and flags (`--help` is added automatically). Options listed in
    /// ``ParsableCommand/about`` come before the ones its properties declare.
    package var options: [OptionDefinition]
    /// The command's positional arguments, in order; only the last may repeat. Arguments listed in
    /// ``ParsableCommand/about`` come before the ones its properties declare.
    package var arguments: [ArgumentDefinition]
    /// Nested commands; a command with subcommands takes no options or arguments of its own.
    package var subcommands: [any ParsableCommand.Type]
    /// Left out of the parent's help (a command a tool runs itself, such as a worker process).
    package var isHidden: Bool

    package init(
        commandName: String, abstract: String, discussion: String = "", version: String? = nil,
        options: [OptionDefinition] = [], arguments: [ArgumentDefinition] = [],
        subcommands: [any ParsableCommand.Type] = [], isHidden: Bool = false
    ) {
        self.commandName = commandName
        self.abstract = abstract
        self.discussion = discussion
        self.version = version
        self.options = options
        self.arguments = arguments
        self.subcommands = subcommands
        self.isHidden = isHidden
    }

    /// The built-in `-h, --help` flag every command accepts.
    package static let helpFlag = OptionDefinition.flag("help", short: "h", help: "Show help information.")
    /// The built-in `--version` flag of a root command that declares a version.
    package static let versionFlag = OptionDefinition.flag("version", help: "Show the version.")

    /// The declared options plus the built-in ones, in help order.
    package var allOptions: [OptionDefinition] {
        options + (version == nil ? [] : [Self.versionFlag]) + [Self.helpFlag]
    }

    /// The declared option with this long name.
    package func option(named name: String) -> OptionDefinition? {
        options.first { $0.name == name }
    }

    /// The declared option with this one-letter alias.
    package func option(short: Character) -> OptionDefinition? {
        options.first { $0.short == short }
    }

    /// The subcommands listed in help.
    package var visibleSubcommands: [any ParsableCommand.Type] {
        subcommands.filter { !$0.configuration.isHidden }
    }

    /// The subcommand selected by this word.
    package func subcommand(named name: String) -> (any ParsableCommand.Type)? {
        subcommands.first { $0.configuration.commandName == name }
    }
}
