/// Everything a command declares about itself: its name, what it does, its options, arguments and
/// subcommands. Parsing, usage lines and `--help` are all generated from this one declaration.
struct CommandConfiguration {
    /// The word that selects the command (`validate`); the tool's name for the root command.
    var commandName: String
    /// One line for the subcommand list and the top of `--help`.
    var abstract: String
    /// Further paragraphs for `--help` (may be empty).
    var discussion: String
    /// Set on the root command only: enables `--version`, which prints `<name> <version>`.
    var version: String?
    /// The command's options and flags (`--help` is added automatically).
    var options: [OptionDefinition]
    /// The command's positional arguments, in order; only the last may repeat.
    var arguments: [ArgumentDefinition]
    /// Nested commands; a command with subcommands takes no options or arguments of its own.
    var subcommands: [any ParsableCommand.Type]

    init(commandName: String, abstract: String, discussion: String = "", version: String? = nil,
         options: [OptionDefinition] = [], arguments: [ArgumentDefinition] = [],
         subcommands: [any ParsableCommand.Type] = []) {
        self.commandName = commandName
        self.abstract = abstract
        self.discussion = discussion
        self.version = version
        self.options = options
        self.arguments = arguments
        self.subcommands = subcommands
    }

    /// The built-in `-h, --help` flag every command accepts.
    static let helpFlag = OptionDefinition.flag("help", short: "h", help: "Show help information.")
    /// The built-in `--version` flag of a root command that declares a version.
    static let versionFlag = OptionDefinition.flag("version", help: "Show the version.")

    /// The declared options plus the built-in ones, in help order.
    var allOptions: [OptionDefinition] {
        options + (version == nil ? [] : [Self.versionFlag]) + [Self.helpFlag]
    }

    /// The declared option with this long name.
    func option(named name: String) -> OptionDefinition? {
        options.first { $0.name == name }
    }

    /// The declared option with this one-letter alias.
    func option(short: Character) -> OptionDefinition? {
        options.first { $0.short == short }
    }

    /// The subcommand selected by this word.
    func subcommand(named name: String) -> (any ParsableCommand.Type)? {
        subcommands.first { $0.configuration.commandName == name }
    }
}
