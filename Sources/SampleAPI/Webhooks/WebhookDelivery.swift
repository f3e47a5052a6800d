import Foundation

/// What the server posts to a webhook subscriber: a batch of notifications in an SNS-style
/// envelope (`Records`, each with its `Notification`). The app only reads it, so the model is
/// `Decodable` and nothing more; WireLock locks it with a decoded golden, a reader contract and a
/// fuzz campaign (`golden/webhook-delivery.decoded.json`, `golden/webhook-delivery.reads.json`).
///
/// ```swift
/// let delivery = try JSONDecoder.sampleAPI.decode(WebhookDelivery.self, from: body)
/// for record in delivery.records { print(record.notification.subject ?? "-", record.notification.sentAt) }
/// ```
public struct WebhookDelivery: Decodable, Sendable {
    /// The notifications, oldest first.
    public var records: [Record]

    enum CodingKeys: String, CodingKey {
        case records = "Records"
    }

    /// One delivered notification and where it came from.
    public struct Record: Decodable, Sendable {
        /// The service that sent it (`media:notifications`).
        public var source: String
        /// The envelope's version (`1.0`).
        public var version: String
        /// The subscription it was delivered to.
        public var subscription: String
        /// Which delivery attempt this is, from 1.
        public var attempt: Int
        /// The notification itself.
        public var notification: Notification

        enum CodingKeys: String, CodingKey {
            case source = "EventSource"
            case version = "EventVersion"
            case subscription = "Subscription"
            case attempt = "Attempt"
            case notification = "Notification"
        }
    }

    /// A notification: what happened, when it was sent, and how to stop receiving them.
    public struct Notification: Decodable, Sendable {
        /// A notification, or the confirmation a new subscription is sent first.
        public var kind: Kind
        /// The message's id (a UUID in text).
        public var messageID: String
        /// The topic it was published to (`media:downloads`).
        public var topic: String
        /// A short subject line; `null` for confirmations.
        public var subject: String?
        /// The message text.
        public var message: String
        /// When the server sent it, with milliseconds (`2020-01-08T14:18:51.203Z`).
        @FractionalSecondsDate public var sentAt: Date
        /// Where the subscriber can unsubscribe; absent for confirmations.
        public var unsubscribeURL: URL?
        /// Typed values that travel with the message (`quality`, `sizeGiB`, `checksum`).
        public var attributes: [String: Attribute]?

        enum CodingKeys: String, CodingKey {
            case kind = "Type"
            case messageID = "MessageId"
            case topic = "Topic"
            case subject = "Subject"
            case message = "Message"
            case sentAt = "Timestamp"
            case unsubscribeURL = "UnsubscribeUrl"
            case attributes = "MessageAttributes"
        }
    }

    /// What a ``Notification`` is.
    public enum Kind: String, Decodable, Sendable {
        case notification = "Notification"
        case subscriptionConfirmation = "SubscriptionConfirmation"
    }

    /// A message attribute: `{"Type": "String" | "Number" | "Binary", "Value": "…"}`, every value
    /// sent as a string.
    public enum Attribute: Decodable, Sendable, Equatable {
        case string(String)
        case number(Decimal)
        case binary(Data)

        enum CodingKeys: String, CodingKey {
            case type = "Type"
            case value = "Value"
        }

        /// Decodes the type and the value the type calls for.
        /// - Throws: `DecodingError.dataCorrupted` for an unknown type, a `Number` that is no decimal
        ///   number, or `Binary` that is no base64.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let type = try container.decode(String.self, forKey: .type)
            let value = try container.decode(String.self, forKey: .value)
            switch type {
            case "String":
                self = .string(value)
            case "Number":
                guard let number = Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .value, in: container, debugDescription: "'\(value)' is not a decimal number")
                }
                self = .number(number)
            case "Binary":
                guard let data = Data(base64Encoded: value) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .value, in: container, debugDescription: "'\(value)' is not base64")
                }
                self = .binary(data)
            default:
                throw DecodingError.dataCorruptedError(
                    forKey: .type, in: container, debugDescription: "unknown attribute type '\(type)'")
            }
        }
    }
}

/// A date sent as ISO 8601 with milliseconds (`2020-01-08T14:18:51.203Z`), parsed the way the app
/// always has: a `DateFormatter` with the pattern `yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ` (POSIX locale,
/// UTC). Its instants are not always those `ISO8601FormatStyle` gives for the same text: for
/// `2020-01-08T14:18:51.203Z` they are one ulp apart (600185931.2030001 and 600185931.203 seconds
/// since 2001), which the decoded golden of ``WebhookDelivery`` locks.
@propertyWrapper
public struct FractionalSecondsDate: Decodable, Sendable {
    /// The instant.
    public var wrappedValue: Date

    /// A date set in code.
    public init(wrappedValue: Date) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes a string with the formatter.
    /// - Throws: `DecodingError.typeMismatch` for a non-string, `DecodingError.dataCorrupted` for a
    ///   string the formatter does not read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = Self.formatter.date(from: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not an ISO 8601 date with milliseconds")
        }
        wrappedValue = date
    }

    /// The app's formatter, made for each use: a `DateFormatter` is not `Sendable` on Darwin, so a
    /// shared `static let` of one does not compile there in Swift 6 (issue 37).
    public static var formatter: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ"
        return formatter
    }
}
