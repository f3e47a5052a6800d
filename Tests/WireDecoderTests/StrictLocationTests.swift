import Foundation
import Testing
import WireDecoder
import WireJSON
import WireLockTestSupport

/// Issue 14, done-when 2: strict mode's syntax errors carry the same location as `wirelock validate`
/// (whose validator is `JSONValidator` with the strict options) for every invalid fixture and every
/// JSONTestSuite `n_` file; every `y_` file decodes; every `i_` file gets a consistent answer.
@Suite("Strict mode's syntax errors are the validator's")
struct StrictLocationTests {
    /// Every `.json` file under `Fixtures/`, relative to the repository root, sorted.
    static let fixtureFiles: [String] = {
        let root = Repository.fixtures
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var files: [String] = []
        while let url = walker?.nextObject() as? URL {
            if url.pathExtension == "json" { files.append("Fixtures/" + url.path.dropFirst(root.path.count + 1)) }
        }
        return files.sorted()
    }()

    /// The fixtures the validator rejects: Fixtures/invalid, the *-malformed files and any other.
    static let invalidFixtures: [String] = fixtureFiles.filter { path in
        guard let bytes = try? Data(contentsOf: Repository.url(path)) else { return true }
        return !JSONValidator().validate(Array(bytes)).isValid
    }

    static var testParsing: URL? { Repository.conformance("JSONTestSuite/test_parsing") }

