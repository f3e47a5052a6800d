import WireCommandLine
import WireLint
import WireSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `wirelock.json` as `check` and `lint` find and read it, through the one parser
/// (``WireLockConfiguration``): the file given with `--config`, else the one beside the nearest
/// `Package.swift`, else the one in the working directory. A missing default file means every
/// default; a missing given file, an unreadable one or an invalid one is an error (exit 2).
struct ConfigurationFile {
    /// The folder the settings' paths and the reports' paths are relative to.
    var root: RawPath
    /// The file, as the CLI opens and shows it.
    var file: RawPath
    var configuration: WireLockConfiguration

    /// Finds and reads the configuration; on failure the error (naming the file, line, column and
    /// setting) has been reported and `nil` is returned.
    static func load(given: RawPath?, in context: CommandContext) -> ConfigurationFile? {
        let workingDirectory = PackageLocation.workingDirectory
        let root: RawPath
        let file: RawPath
        if let given {
            file = given
            root = PackageLocation.absolute(given).directoryAndName.directory.withoutTrailingSlash
        } else {
            root = PackageLocation.packageRoot(searchingFrom: workingDirectory) ?? workingDirectory
            file = PackageLocation.relativeToWorkingDirectory(root.appending(WireLockConfiguration.fileName))
        }
        switch FileSystem.readFile(file) {
        case .success(let bytes):
            do throws(ConfigurationError) {
                let configuration = try WireLockConfiguration.parse(bytes, file: file.displayed)
                return ConfigurationFile(root: root, file: file, configuration: configuration)
            } catch {
                context.diagnose(error.description + "\n")
                return nil
            }
        case .failure(let error):
            guard given == nil, error.code == ENOENT else {
                context.reportError("cannot read '\(file.displayed)': \(error.reason)")
                return nil
            }
            return ConfigurationFile(root: root, file: file, configuration: WireLockConfiguration())
        }
    }
}
