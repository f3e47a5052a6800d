import WireLint
import WireSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `wirelock.json` as `check` and `lint` find and read it, through the one parser
/// (``WireLockConfiguration``): the file given with `--config`, else the one beside the nearest
/// `Package.swift`, else the one in the working directory. A missing default file means every
/// default; a missing given file, an unreadable one or an invalid one is an error.
///
/// ```swift
/// let found = try ConfigurationFile.load(given: RawPath("wirelock.json"))
/// found.configuration.fuzz.count   // 1000 unless the file says otherwise
/// ```
package struct ConfigurationFile: Sendable {
    /// The folder the settings' paths and the reports' paths are relative to.
    package var root: RawPath
    /// The file, as the CLI opens and shows it.
    package var file: RawPath
    /// The settings.
    package var configuration: WireLockConfiguration
    /// Whether the file exists; false when no default file was found and every default applies.
    package var exists: Bool

    package init(root: RawPath, file: RawPath, configuration: WireLockConfiguration, exists: Bool = true) {
        self.root = root
        self.file = file
        self.configuration = configuration
        self.exists = exists
    }

    /// Why the configuration could not be read.
    package enum LoadError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The file is not a valid configuration, or the baseline it uses is not a valid baseline; the
        /// error names the file, line, column and setting.
        case invalid(ConfigurationError)
        /// The file given cannot be read (or does not exist): `cannot read 'FILE': REASON`.
        case unreadable(file: RawPath, reason: String)

        package var description: String {
            switch self {
            case .invalid(let error): error.description
            case .unreadable(let file, let reason): "cannot read '\(file.displayed)': \(reason)"
            }
        }
    }

    /// Finds and reads the configuration.
    /// - Parameter given: the file named on the command line, or nil to look for the default one.
    /// - Throws: ``LoadError``.
    package static func load(given: RawPath?) throws(LoadError) -> ConfigurationFile {
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
                throw .invalid(error)
            }
        case .failure(let error):
            guard given == nil, error.code == ENOENT else {
                throw .unreadable(file: file, reason: error.reason)
            }
            return ConfigurationFile(root: root, file: file, configuration: WireLockConfiguration(), exists: false)
        }
    }
}
