import WireJSON

/// One input a command works on: a file found on the command line or in a directory, or standard input.
struct InputFile: Hashable, Sendable {
    /// The path as given or as found in a directory (`-` for standard input).
    var path: String
    /// One document, or one per line (chosen from the file name).
    var framing: JSONParseOptions.Framing

    /// Standard input, named `-` on the command line.
    static let standardInputPath = "-"

    /// Whether this is standard input.
    var isStandardInput: Bool { path == Self.standardInputPath }

    /// The name shown in output: the path, or `<stdin>`.
    var displayPath: String { isStandardInput ? "<stdin>" : path }

    /// Creates an input, choosing the framing from the file name.
    init(path: String) {
        self.path = path
        framing = InputFile.framing(forPath: path)
    }

    /// Creates an input with an explicit framing.
    init(path: String, framing: JSONParseOptions.Framing) {
        self.path = path
        self.framing = framing
    }

    /// File name endings that mean JSON Lines.
    static let lineExtensions = ["jsonl", "ndjson"]

    /// File name endings collected from directories: JSON and JSON Lines.
    static let collectedExtensions: Set<String> = ["json", "jsonl", "ndjson"]

    /// `.lines` for `.jsonl` and `.ndjson` files (any case), else `.document`.
    static func framing(forPath path: String) -> JSONParseOptions.Framing {
        lineExtensions.contains(fileExtension(of: path)) ? .lines : .document
    }

    /// The lowercased text after the last dot of the last path component (`""` when none).
    static func fileExtension(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
