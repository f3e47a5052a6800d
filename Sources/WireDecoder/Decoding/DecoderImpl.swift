// The Decoder a model's init(from:) sees. One instance walks the whole tape (like JSONDecoder's
// own implementation, it moves to a nested value and back instead of allocating a decoder per
// value); containers are small structs over tape indices.
import Foundation
import WireDates
import WireJSONCore

/// The configuration of one decode, copied from the decoder when it starts.
struct DecodingOptions {
    var date: JSONDecoder.DateDecodingStrategy
    var data: JSONDecoder.DataDecodingStrategy
    var key: JSONDecoder.KeyDecodingStrategy
    var keyIsDefault: Bool
    var nonConforming: JSONDecoder.NonConformingFloatDecodingStrategy
    var userInfo: [CodingUserInfoKey: Any]
    var strict: Bool
    /// decodeWithReport records the reads (``WireJSONDecoder/recordsReads``).
    var recordsReads = true
}

/// The key of a value, asked for only when a coding path is built (a nested container, an error):
/// a model's key goes into an existential then, not on every decoded member.
typealias KeyThunk = () -> (any CodingKey)?

/// A decoder made by `superDecoder()`, as its owner lists it.
struct WeakDecoder {
    weak var decoder: DecoderImpl?
}

/// `[String: V]`, which JSONDecoder decodes without converting its keys when a key strategy is set.
protocol StringKeyedDictionary {
    static var valueType: any Decodable.Type { get }
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
    static var valueType: any Decodable.Type { Value.self }
}

final class DecoderImpl: Decoder, SingleValueDecodingContainer {
    /// The input's bytes: the caller's while the decode runs; after it, the decode's own copy if
    /// a container or decoder it handed out outlived the decode (``keepDocument(_:tape:)``).
    @exclusivity(unchecked) private(set) var base: UnsafePointer<UInt8>
    let tape: TapeView
    let options: DecodingOptions
    /// Copies of the options read on every value, so reading them copies nothing.
    let strict: Bool
    let keyIsDefault: Bool
    let recorder: ReportRecorder?
    /// The entry the current init(from:) decodes.
    var current: Int
    var node: PathNode
    /// The type whose init(from:) runs (for the report's "dropped by").
    var currentType: Any.Type = Never.self
    /// Member cursors: the next member to try first, per object (direct-mapped by tape index).
    let cursorObjects: UnsafeMutablePointer<Int>
    let cursorMembers: UnsafeMutablePointer<Int>
    /// Name filters, per object that a lookup missed in (direct-mapped by tape index like the
    /// cursors): 128 bits, one set per member name (``member(of:named:name:)``).
    let filterObjects: UnsafeMutablePointer<Int>
    let filterBits: UnsafeMutablePointer<UInt64>
    /// The decode's own decoder, for one made by `superDecoder()`: its cursors and its document
    /// stay alive as long as this decoder does. Nil for the decode's own decoder.
    let owner: DecoderImpl?
    /// The decode's own decoder's list of those made by `superDecoder()`, for
    /// ``keepDocument(_:tape:)``.
    private var sharers: [WeakDecoder] = []
    private var sharersToCompact = 16
    /// What ``keepDocument(_:tape:)`` keeps: the copy of the input, and the tape.
    private var keptInput: UnsafeMutablePointer<UInt8>?
    private var keptTape: TapeStorage?
    /// The entry that stands for a missing value (a `null` after the document).
    let nullIndex: Int
    /// The last `DateFormatter` of a `.formatted` strategy this decode met, and its twin's pattern.
    var recognisedFormatter: DateFormatter?
    var recognisedPattern: FixedFormatPattern?
    /// How many more errors get their JSON path and line in the description.
    var placesLeft = 8

    static let cursorSlots = 64

    /// Which types fill themselves (``DirectlyDecodable``): the decoding thread's table. Once
    /// the document is kept (``keepDocument(_:tape:)``), its containers may be read on any
    /// thread, and each asks its own thread's table instead.
    let directTypes: DirectTypeCache
    @exclusivity(unchecked) private(set) var documentKept = false

