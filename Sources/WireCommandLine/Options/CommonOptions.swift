import WireJSON
import WireSupport
import WireToolSupport

/// The options several commands share, declared once each with one help text, so the same flag
/// means and says the same thing everywhere.
package enum CommonOptions {
    /// `-q, --quiet`.
    package static let quiet = OptionDefinition.flag(
        "quiet", short: "q",
        help: "Print less: only errors, findings and the summary, and no progress line.")

    /// `--golden <dir>`; read it with ``goldenDirectory(_:environment:)``.
    package static let golden = Option<RawPath?>(
        "golden", valueName: "dir", as: .path,
        help:
            "The golden directory (default: WIRELOCK_GOLDEN_DIR, else golden/ beside the nearest Package.swift, else ./golden)."
    )

    /// The golden directory a command works on: the one given, else the package's (see
    /// ``PackageLocation``), relative to the working directory when inside it, as it is shown.
    package static func goldenDirectory(_ given: RawPath?, environment: [String: String]) -> RawPath {
        given
            ?? PackageLocation.relativeToWorkingDirectory(
                PackageLocation.goldenDirectory(
                    searchingFrom: PackageLocation.workingDirectory, environment: environment))
    }

    /// `--force`.
    package static let force = OptionDefinition.flag(
        "force",
        help:
            "Rewrite files WireLock would refuse: read-only ones (by their mode bits, even as root), ones with several hard links (the link is split) and ones whose owner this user cannot keep (they become this user's)."
    )

    /// `--allow-empty`.
    package static let allowEmpty = OptionDefinition.flag(
        "allow-empty",
        help:
            "Accept a directory in which no JSON file is found. By default that is an error (status 2): it is usually a wrong path."
    )

    /// `--exclude <glob>`, repeatable; read it with ``InputOptions``.
    package static let exclude = Option<GlobPattern?>(
        "exclude", valueName: "glob", as: .glob, repeats: true,
        help:
            "Skip the files and folders inside a given directory whose name, or path below that directory, matches this shell pattern (* also matches /); repeatable. Paths named on the command line are never skipped."
    )
}

/// How a command walks its inputs: `--exclude` and `--allow-empty`, declared once and included
/// in each command that walks folders with `@OptionGroup var inputs: InputOptions`.
package struct InputOptions: ParsableArguments, Sendable {
    /// The options, in help order.
    package static var options: [OptionDefinition] { declarations.options }

    /// The patterns of every `--exclude`.
    @Option(CommonOptions.exclude) package var excludes: [GlobPattern]
    /// `--allow-empty`.
    @Flag(CommonOptions.allowEmpty) package var allowEmpty: Bool

    package init() {}

    /// A walker collecting `extensions` (and `suffixes`) with these excludes.
    package func walker(extensions: Set<String>, suffixes: [String] = []) -> InputWalker {
        InputWalker(extensions: extensions, suffixes: suffixes, excludes: excludes)
    }
}

/// The strictness options of the JSON reader (`--allow-duplicate-keys`, `--allow-comments`,
/// `--max-depth`), declared once; a command lists the ones it takes and reads them with
/// ``parseOptions(from:)``.
package enum ParseOptionFlags {
    package static let allowDuplicateKeys = OptionDefinition.flag(
        "allow-duplicate-keys",
        help:
            "Accept objects that repeat a member name (plain RFC 8259). By default a repeated name is an error, because decoders disagree on which copy wins."
    )

    package static let allowComments = OptionDefinition.flag(
        "allow-comments",
        help: "Accept /* ... */ and // comments.")

    package static let maxDepth = Option<Int>(
        "max-depth", valueName: "n", as: .positiveInteger, default: JSONParseOptions.strict.maxDepth,
        help: "The deepest nesting of arrays and objects accepted.")

    /// `--engine swift|yajl`: which engine reads the bytes (both give the same results).
    package static let engine = Option<JSONEngine>(
        "engine", valueName: "name",
        as: ValueParser(allowedValues: ["swift", "yajl"], describe: { "\($0)" }) { text, _ in
            guard let engine = JSONEngine(named: text), text == "swift" || text == "yajl" else {
                return .failure(.expected("expected one of swift, yajl"))
            }
            return .success(engine)
        }, default: .automatic, showsDefault: false,
        help:
            "The JSON engine: yajl (libyajl, the default on Linux) or swift (WireJSON's own, the one on Apple platforms). Both give the same results; WIRELOCK_JSON_ENGINE chooses for a whole process."
    )

    /// All four, in help order.
    package static let all = [allowDuplicateKeys, allowComments, maxDepth.definition, engine.definition]

    /// The options as given (absent ones keep the strict default).
    package static func parseOptions(from arguments: ParsedArguments) -> JSONParseOptions {
        JSONParseOptions(
            allowDuplicateKeys: arguments.flag(allowDuplicateKeys),
            allowComments: arguments.flag(allowComments),
            maxDepth: arguments.value(maxDepth),
            engine: arguments.value(engine))
    }
}

/// The JSON reader's strictness options as a group a command includes with
/// `@OptionGroup var parsing: ParseOptions`: the four of ``ParseOptionFlags``, in help order.
package struct ParseOptions: ParsableArguments, Sendable {
    @Flag(ParseOptionFlags.allowDuplicateKeys) package var allowDuplicateKeys: Bool
    @Flag(ParseOptionFlags.allowComments) package var allowComments: Bool
    @Option(ParseOptionFlags.maxDepth) package var maxDepth: Int
    @Option(ParseOptionFlags.engine) package var engine: JSONEngine

    package init() {}

    /// The options as given (absent ones keep the strict default).
    package var parseOptions: JSONParseOptions {
        JSONParseOptions(
            allowDuplicateKeys: allowDuplicateKeys, allowComments: allowComments, maxDepth: maxDepth, engine: engine)
    }
}
