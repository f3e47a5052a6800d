import Foundation
import SampleAPI

/// Planted changes to SampleAPI's `WebhookDelivery`, a model that is only `Decodable`: the same
/// model with its date wrapper and its unsubscribe link chosen by the test.
/// `Delivery<FractionalSecondsDate, URL>` is the sample model itself, dump for dump (the wrapper's
/// storage is `_sentAt`, as the compiler names a wrapped property's); the other choices are the
/// refactors the decoded golden must catch, and a Codable twin for comparing fuzz verdicts.
public enum WebhookVariants {
    /// The delivery, with `SentAt` decoding `Timestamp` and `Link` decoding `UnsubscribeUrl`.
    public struct Delivery<SentAt: Codable & Sendable, Link: Codable & Sendable>: Codable, Sendable {
        public var records: [Record]

        enum CodingKeys: String, CodingKey {
            case records = "Records"
        }

        public struct Record: Codable, Sendable {
            public var source: String
            public var version: String
            public var subscription: String
            public var attempt: Int
            public var notification: Notification

            enum CodingKeys: String, CodingKey {
                case source = "EventSource"
                case version = "EventVersion"
                case subscription = "Subscription"
                case attempt = "Attempt"
                case notification = "Notification"
            }
        }

        public struct Notification: Codable, Sendable {
            public var kind: Kind
            public var messageID: String
            public var topic: String
            public var subject: String?
            public var message: String
            public var _sentAt: SentAt
            public var unsubscribeURL: Link?
            public var attributes: [String: Attribute]?

            enum CodingKeys: String, CodingKey {
                case kind = "Type"
                case messageID = "MessageId"
                case topic = "Topic"
                case subject = "Subject"
                case message = "Message"
                case _sentAt = "Timestamp"
                case unsubscribeURL = "UnsubscribeUrl"
                case attributes = "MessageAttributes"
            }
        }
    }

    /// The sample's `Kind`, also `Encodable` (same cases, so the same dump).
    public enum Kind: String, Codable, Sendable {
        case notification = "Notification"
        case subscriptionConfirmation = "SubscriptionConfirmation"
    }

    /// The sample's attribute (same cases, so the same dump), decoded by the sample's own
    /// `init(from:)` and written back as it came (`{"Type": …, "Value": …}`).
    public enum Attribute: Codable, Sendable {
        case string(String)
        case number(Decimal)
        case binary(Data)

        public init(from decoder: any Decoder) throws {
            switch try WebhookDelivery.Attribute(from: decoder) {
            case .string(let text): self = .string(text)
            case .number(let number): self = .number(number)
            case .binary(let data): self = .binary(data)
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKeys.self)
            switch self {
            case .string(let text):
                try container.encode("String", forKey: .type)
                try container.encode(text, forKey: .value)
            case .number(let number):
                try container.encode("Number", forKey: .type)
                try container.encode(number.description, forKey: .value)
            case .binary(let data):
                try container.encode("Binary", forKey: .type)
                try container.encode(data.base64EncodedString(), forKey: .value)
            }
        }

        enum WireKeys: String, CodingKey {
            case type = "Type"
            case value = "Value"
        }
    }

    /// The sample's wrapper (`DateFormatter` with `.SSS`), writing back with the same formatter.
    public struct FormatterDate: Codable, Sendable {
        public var wrappedValue: Date

        public init(from decoder: any Decoder) throws {
            wrappedValue = try FractionalSecondsDate(from: decoder).wrappedValue
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(FractionalSecondsDate.formatter.string(from: wrappedValue))
        }
    }

    /// The refactor swift-aws-lambda-events made: the wrapper rewritten on
    /// `ISO8601FormatStyle(includingFractionalSeconds: true)`.
    public struct StyleDate: Codable, Sendable {
        public var wrappedValue: Date

        static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            do {
                wrappedValue = try Date(text, strategy: Self.style)
            } catch {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not an ISO 8601 date with fractional seconds")
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(wrappedValue.formatted(Self.style))
        }
    }

    /// The sample model, spelled as a variant (its dump is the sample's).
    public typealias Sample = Delivery<FormatterDate, URL>
    /// The date wrapper rewritten on `ISO8601FormatStyle`.
    public typealias StyleDates = Delivery<StyleDate, URL>
    /// `unsubscribeURL` as a `String?` instead of a `URL?`.
    public typealias LinkAsString = Delivery<FormatterDate, String>
}
