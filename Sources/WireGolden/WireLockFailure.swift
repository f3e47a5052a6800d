/// Why a WireLock assertion failed: a readable message (paths, diffs, what to do next) and, where
/// there are any, the structural differences.
public struct WireLockFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The full failure message.
    public var message: String
    /// The path-level differences behind it, if the failure is a mismatch.
    public var differences: [JSONDifference]

    /// A failure with its message and, for a mismatch, the differences it describes.
    ///
    /// ```swift
    /// if let failure = verifyDecodingFails(Movie.self, fixture: "movie-bad-date.json", as: .invalidValue, at: "$.releaseDate") {
    ///     print(failure.message)
    /// }
    /// ```
    public init(_ message: String, differences: [JSONDifference] = []) {
        self.message = message
        self.differences = differences
    }

    public var description: String { message }
}
