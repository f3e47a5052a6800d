import Testing
import WireDecoder
import WireJSON
import WireOpenAPI
import WireReaders
import WireSupport

/// Types and formats as the reader's Swift types and date strategy take them: a fraction where it
/// reads an `Int`, a `date-time` where it reads seconds, a full-date with `.iso8601`, a `Date` or
/// `UUID` where the spec promises a plain string — and the cases that are no finding.
@Suite("OpenAPI: types and formats")
struct TypeAndFormatTests {
    /// A document whose one schema `s` has `properties`.
    static func document(_ properties: String) throws -> OpenAPIDocument {
        try OpenAPITestSupport.document(
            json:
                "{'openapi': '3.0.3', 'paths': {}, 'components': {'schemas': {'s': {'type': 'object', 'properties': {\(properties)}}}}}"
                .replacingAll("'", with: "\""))
    }

    static func entry(_ types: [String], kinds: [ReaderContract.Kind], forms: [String] = []) -> ReaderContract.Entry {
        ReaderContract.Entry(
            path: .root, types: types, methods: [.decodeIfPresent], kinds: kinds, mayBeAbsent: true, mayBeNull: true,
            forms: forms)
    }

    static func findings(_ schema: String, _ entry: ReaderContract.Entry) throws -> [String] {
        let contract = try OpenAPITestSupport.contract(["$.x": entry])
        return try OpenAPITestSupport.findings(
            contract, target: "#/components/schemas/s", in: try Self.document("'x': \(schema)")
        ).map { "\($0.kind.rawValue): \($0.detail)" }
    }

    @Test func aNumberReadAsAnIntegerFailsOnAFraction() throws {
        let found = try Self.findings("{'type': 'number'}", Self.entry(["Int"], kinds: [.number], forms: ["integer"]))
        #expect(
            found == [
                "openapi.type-mismatch: reads $.x as Int (integers only), and the spec says number: a fraction such as 1.5 fails to decode"
            ])
        // An integer format says integers; a Double takes any number.
        #expect(
            try Self.findings("{'type': 'number', 'format': 'int64'}", Self.entry(["Int"], kinds: [.number])).isEmpty)
        #expect(try Self.findings("{'type': 'integer'}", Self.entry(["Double"], kinds: [.number])).isEmpty)
    }

    @Test func aDateTimeReadAsSecondsSince1970() throws {
        let found = try Self.findings(
            "{'type': 'string', 'format': 'date-time'}",
            Self.entry(["Date", "Double"], kinds: [.number], forms: ["secondsSince1970:integer"]))
        #expect(
            found == [
                "openapi.type-mismatch: reads $.x as a number (Date, Double), and the spec allows string (format date-time): the Date is read with .secondsSince1970"
            ])
    }

    @Test func datesAndUUIDsAgainstTheirFormats() throws {
        let iso = Self.entry(["Date", "String"], kinds: [.string], forms: ["iso8601:rfc3339"])
        #expect(
            try Self.findings("{'type': 'string', 'format': 'date'}", iso).first?.hasPrefix(
                "openapi.format-mismatch: reads $.x as a Date with .iso8601, and the spec says format date") == true)
        // A date-time is what .iso8601 reads; a custom strategy is not second-guessed.
        #expect(try Self.findings("{'type': 'string', 'format': 'date-time'}", iso).isEmpty)
        let custom = Self.entry(["Date", "String"], kinds: [.string], forms: ["custom:rfc3339"])
        #expect(try Self.findings("{'type': 'string', 'format': 'date'}", custom).isEmpty)
        #expect(
            try Self.findings("{'type': 'string'}", custom) == [
                "openapi.format-mismatch: reads $.x as a Date, and the spec promises a string with no date format"
            ])
        let uuid = Self.entry(["UUID"], kinds: [.string])
        #expect(try Self.findings("{'type': 'string'}", uuid).count == 1)
        #expect(try Self.findings("{'type': 'string', 'format': 'uuid'}", uuid).isEmpty)
    }

    @Test func integerWidths() throws {
        #expect(
            try Self.findings("{'type': 'integer', 'format': 'int32'}", Self.entry(["Int16"], kinds: [.number])).count
                == 1)
        #expect(
            try Self.findings("{'type': 'integer', 'format': 'int32'}", Self.entry(["Int32"], kinds: [.number])).isEmpty
        )
        #expect(
            try Self.findings("{'type': 'integer', 'format': 'int64'}", Self.entry(["Int"], kinds: [.number])).isEmpty)
    }

    @Test func aReaderThatSwallowsErrorsOrTakesNothingIsNotJudged() throws {
        var lenient = Self.entry(["Int"], kinds: [.number])
        lenient.lenient = true
        #expect(try Self.findings("{'type': 'string'}", lenient).isEmpty)
        // Read only with `contains`: no kind to hold against the spec.
        #expect(
            try Self.findings(
                "{'type': 'string'}", ReaderContract.Entry(path: .root, methods: [.contains], mayBeAbsent: true)
            ).isEmpty)
    }
}