    init(
        base: UnsafePointer<UInt8>, tape: TapeView, options: DecodingOptions, recorder: ReportRecorder?,
        nullIndex: Int
    ) {
        self.base = base
        self.tape = tape
        self.options = options
        strict = options.strict
        keyIsDefault = options.keyIsDefault
        self.recorder = recorder
        self.nullIndex = nullIndex
        current = 0
        node = .root
        cursorObjects = .allocate(capacity: Self.cursorSlots)
        cursorObjects.initialize(repeating: -1, count: Self.cursorSlots)
        cursorMembers = .allocate(capacity: Self.cursorSlots)
        cursorMembers.initialize(repeating: 0, count: Self.cursorSlots)
        filterObjects = .allocate(capacity: Self.cursorSlots)
        filterObjects.initialize(repeating: -1, count: Self.cursorSlots)
        filterBits = .allocate(capacity: 2 * Self.cursorSlots)
        filterBits.initialize(repeating: 0, count: 2 * Self.cursorSlots)
        directTypes = DirectTypeCache.current
        owner = nil
    }

    /// A decoder for `superDecoder()`: the same document and cursors, its own position.
    init(sharing other: DecoderImpl, at index: Int, node: PathNode) {
        base = other.base
        tape = other.tape
        options = other.options
        strict = other.strict
        keyIsDefault = other.keyIsDefault
        recorder = other.recorder
        nullIndex = other.nullIndex
        cursorObjects = other.cursorObjects
        cursorMembers = other.cursorMembers
        filterObjects = other.filterObjects
        filterBits = other.filterBits
        directTypes = other.directTypes
        let owner = other.owner ?? other
        self.owner = owner
        current = index
        self.node = node
        currentType = other.currentType
        owner.register(self)
    }

    deinit {
        if owner == nil {
            cursorObjects.deallocate()
            cursorMembers.deallocate()
            filterObjects.deallocate()
            filterBits.deallocate()
            keptInput?.deallocate()
        }
    }

    /// Notes a decoder made by `superDecoder()` (on the decode's own decoder), dropping the
    /// entries of those already gone now and then so the list stays as long as the live ones.
    private func register(_ sharer: DecoderImpl) {
        if sharers.count >= sharersToCompact {
            sharers.removeAll { $0.decoder == nil }
            sharersToCompact = max(16, sharers.count * 2)
        }
        sharers.append(WeakDecoder(decoder: sharer))
    }

    /// Called on the decode's own decoder when the decode returns (or throws) while a container
    /// or decoder it handed out is still referenced: a model that keeps them to read later, as
    /// `JSONDecoder` allows. The input belongs to the caller (or, for a `Data` of up to 14
    /// bytes, to the stack; for transcoded UTF-16 or UTF-32, to a buffer of the decode), so it is
    /// copied; the tape is kept; and the kept decoders ask the type table of the thread they are
    /// read on, since that may be another one while this one decodes on. The common case, nothing kept,
    /// costs the caller one check. (A decoder handed to another thread *during* the decode is
    /// not supported, as with `JSONDecoder`.)
    func keepDocument(_ bytes: UnsafeBufferPointer<UInt8>, tape storage: TapeStorage) {
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        if let source = bytes.baseAddress, !bytes.isEmpty { copy.initialize(from: source, count: bytes.count) }
        keptInput = copy
        keptTape = storage
        base = UnsafePointer(copy)
        documentKept = true
        for case let sharer? in sharers.lazy.map(\.decoder) {
            sharer.base = base
            sharer.documentKept = true
        }
    }

