import WireJSON

/// One input a command works on: a file found on the command line or in a directory, or standard input.
struct InputFile: Hashable, Sendable {
    /// The path as given or as found in a directory (`-` for standard input), as bytes.
    var path: RawPath
    /// One document, or one per line (chosen from the file name).
    var framing: JSONParseOptions.Framing

    /// Standard input, named `-` on the command line.
    static let standardInputPath = "-"

    /// Whether this is standard input.
    var isStandardInput: Bool { path.isStandardInput }

    /// The name shown in output: the path escaped by ``PathDisplay``, or `<stdin>`.
    var displayPath: String { isStandardInput ? "<stdin>" : path.displayed }

    /// Creates an input, choosing the framing from the file name.
    init(path: RawPath) {
        self.path = path
        framing = InputFile.framing(forExtension: path.fileExtension)
    }

    /// Creates an input with an explicit framing.
    init(path: RawPath, framing: JSONParseOptions.Framing) {
        self.path = path
        self.framing = framing
    }

    /// Creates an input from a path given as text, choosing the framing from the file name.
    init(path: String) {
        self.init(path: RawPath(path))
    }

    /// File name endings that mean JSON Lines.
    static let lineExtensions = ["jsonl", "ndjson"]

    /// File name endings collected from directories: JSON and JSON Lines.
    static let collectedExtensions: Set<String> = ["json", "jsonl", "ndjson"]

    /// `.lines` for `.jsonl` and `.ndjson` files (any case), else `.document`.
    static func framing(forPath path: String) -> JSONParseOptions.Framing {
        framing(forExtension: RawPath(path).fileExtension)
    }

    private static func framing(forExtension fileExtension: String) -> JSONParseOptions.Framing {
        lineExtensions.contains(fileExtension) ? .lines : .document
    }
}
