import WireCommandLine
import WireCommands
import WireSupport

extension ConfigurationFile {
    /// Finds and reads the configuration (``ConfigurationFile/load(given:)``); on failure the
    /// error (naming the file, line, column and setting) is reported and `nil` is returned.
    static func load(given: RawPath?, in context: CommandContext) -> ConfigurationFile? {
        do throws(ConfigurationFile.LoadError) {
            return try load(given: given)
        } catch .invalid(let error) {
            context.diagnose(error.description + "\n")
        } catch {
            context.reportError(error.description)
        }
        return nil
    }
}