    var codingPath: [any CodingKey] { node.path }
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard tape.kind(current) == .object else { throw notAnObject(current, path: codingPath) }
        return KeyedDecodingContainer(try KeyedContainer<Key>(impl: self, object: current, node: node))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard tape.kind(current) == .array else { throw notAnArray(current, path: codingPath) }
        recorder?.opened(current, by: currentType)
        return UnkeyedContainer(impl: self, array: current, node: node)
    }

    /// JSONDecoder's error for a keyed container asked of a value that is no object.
    func notAnObject(_ index: Int, path: [any CodingKey]) -> DecodingError {
        guard tape.kind(index) == .null else { return mismatch([String: Any].self, at: index, path: path) }
        return DecodingError.valueNotFound(
            [String: Any].self,
            .init(codingPath: path, debugDescription: "Cannot get keyed decoding container -- found null value instead")
        )
    }

    /// JSONDecoder's error for an unkeyed container asked of a value that is no array.
    func notAnArray(_ index: Int, path: [any CodingKey]) -> DecodingError {
        guard tape.kind(index) == .null else { return mismatch([Any].self, at: index, path: path) }
        return DecodingError.valueNotFound(
            [Any].self,
            .init(
                codingPath: path, debugDescription: "Cannot get unkeyed decoding container -- found null value instead")
        )
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Moving to a nested value

    /// Runs `body` with the decoder at `index` and the path `path` (JSONDecoder's `with`).
    @inline(__always) func with<T>(_ index: Int, path: PathNode, _ body: () throws -> T) rethrows -> T {
        let savedCurrent = current
        let savedNode = node
        current = index
        node = path
        defer {
            current = savedCurrent
            node = savedNode
        }
        return try body()
    }

    /// Decodes the value at `index` as `T`; the path of the value is `parent` plus `key`.
    @inline(__always) func unwrap<T: Decodable>(
        _ index: Int, as type: T.Type, parent: PathNode, key: KeyThunk
    ) throws -> T {
        // The common leaf types without a trip through init(from:); T is exactly the type checked,
        // so the bit cast is an identity.
        if T.self == String.self { return unsafeBitCast(try unwrapString(index, parent: parent, key: key), to: T.self) }
        if T.self == Int.self {
            return unsafeBitCast(try unwrapInteger(index, as: Int.self, parent: parent, key: key), to: T.self)
        }
        if T.self == Double.self {
            return unsafeBitCast(try unwrapFloat(index, as: Double.self, parent: parent, key: key), to: T.self)
        }
        if T.self == Bool.self { return unsafeBitCast(try unwrapBool(index, parent: parent, key: key), to: T.self) }
        if T.self == Data.self { return try unwrapData(index, parent: parent, key: key) as! T }
        if T.self == Date.self { return try unwrapDate(index, parent: parent, key: key) as! T }
        if T.self == URL.self { return try unwrapURL(index, parent: parent, key: key) as! T }
        if T.self == Decimal.self { return try unwrapDecimal(index, parent: parent, key: key) as! T }
        if !keyIsDefault, let dictionary = T.self as? any StringKeyedDictionary.Type {
            return try unwrapStringDictionary(index, valueType: dictionary.valueType, parent: parent, key: key) as! T
        }
        let path = parent.appending(key())
        // The decoder stands at the collection while it is filled, as in its init(from:), so
        // errors that JSONDecoder gives the decoder's own path (an ISO 8601 date) have it.
        if recorder == nil, let direct = directType(T.self) {
            return try with(index, path: path) { try direct.decodeDirectly(self, index, path: path, as: type) }
        }
        return try decodeNested(index, as: type, path: path)
    }

    /// `type` as a ``DirectlyDecodable`` type, or nil (``DirectTypeCache``).
    @inline(__always) func directType<T>(_ type: T.Type) -> (any DirectlyDecodable.Type)? {
        if documentKept { return DirectTypeCache.current.lookup(type) }
        return directTypes.lookup(type)
    }

    @inline(__always) func decodeNested<T: Decodable>(_ index: Int, as type: T.Type, path: PathNode) throws -> T {
        let savedCurrent = current
        let savedNode = node
        let savedType = currentType
        current = index
        node = path
        if let recorder {
            currentType = T.self
            recorder.reached(index, by: T.self, tape: tape)
        }
        defer {
            current = savedCurrent
            node = savedNode
            currentType = savedType
        }
        return try T(from: self)
    }

    // MARK: Errors

    /// What JSONDecoder calls the value in a type mismatch.
    func description(of index: Int) -> String {
        switch tape.kind(index) {
        case .null: "null"
        case .false, .true: "bool"
        case .number: "number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }

    func mismatch(_ type: Any.Type, at index: Int, path: [any CodingKey]) -> DecodingError {
        recorder?.failed(at: index, expected: type)
        return DecodingError.typeMismatch(
            type,
            .init(
                codingPath: path,
                debugDescription: "Expected to decode \(type) but found \(description(of: index)) instead.")
        )
    }

    func notFound(_ type: Any.Type, path: [any CodingKey]) -> DecodingError {
        DecodingError.valueNotFound(
            type,
            .init(codingPath: path, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
    }

    /// JSONDecoder reports every problem inside a string or a number as "not valid JSON" with an
    /// empty coding path; the description here also says where and what.
    func corrupted(at index: Int, expected type: Any.Type, reason: String) -> DecodingError {
        recorder?.failed(at: index, expected: type)
        // Finding a path and a line costs a walk of the tape; a model that catches many such
        // errors (a `try? Int` probe over every number) gets the full place for the first few
        // only, so its decode stays linear.
        let place: String
        if placesLeft > 0 {
            placesLeft -= 1
            place = PlaceFinder.describe(index, tape: tape, base: base)
        } else {
            place = "byte \(TapePaths.startOffset(index, tape: tape))"
        }
        return DecodingError.dataCorrupted(
            .init(codingPath: [], debugDescription: "The given data was not valid JSON: \(reason) at \(place).")
        )
    }

    func corrupted(at index: Int, expected type: Any.Type, path: [any CodingKey], message: String) -> DecodingError {
        recorder?.failed(at: index, expected: type)
        return DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: message))
    }

    // MARK: Scalars

    @inline(__always) func unwrapBool(_ index: Int, parent: PathNode, key: KeyThunk) throws -> Bool {
        switch tape.kind(index) {
        case .true: return true
        case .false: return false
        default: throw mismatch(Bool.self, at: index, path: parent.path(byAppending: key()))
        }
    }

    @inline(__always) func unwrapString(_ index: Int, parent: PathNode, key: KeyThunk) throws -> String {
        let kind = tape.kind(index)
        guard kind == .string else {
            if kind == .null { throw notFound(String.self, path: parent.path(byAppending: key())) }
            throw mismatch(String.self, at: index, path: parent.path(byAppending: key()))
        }
        guard let string = stringValue(index) else {
            throw corrupted(
                at: index, expected: String.self, reason: "a string that is not valid UTF-8 or has a bad escape")
        }
        return string
    }

    /// In compatible mode, JSONDecoder's check when it opens an object: every member name is read,
    /// and the first that is not valid UTF-8 or has a bad escape is `dataCorrupted`. (Strict mode
    /// has checked the names while building the tape.)
    @inline(__always) func checkMemberNames(_ object: Int, count: Int) throws {
        guard !strict else { return }
        var member = object &+ 1
        for _ in 0..<count {
            if tape.flags(member) != 0, stringValue(member) == nil {
                throw corrupted(
                    at: member, expected: String.self,
                    reason: "a member name that is not valid UTF-8 or has a bad escape")
            }
            member = tape.end(member &+ 1)
        }
    }

    /// The string entry's value, or nil when JSONDecoder would refuse it.
    @inline(__always) func stringValue(_ index: Int) -> String? {
        let flags = tape.flags(index)
        if flags & StringFlags.slow == 0 {
            return StringDecoding.plain(
                base: base, offset: tape.offset(index), length: tape.length(index),
                checkUTF8: !strict && flags & StringFlags.nonASCII != 0)
        }
        return StringDecoding.decode(base: base, offset: tape.offset(index), length: tape.length(index))
    }

    func unwrapInteger<T: FixedWidthInteger & Decodable>(
        _ index: Int, as type: T.Type, parent: PathNode, key: KeyThunk
    ) throws -> T {
        let kind = tape.kind(index)
        guard kind == .number else {
            if kind == .null { throw notFound(T.self, path: parent.path(byAppending: key())) }
            throw mismatch(T.self, at: index, path: parent.path(byAppending: key()))
        }
        let offset = tape.offset(index)
        let length = tape.length(index)
        // The compatible scan keeps any run of number characters; it is checked once, here.
        guard strict || NumberText.isValid(base, offset, length) else {
            throw corrupted(
                at: index, expected: T.self, reason: "number \(NumberText.text(base, offset, length)) is not JSON")
        }
        if tape.flags(index) & NumberFlags.notInteger == 0,
            let value = NumberText.integer(base, offset, length, as: T.self)
        {
            return value
        }
        let text = NumberText.text(base, offset, length)
        guard let value = NumberText.slowInteger(text, as: T.self) else {
            throw corrupted(at: index, expected: T.self, reason: "number \(text) does not fit in \(T.self)")
        }
        recorder?.integer(at: index, text: text, value: value)
        return value
    }

    func unwrapFloat<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ index: Int, as type: T.Type, parent: PathNode, key: KeyThunk
    ) throws -> T {
        let kind = tape.kind(index)
        if kind == .number {
            let offset = tape.offset(index)
            let length = tape.length(index)
            guard strict || NumberText.isValid(base, offset, length) else {
                throw corrupted(
                    at: index, expected: T.self, reason: "number \(NumberText.text(base, offset, length)) is not JSON")
            }
            let value: T =
                T.self == Float.self
                ? T(NumberText.float(base, offset, length)) : T(NumberText.double(base, offset, length))
            guard value.isFinite, value != 0 || NumberText.isTrueZero(base, offset, length) else {
                throw corrupted(
                    at: index, expected: T.self,
                    reason: "number \(NumberText.text(base, offset, length)) does not fit in \(T.self)")
            }
            recorder?.floatingPoint(at: index, value: value, base: base, tape: tape)
            return value
        }
        if kind == .null { throw notFound(T.self, path: parent.path(byAppending: key())) }
        if kind == .string, tape.flags(index) & StringFlags.slow == 0 {
            switch options.nonConforming {
            case .convertFromString(let positive, let negative, let nan):
                let offset = tape.offset(index)
                let length = tape.length(index)
                if bytesEqual(offset, length, positive) { return T.infinity }
                if bytesEqual(offset, length, negative) { return -T.infinity }
                if bytesEqual(offset, length, nan) { return T.nan }
            default:
                break
            }
        }
        throw mismatch(T.self, at: index, path: parent.path(byAppending: key()))
    }

    func bytesEqual(_ offset: Int, _ length: Int, _ string: String) -> Bool {
        var string = string
        return string.withUTF8 { utf8 in
            utf8.count == length && (length == 0 || memcmpBytes(base + offset, utf8.baseAddress!, length))
        }
    }

    // MARK: Foundation types

    func unwrapDate(_ index: Int, parent: PathNode, key: KeyThunk) throws -> Date {
        if tape.kind(index) == .null { throw notFound(Date.self, path: parent.path(byAppending: key())) }
        switch options.date {
        case .deferredToDate:
            return try with(index, path: parent.appending(key())) { try Date(from: self) }
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try unwrapFloat(index, as: Double.self, parent: parent, key: key))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try unwrapFloat(index, as: Double.self, parent: parent, key: key) / 1000)
        case .iso8601:
            if let interval = fastDateInterval(index, { WireDates.fastInterval($0, .jsonISO8601) }) {
                return Date(timeIntervalSinceReferenceDate: interval)
            }
            let string = try unwrapString(index, parent: parent, key: key)
            // `.iso8601` as JSONDecoder parses it at the platform floor (macOS 13, iOS 16).
            guard let date = try? Date.ISO8601FormatStyle().parse(string) else {
                // JSONDecoder gives the path of the decoder here, without the key.
                throw corrupted(
                    at: index, expected: Date.self, path: codingPath,
                    message: "Expected date string to be ISO8601-formatted.")
            }
            return date
        #if canImport(Darwin)
            // On Linux `.formatted` is a `.custom` closure around the formatter (handled below).
            case .formatted(let formatter):
                // On Linux the formatter's closure reads the string through a single-value
                // container; the same read is recorded here, so a contract is the same everywhere.
                recorder?.read(index, type: String.self, method: .singleValue)
                if let date = twinDate(index, formatter: formatter) { return date }
                let string = try unwrapString(index, parent: parent, key: key)
                guard let date = formatter.date(from: string) else {
                    throw corrupted(
                        at: index, expected: Date.self, path: parent.path(byAppending: key()),
                        message: "Date string does not match format expected by formatter.")
                }
                return date
        #endif
        case .custom(let closure):
            return try with(index, path: parent.appending(key())) { try closure(self) }
        @unknown default:
            return try with(index, path: parent.appending(key())) { try Date(from: self) }
        }
    }

    /// A date string's interval from a twin's fast path, or nil: the entry is no plain string (an
    /// escape, non-ASCII, another kind), the twins are not proven on this platform, or the fast path
    /// declines the text (the caller then decodes it as `JSONDecoder` does).
    @inline(__always) func fastDateInterval(
        _ index: Int, _ fast: (UnsafeBufferPointer<UInt8>) -> Double?
    ) -> Double? {
        guard FixedFormatPattern.isProvenOnThisPlatform, tape.kind(index) == .string, tape.flags(index) == 0 else {
            return nil
        }
        return fast(UnsafeBufferPointer(start: base + tape.offset(index), count: tape.length(index)))
    }

    /// The date `formatter` would read from the string at `index`, when the formatter is one of the
    /// fixed-format set-ups (``FixedFormatPattern``) and its twin's fast path decides the text;
    /// nil sends the value to the formatter. The formatter's settings are read at its first date
    /// in a decode (a formatter changed during a decode is a data race, as with `JSONDecoder`).
    @inline(__always) func twinDate(_ index: Int, formatter: DateFormatter) -> Date? {
        guard FixedFormatPattern.isProvenOnThisPlatform else { return nil }
        if recognisedFormatter !== formatter {
            recognisedFormatter = formatter
            recognisedPattern = FixedFormatPattern.recognise(formatter)
        }
        guard let pattern = recognisedPattern, let interval = fastDateInterval(index, pattern.interval) else {
            return nil
        }
        return Date(timeIntervalSinceReferenceDate: interval)
    }

    func unwrapData(_ index: Int, parent: PathNode, key: KeyThunk) throws -> Data {
        if tape.kind(index) == .null { throw notFound(Data.self, path: parent.path(byAppending: key())) }
        switch options.data {
        case .deferredToData:
            return try with(index, path: parent.appending(key())) { try Data(from: self) }
        case .base64:
            guard tape.kind(index) == .string else {
                throw mismatch(String.self, at: index, path: parent.path(byAppending: key()))
            }
            let string = try unwrapString(index, parent: parent, key: key)
            guard let data = Data(base64Encoded: string) else {
                throw corrupted(
                    at: index, expected: Data.self, path: parent.path(byAppending: key()),
                    message: "Encountered Data is not valid Base64.")
            }
            return data
        case .custom(let closure):
            return try with(index, path: parent.appending(key())) { try closure(self) }
        @unknown default:
            return try with(index, path: parent.appending(key())) { try Data(from: self) }
        }
    }

    func unwrapURL(_ index: Int, parent: PathNode, key: KeyThunk) throws -> URL {
        if tape.kind(index) == .null { throw notFound(URL.self, path: parent.path(byAppending: key())) }
        let string = try unwrapString(index, parent: parent, key: key)
        guard let url = URL(string: string) else {
            throw corrupted(
                at: index, expected: URL.self, path: parent.path(byAppending: key()), message: "Invalid URL string.")
        }
        return url
    }

    func unwrapDecimal(_ index: Int, parent: PathNode, key: KeyThunk) throws -> Decimal {
        let kind = tape.kind(index)
        if kind == .null { throw notFound(Decimal.self, path: parent.path(byAppending: key())) }
        guard kind == .number else {
            recorder?.failed(at: index, expected: Decimal.self)
            throw DecodingError.typeMismatch(
                Decimal.self, .init(codingPath: parent.path(byAppending: key()), debugDescription: ""))
        }
        let offset = tape.offset(index)
        let length = tape.length(index)
        let text = NumberText.text(base, offset, length)
        guard strict || NumberText.isValid(base, offset, length) else {
            throw corrupted(at: index, expected: Decimal.self, reason: "number \(text) is not JSON")
        }
        guard let decimal = Decimal(string: text, locale: nil) else {
            throw corrupted(at: index, expected: Decimal.self, reason: "number \(text) does not fit in Decimal")
        }
        recorder?.decimal(at: index, text: text, value: decimal)
        return decimal
    }

    func unwrapStringDictionary(
        _ index: Int, valueType: any Decodable.Type, parent: PathNode, key: KeyThunk
    ) throws -> Any {
        let kind = tape.kind(index)
        if kind == .null { throw notFound([String: Any].self, path: parent.path(byAppending: key())) }
        guard kind == .object else {
            throw mismatch([String: Any].self, at: index, path: parent.path(byAppending: key()))
        }
        recorder?.opened(index, by: [String: Any].self)
        let path = parent.appending(key())
        var result: [String: Any] = [:]
        result.reserveCapacity(tape.count(index))
        var member = index &+ 1
        for _ in 0..<tape.count(index) {
            guard let name = stringValue(member) else {
                throw corrupted(
                    at: member, expected: String.self,
                    reason: "a member name that is not valid UTF-8 or has a bad escape")
            }
            recorder?.consumed(member)
            let read = recorder?.read(member &+ 1, type: valueType, method: .decode)
            let value: Any
            do {
                value = try decodeExistential(valueType, member &+ 1, parent: path, key: WireCodingKey.name(name))
            } catch {
                if let read { recorder?.settle(read, .threw) }
                throw error
            }
            if result[name] == nil { result[name] = value }
            member = tape.end(member &+ 1)
        }
        return result
    }

    private func decodeExistential<T: Decodable>(
        _ type: T.Type, _ index: Int, parent: PathNode, key: WireCodingKey
    ) throws -> Any {
        try unwrap(index, as: type, parent: parent, key: { key })
    }

    // MARK: SingleValueDecodingContainer

    func decodeNil() -> Bool {
        let isNull = tape.kind(current) == .null
        if let recorder, isNull {
            if current == nullIndex {
                recorder.read(.path(jsonPath(node)), type: Never.self, method: .decodeNil, outcome: .value)
            } else {
                recorder.read(current, type: Never.self, method: .decodeNil)
            }
        }
        return isNull
    }

    /// A single-value read, recorded (decodeWithReport only): the value and whether `body` threw.
    func recordedSingle<T>(_ type: Any.Type, _ body: () throws -> T) throws -> T {
        let recorder = recorder.unsafelyUnwrapped
        let read =
            current == nullIndex
            ? recorder.read(.path(jsonPath(node)), type: type, method: .singleValue, outcome: .value)
            : recorder.read(current, type: type, method: .singleValue)
        do {
            return try body()
        } catch {
            recorder.settle(read, .threw)
            throw error
        }
    }

    /// A coding path as a JSON path (the wire path of a value that is not on the tape).
    func jsonPath(_ node: PathNode) -> JSONPath {
        JSONPath(
            node.path.map { key in
                if case .index(let index)? = key as? WireCodingKey { return .index(index) }
                return .key(key.stringValue)
            })
    }
    func decode(_ type: Bool.Type) throws -> Bool {
        if recorder != nil { return try recordedSingle(type) { try unwrapBool(current, parent: node, key: { nil }) } }
        return try unwrapBool(current, parent: node, key: { nil })
    }
    func decode(_ type: String.Type) throws -> String {
        if recorder != nil { return try recordedSingle(type) { try unwrapString(current, parent: node, key: { nil }) } }
        return try unwrapString(current, parent: node, key: { nil })
    }
    func decode(_ type: Double.Type) throws -> Double {
        if recorder != nil {
            return try recordedSingle(type) { try unwrapFloat(current, as: type, parent: node, key: { nil }) }
        }
        return try unwrapFloat(current, as: type, parent: node, key: { nil })
    }
    func decode(_ type: Float.Type) throws -> Float {
        if recorder != nil {
            return try recordedSingle(type) { try unwrapFloat(current, as: type, parent: node, key: { nil }) }
        }
        return try unwrapFloat(current, as: type, parent: node, key: { nil })
    }
    func decode(_ type: Int.Type) throws -> Int {
        if recorder != nil {
            return try recordedSingle(type) { try unwrapInteger(current, as: type, parent: node, key: { nil }) }
        }
        return try unwrapInteger(current, as: type, parent: node, key: { nil })
    }
    func decode(_ type: Int8.Type) throws -> Int8 {
        if recorder != nil {
            return try recordedSingle(type) { try unwrapInteger(current, as: type, parent: node, key: { nil }) }
        }
        return try unwrapInteger(current, as: type, parent: node, key: { nil })
    }
    func decode(_ type: Int16.Type) throws -> Int16 {
        if recorder != nil {
            return try recordedSingle(type) { try unwrapInteger(current, as: type, parent: node, key: { nil }) }
        }
        return try unwrapInteger(current, as: type, parent: node, key: { nil })
    }
    func decode(_ type: Int32.Type) throws -> Int32 {
        if recorder != nil {
            return try recordedSingle(type) { try unwrapInteger(current, as: type, parent: node, key: { nil }) }
        }
        return try unwrapInteger(current, as: type, parent: node, key: { nil })
    }
    func decode(_ type: Int64.Type) throws -> Int64 {
        if recorder != nil {
            return try recordedSingle(type) { try unwrapInteger(current, as: type, parent: node, key: { nil }) }
        }
        return try unwrapInteger(current, as: type, parent: node, key: { nil })
    }
    func decode(_ type: UInt.Type) throws -> UInt {
        if recorder != nil {
            return try recordedSingle(type) { try unwrapInteger(current, as: type, parent: node, key: { nil }) }
        }
        return try unwrapInteger(current, as: type, parent: node, key: { nil })
    }
    func decode(_ type: UInt8.Type) throws -> UInt8 {
        if recorder != nil {
            return try recordedSingle(type) { try unwrapInteger(current, as: type, parent: node, key: { nil }) }
        }
        return try unwrapInteger(current, as: type, parent: node, key: { nil })
    }
    func decode(_ type: UInt16.Type) throws -> UInt16 {
        if recorder != nil {
            return try recordedSingle(type) { try unwrapInteger(current, as: type, parent: node, key: { nil }) }
        }
        return try unwrapInteger(current, as: type, parent: node, key: { nil })
    }
    func decode(_ type: UInt32.Type) throws -> UInt32 {
        if recorder != nil {
            return try recordedSingle(type) { try unwrapInteger(current, as: type, parent: node, key: { nil }) }
        }
        return try unwrapInteger(current, as: type, parent: node, key: { nil })
    }
    func decode(_ type: UInt64.Type) throws -> UInt64 {
        if recorder != nil {
            return try recordedSingle(type) { try unwrapInteger(current, as: type, parent: node, key: { nil }) }
        }
        return try unwrapInteger(current, as: type, parent: node, key: { nil })
    }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if recorder != nil {
            return try recordedSingle(type) { try unwrap(current, as: type, parent: node, key: { nil }) }
        }
        return try unwrap(current, as: type, parent: node, key: { nil })
    }
}
