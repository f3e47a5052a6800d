/// A language as the server names it (`{"id": 2, "name": "French"}`; id -1 is "Any").
public struct Language: Codable, Equatable, Sendable {
    /// The server's language id.
    public var id: Int
    /// The English name.
    public var name: String
}
