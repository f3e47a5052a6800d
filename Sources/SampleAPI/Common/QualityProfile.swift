/// A quality profile: which qualities are allowed and when to stop upgrading.
public struct QualityProfile: Codable, Equatable, Sendable {
    /// The profile id.
    public var id: Int
    /// The display name (`HD-1080p`).
    public var name: String
    /// Whether better releases replace existing files.
    public var upgradeAllowed: Bool
    /// The quality id at which upgrades stop.
    public var cutoff: Int
    /// The qualities, lowest first, each allowed or not.
    public var items: [QualityProfileItem]
    /// The preferred language.
    public var language: Language?
}

/// One quality in a ``QualityProfile``.
public struct QualityProfileItem: Codable, Equatable, Sendable {
    /// The quality.
    public var quality: Quality
    /// Whether releases of this quality are wanted.
    public var allowed: Bool
}
