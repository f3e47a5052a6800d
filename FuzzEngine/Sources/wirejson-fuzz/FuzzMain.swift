import CLibFuzzer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The fuzz target's entry point.
///
/// libFuzzer normally brings its own `main`, but SwiftPM renames every executable's entry point on
/// Linux (and links `main` as an alias of `<module>_main`), so a target without a Swift entry point
/// fails to link. This one keeps a Swift `main` and hands argc/argv to `LLVMFuzzerRunDriver`, which
/// gives exactly the command line of any libFuzzer binary: corpus directories, `-runs=`,
/// `-max_total_time=`, `-dict=`, and reproducer files as arguments. `@main` (not `main.swift`) keeps
/// it building whether or not the builder passes `-parse-as-library`, as OSS-Fuzz's Swift flags do.
@main
enum FuzzMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(
            LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                wirejsonFuzzOneInput(data, size)
            })
    }
}
