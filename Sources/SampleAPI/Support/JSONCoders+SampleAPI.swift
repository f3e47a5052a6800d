import Foundation

extension JSONDecoder {
    /// The decoder the sample app uses for every API payload and sync record.
    ///
    /// Wire models keep dates as ``WireDate`` (lossless); for plain `Date` properties the strategy
    /// accepts ISO 8601 with and without fractional seconds.
    public static var sampleAPI: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = WireDate.parse(text) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "'\(text)' is not an ISO 8601 date-time"))
            }
            return date
        }
        return decoder
    }
}

extension JSONEncoder {
    /// The encoder the sample app uses: sorted keys, `/` unescaped, plain `Date`s as ISO 8601 in UTC
    /// (milliseconds only when there is a fractional second).
    public static var sampleAPI: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(WireDate.format(date))
        }
        return encoder
    }
}
