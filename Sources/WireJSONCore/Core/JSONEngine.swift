#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which engine reads the bytes: libyajl (on Linux, the default there) or WireJSON's own Swift
/// grammar (on every platform, the only one on Apple platforms, where libyajl is not built). Both
/// give the same events and the same ``JSONSyntaxError`` for every input, in any chunking; the
/// test suite proves it on Linux, where both are built.
///
/// Every parse takes its engine from ``JSONParseOptions/engine``, ``automatic`` by default: the
/// process-wide choice, which `WIRELOCK_JSON_ENGINE` (`swift` or `yajl`) sets when the process
/// starts (it is read once).
///
/// ```swift
/// var options = JSONParseOptions.strict
/// options.engine = .swift
/// let report = JSONValidator(options: options).validate(Array(#"{"a": [1, 2]}"#.utf8))
/// ```
public struct JSONEngine: Hashable, Sendable, CustomStringConvertible {
    private enum Choice: Hashable, Sendable {
        case automatic, yajl, swift
    }

    private let choice: Choice

    /// The process-wide engine (``processDefault``).
    public static let automatic = JSONEngine(choice: .automatic)
    /// libyajl, where it is built (Linux); elsewhere the Swift grammar stands in for it.
    public static let yajl = JSONEngine(choice: .yajl)
    /// WireJSON's own Swift grammar, on every platform.
    public static let swift = JSONEngine(choice: .swift)

    /// Whether libyajl is built into this process (Linux).
    public static var yajlIsAvailable: Bool {
        #if canImport(CYajl)
            true
        #else
            false
        #endif
    }

    /// The engine named `name` (`swift`, `yajl` or `automatic`, any case), or nil.
    public init?(named name: String) {
        switch name.lowercased() {
        case "swift": choice = .swift
        case "yajl": choice = .yajl
        case "automatic", "auto", "": choice = .automatic
        default: return nil
        }
    }

    private init(choice: Choice) { self.choice = choice }

    /// `swift`, `yajl` or `automatic`.
    public var description: String {
        switch choice {
        case .automatic: "automatic"
        case .yajl: "yajl"
        case .swift: "swift"
        }
    }

    /// The value of `WIRELOCK_JSON_ENGINE` when it names no engine (the command line reports it;
    /// the process then uses the platform's default), else nil.
    public static let environmentProblem: String? = {
        guard let raw = getenv("WIRELOCK_JSON_ENGINE") else { return nil }
        let value = String(cString: raw)
        return JSONEngine(named: value) == nil ? value : nil
    }()

    /// The engine ``automatic`` stands for in this process: `WIRELOCK_JSON_ENGINE` when it names
    /// one, else libyajl where it is built and the Swift grammar elsewhere.
    public static let processDefault: JSONEngine = {
        if let raw = getenv("WIRELOCK_JSON_ENGINE"), let named = JSONEngine(named: String(cString: raw)),
            named.choice != .automatic
        {
            return named.choice == .yajl && !yajlIsAvailable ? .swift : named
        }
        return yajlIsAvailable ? .yajl : .swift
    }()

    /// The engine that really runs for this choice (``yajl`` is the Swift grammar where libyajl is
    /// not built).
    public var effective: JSONEngine {
        switch resolved {
        case .yajl: .yajl
        case .swift: .swift
        }
    }

    /// What runs, after ``automatic`` and availability.
    enum Resolved: Hashable {
        case yajl, swift
    }

    var resolved: Resolved {
        switch choice {
        case .swift: return .swift
        case .yajl: return Self.yajlIsAvailable ? .yajl : .swift
        case .automatic:
            let chosen = Self.scoped?.choice ?? Self.processDefault.choice
            return chosen == .yajl && Self.yajlIsAvailable ? .yajl : .swift
        }
    }

    /// What ``automatic`` means in this task, when ``with(_:perform:)`` set it.
    @TaskLocal private static var scoped: JSONEngine?

    /// Runs `body` with ``automatic`` meaning `engine` in this task and the tasks it starts: a
    /// test, or any work, on one engine without touching the process's environment.
    ///
    /// ```swift
    /// let report = JSONEngine.with(.swift) { JSONValidator().validate(bytes) }
    /// ```
    /// - Throws: what `body` throws.
    public static func with<Result>(_ engine: JSONEngine, perform body: () throws -> Result) rethrows -> Result {
        try $scoped.withValue(engine.choice == .automatic ? nil : engine, operation: body)
    }
}
