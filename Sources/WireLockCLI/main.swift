import WireCommandLine
import WireJSON
import WireSupport
import WireToolSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The arguments as the system passed them: `CommandLine.arguments` replaces bytes that are not
// UTF-8, and a path must keep them to be opened.
let rawArguments: [[UInt8]] = (1..<Int(CommandLine.argc)).map { index in
    guard let word = CommandLine.unsafeArgv[index] else { return [] }
    return Array(UnsafeBufferPointer(start: word, count: strlen(word))).map { UInt8(bitPattern: $0) }
}
let context = CommandContext.standard()
// A misspelt engine would otherwise go unnoticed (the process would run on the default one).
if let value = JSONEngine.environmentProblem {
    context.reportError("WIRELOCK_JSON_ENGINE='\(value)' names no engine: expected swift or yajl")
    exit(ExitCode.failure.rawValue)
}
TemporaryFiles.installSignalHandlers()
// The rewrite-safety tests' hook: hold each rewrite this many seconds before its rename, so the test
// can signal the process while the temporary file exists. Read here, in the executable, so that no
// library reads the environment for a test.
if let value = getenv("WIRELOCK_TEST_HOLD_TEMPORARY"), let seconds = UInt32(String(cString: value)) {
    TemporaryFiles.holdBeforeRename = seconds
}
let arguments = rawArguments.map { String(decoding: $0, as: UTF8.self) }
exit(WireLockCommand.main(arguments, raw: rawArguments, context: context).rawValue)