    /// The JSONTestSuite files whose name starts with `prefix`, sorted; empty without the corpus.
    static func suiteFiles(_ prefix: String) -> [String] {
        guard let folder = testParsing,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return [] }
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    static func suiteBytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: try #require(testParsing).appendingPathComponent(name)))
    }

    /// What a strict decode of `bytes` into ``AnyJSON`` ends with.
    enum Outcome {
        case decoded
        /// `DecodingError.dataCorrupted`, its context, and its underlying error when it is a
        /// `JSONSyntaxError`.
        case dataCorrupted(DecodingError.Context, JSONSyntaxError?)
        case otherError(any Error)
    }

    static func decode(_ bytes: [UInt8], acceptance: WireJSONDecoder.Acceptance = .strict) -> Outcome {
        let decoder = WireJSONDecoder()
        decoder.acceptance = acceptance
        do {
            _ = try decoder.decode(AnyJSON.self, from: Data(bytes))
            return .decoded
        } catch DecodingError.dataCorrupted(let context) {
            return .dataCorrupted(context, context.underlyingError as? JSONSyntaxError)
        } catch {
            return .otherError(error)
        }
    }

    /// The strict decoder's error for `bytes` is the validator's first error: same kind, location,
    /// path and excerpt, an empty coding path, and a description naming line, column, byte and path.
    static func expectValidatorsError(_ bytes: [UInt8], name: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let expected = try #require(
            JSONValidator().validate(bytes).errors.first, "the validator accepts \(name)",
            sourceLocation: sourceLocation)
        switch decode(bytes) {
        case .decoded:
            Issue.record("\(name): decoded, but the validator says \(expected)", sourceLocation: sourceLocation)
        case .otherError(let error):
            Issue.record("\(name): expected DecodingError.dataCorrupted, got \(error)", sourceLocation: sourceLocation)
        case .dataCorrupted(let context, let syntax):
            #expect(
                context.codingPath.isEmpty, "\(name): coding path \(context.codingPath)", sourceLocation: sourceLocation
            )
            guard let syntax else {
                Issue.record(
                    "\(name): underlying error is \(String(describing: context.underlyingError)), not a JSONSyntaxError",
                    sourceLocation: sourceLocation)
                return
            }
            #expect(syntax.kind == expected.kind, "\(name)", sourceLocation: sourceLocation)
            #expect(syntax.location == expected.location, "\(name)", sourceLocation: sourceLocation)
            #expect(syntax.path == expected.path, "\(name)", sourceLocation: sourceLocation)
            #expect(syntax.excerpt == expected.excerpt, "\(name)", sourceLocation: sourceLocation)
            let text = context.debugDescription
            for part in [
                "line \(expected.location.line)", "column \(expected.location.column)",
                "byte \(expected.location.offset)", expected.path.description,
            ] {
                #expect(text.contains(part), "\(name): '\(text)' lacks '\(part)'", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("the invalid fixtures are found: all of Fixtures/invalid and every *-malformed file")
    func invalidFixturesAreFound() {
        let expected = Self.fixtureFiles.filter { $0.hasPrefix("Fixtures/invalid/") || $0.contains("-malformed") }
        #expect(expected.count >= 9)
        #expect(Set(expected).isSubset(of: Self.invalidFixtures), "\(Set(expected).subtracting(Self.invalidFixtures))")
    }

    @Test("an invalid fixture's strict decoding error is the validator's", arguments: invalidFixtures)
    func invalidFixture(_ path: String) throws {
        try Self.expectValidatorsError(Array(try Data(contentsOf: Repository.url(path))), name: path)
    }

    @Test(
        "a JSONTestSuite n_ file's strict decoding error is the validator's",
        .enabled(if: testParsing != nil, "JSONTestSuite not found: set WIRELOCK_CONFORMANCE_DIR (n_ files skipped)"),
        arguments: suiteFiles("n_"))
    func invalidSuiteFile(_ name: String) throws {
        try Self.expectValidatorsError(try Self.suiteBytes(name), name: name)
    }

    @Test(
        "the corpus is all there: > 150 n_, 95 y_ and some i_ files",
        .enabled(if: testParsing != nil, "JSONTestSuite not found: set WIRELOCK_CONFORMANCE_DIR (counts skipped)"))
    func corpusIsComplete() {
        #expect(Self.suiteFiles("n_").count > 150)
        #expect(Self.suiteFiles("y_").count == 95)
        #expect(Self.suiteFiles("i_").count > 30)
    }

    /// Strict mode follows the validator, which rejects a repeated member name: the two `y_` files
    /// that repeat one get the validator's `duplicate-key` error, and decode with `.jsonDecoder`.
    static let duplicateKeyFiles: Set<String> = [
        "y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json",
    ]

    @Test(
        "a JSONTestSuite y_ file decodes in strict mode (a repeated name: the validator's error)",
        .enabled(if: testParsing != nil, "JSONTestSuite not found: set WIRELOCK_CONFORMANCE_DIR (y_ files skipped)"),
        arguments: suiteFiles("y_"))
    func validSuiteFile(_ name: String) throws {
        let bytes = try Self.suiteBytes(name)
        if Self.duplicateKeyFiles.contains(name) {
            try Self.expectValidatorsError(bytes, name: name)
            guard case .decoded = Self.decode(bytes, acceptance: .jsonDecoder) else {
                Issue.record("\(name): .jsonDecoder acceptance does not decode it")
                return
            }
        } else {
            guard case .decoded = Self.decode(bytes) else {
                Issue.record("\(name): \(Self.decode(bytes))")
                return
            }
        }
    }

    /// An `i_` file is either rejected by the validator, and then strict decoding throws the
    /// validator's error, or accepted, and then strict decoding answers as `JSONDecoder` does: both
    /// decode (to the same value), or both throw `dataCorrupted` at the same coding path (a number
    /// no numeric type holds), never with a syntax error.
    @Test(
        "a JSONTestSuite i_ file gets the validator's answer, or JSONDecoder's",
        .enabled(if: testParsing != nil, "JSONTestSuite not found: set WIRELOCK_CONFORMANCE_DIR (i_ files skipped)"),
        arguments: suiteFiles("i_"))
    func implementationDefinedSuiteFile(_ name: String) throws {
        let bytes = try Self.suiteBytes(name)
        if !JSONValidator().validate(bytes).isValid {
            try Self.expectValidatorsError(bytes, name: name)
            return
        }
        let legacy = Result { try JSONDecoder().decode(AnyJSON.self, from: Data(bytes)) }
        switch (Self.decode(bytes), legacy) {
        case (.decoded, .success(let value)):
            #expect(try WireJSONDecoder().decode(AnyJSON.self, from: Data(bytes)) == value, "\(name)")
        case (.dataCorrupted(let context, let syntax), .failure(DecodingError.dataCorrupted(let legacyContext))):
            #expect(syntax == nil, "\(name): the validator accepts it, the decoder says \(String(describing: syntax))")
            #expect(
                context.codingPath.map(\.stringValue) == legacyContext.codingPath.map(\.stringValue),
                "\(name): \(context.codingPath) against JSONDecoder's \(legacyContext.codingPath)")
        case (let outcome, let legacy):
            Issue.record("\(name): strict decoding gives \(outcome), JSONDecoder \(legacy)")
        }
    }
}
