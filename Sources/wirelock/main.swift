#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(WireLockCommand.main(Array(CommandLine.arguments.dropFirst()), context: .standard()).rawValue)
