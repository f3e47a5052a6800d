import WireCommandLine
import WireJSON
import WireSupport
import WireToolSupport

/// One input a command works on: a file found on the command line or in a directory, or standard input.
package struct InputFile: Hashable, Sendable {
    /// The path as given or as found in a directory (`-` for standard input), as bytes.
    package var path: RawPath
    /// One document, or one per line (chosen from the file name).
    package var framing: JSONParseOptions.Framing

    /// Standard input, named `-` on the command line.
    package static let standardInputPath = "-"

    /// Whether this is standard input.
    package var isStandardInput: Bool { path.isStandardInput }

    /// The name shown in output: the path escaped by ``PathDisplay``, or `<stdin>`.
    package var displayPath: String { isStandardInput ? "<stdin>" : path.displayed }

    /// Creates an input, choosing the framing from the file name.
    package init(path: RawPath) {
        self.path = path
        framing = InputFile.framing(forExtension: path.fileExtension)
    }

    /// Creates an input with an explicit framing.
    package init(path: RawPath, framing: JSONParseOptions.Framing) {
        self.path = path
        self.framing = framing
    }

    /// Creates an input from a path given as text, choosing the framing from the file name.
    package init(path: String) {
        self.init(path: RawPath(path))
    }

    /// The whole input: the file's bytes, or everything on standard input.
    /// - Throws: `JSONInputError` naming the path as displayed, when it cannot be read.
    package func readAll() throws(JSONInputError) -> [UInt8] {
        isStandardInput
            ? try FileReader.readAll(from: 0, path: InputFile.standardInputPath)
            : try FileReader.readFile(at: path)
    }

    /// File name endings that mean JSON Lines.
    package static let lineExtensions = ["jsonl", "ndjson"]

    /// File name endings collected from directories: JSON and JSON Lines.
    package static let collectedExtensions: Set<String> = ["json", "jsonl", "ndjson"]

    /// `.lines` for `.jsonl` and `.ndjson` files (any case), else `.document`.
    package static func framing(forPath path: String) -> JSONParseOptions.Framing {
        framing(forExtension: RawPath(path).fileExtension)
    }

    private static func framing(forExtension fileExtension: String) -> JSONParseOptions.Framing {
        lineExtensions.contains(fileExtension) ? .lines : .document
    }
}

/// One entry of a command's inputs, in command-line order: what ``InputWalker`` found, as the
/// JSON commands use it.
package enum InputEntry: Hashable, Sendable {
    case input(InputFile)
    case unreadable(JSONInputError)
    /// A directory given on the command line that holds no input.
    case empty(RawPath)

    /// Walks `paths` with `walker`: files found get their framing from their names, standard
    /// input is one document, and what cannot be read names its path as displayed.
    package static func walk(_ paths: [RawPath], with walker: InputWalker) -> [InputEntry] {
        walker.entries(for: paths).map { entry in
            switch entry {
            case .file(let path, _): .input(InputFile(path: path))
            case .standardInput: .input(InputFile(path: RawPath.standardInput, framing: .document))
            case .unreadable(let path, let error):
                .unreadable(JSONInputError(path: path.displayed, reason: error.reason))
            case .empty(let directory): .empty(directory)
            }
        }
    }
}

extension InputEntry {
    /// Walks `paths` and hands each input's bytes to `body`, in command-line order. What cannot be
    /// read, and a directory with no input (unless `allowEmpty`), is reported on standard error and
    /// makes the result `false`; the walk goes on.
    ///
    /// ```swift
    /// let complete = InputEntry.readEach(paths, with: walker, allowEmpty: false, context: context) { input, bytes in … }
    /// ```
    package static func readEach(
        _ paths: [RawPath], with walker: InputWalker, allowEmpty: Bool, context: CommandContext,
        _ body: (InputFile, [UInt8]) -> Void
    ) -> Bool {
        var complete = true
        for entry in walk(paths, with: walker) {
            switch entry {
            case .unreadable(let error):
                context.reportError(error.description)
                complete = false
            case .empty(let directory):
                if !allowEmpty {
                    context.reportError(InputWalker.noInputs(under: directory))
                    complete = false
                }
            case .input(let input):
                do throws(JSONInputError) {
                    body(input, try input.readAll())
                } catch {
                    context.reportError(error.description)
                    complete = false
                }
            }
        }
        return complete
    }
}
