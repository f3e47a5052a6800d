// The flag reading every benchmark executable did on its own: the next argument, or a positive
// whole number, with one error wording.

/// The arguments of a benchmark, read front to back.
///
/// ```swift
/// var arguments = BenchArguments(CommandLine.arguments.dropFirst())
/// while let flag = arguments.next() {
///     switch flag {
///     case "--runs": runs = try arguments.positive(flag)
///     default: throw BenchError("unknown argument '\(flag)'")
///     }
/// }
/// ```
public struct BenchArguments {
    private var rest: ArraySlice<String>

    /// Starts reading `arguments` (without the program's name).
    public init(_ arguments: some Sequence<String>) { rest = ArraySlice(arguments) }

    /// The next argument, or nil at the end.
    public mutating func next() -> String? { rest.popFirst() }

    /// The value after `flag`; throws when there is none.
    public mutating func value(_ flag: String) throws -> String {
        guard let value = rest.popFirst() else { throw BenchError("\(flag) needs a value") }
        return value
    }

    /// The positive whole number after `flag`; throws when it is missing or not one.
    public mutating func positive(_ flag: String) throws -> Int {
        guard let number = Int(try value(flag)), number > 0 else {
            throw BenchError("\(flag) needs a positive whole number")
        }
        return number
    }
}
