import WireJSON

/// The settings one input is checked under beyond strict RFC 8259, derived from a hash of the input.
///
/// libFuzzer gives a target nothing but the bytes, so anything else a run varies (options, chunk
/// sizes) has to come from them; hashing the whole input (rather than spending its first byte)
/// keeps the JSON seeds meaningful as they are, and a saved reproducer replays exactly.
struct FuzzPlan: CustomStringConvertible {
    /// Options for the second document run and for the JSON Lines run.
    var variant: JSONParseOptions
    /// Chunk sizes for the chunked runs, used in turn and then repeated.
    var chunks: [Int]
    /// How many bytes of a held token the exact pass keeps before letting go of them in the
    /// let-go run (the validator's is 64 KiB; tiny values let go all the time).
    var letGo: Int

    /// The depth limits tried: tiny ones reach `nesting-too-deep` from ordinary seeds; 512 is the default.
    static let depths = [1, 2, 3, 4, 8, 16, 64, 512]

    init(for bytes: [UInt8]) {
        // FNV-1a, 64 bits: cheap, and every byte changes it.
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        h = (h ^ UInt64(bytes.count)) &* 0x0000_0100_0000_01b3
        variant = JSONParseOptions(
            allowDuplicateKeys: h & 1 != 0,
            allowComments: h & 2 != 0,
            maxDepth: Self.depths[Int((h >> 2) & 7)])
        chunks = [1 + Int((h >> 8) % 7), 1 + Int((h >> 16) % 61), 1 + Int((h >> 32) % 1021)]
        letGo = 1 + Int((h >> 48) % 16)
    }

    var description: String { "\(Self.describe(variant)), chunks \(chunks), let go past \(letGo)" }

    static func describe(_ options: JSONParseOptions) -> String {
        var parts: [String] = [options.framing == .lines ? "lines" : "document", "maxDepth \(options.maxDepth)"]
        if options.allowComments { parts.append("comments") }
        if options.allowDuplicateKeys { parts.append("duplicate keys") }
        return parts.joined(separator: ", ")
    }
}
