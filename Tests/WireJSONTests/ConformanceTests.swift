import Foundation
import Testing

@testable import WireJSON

/// JSONTestSuite (nst/JSONTestSuite), read from ../shared/conformance; skipped with a message when
/// the corpus is not there.
@Suite(
    "JSONTestSuite conformance",
    .enabled(
        if: Conformance.jsonTestSuite != nil,
        "JSONTestSuite not found: set WIRELOCK_CONFORMANCE_DIR or place shared/conformance beside the repository"))
struct ConformanceTests {
    static let duplicateKeyFiles: Set<String> = [
        "y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json",
    ]

    @Test("every n_ file is rejected")
    func rejectsEveryInvalidFile() throws {
        let files = Conformance.files(prefix: "n_")
        #expect(files.count > 150)
        for file in files {
            let report = try JSONValidator().validate(fileAt: file.path)
            #expect(!report.isValid, "accepted \(file.lastPathComponent)")
        }
    }

    @Test("every y_ file is accepted, except the two duplicate-key files in strict mode")
    func acceptsEveryValidFile() throws {
        let files = Conformance.files(prefix: "y_")
        #expect(files.count > 90)
        for file in files {
            let name = file.lastPathComponent
            let report = try JSONValidator().validate(fileAt: file.path)
            if Self.duplicateKeyFiles.contains(name) {
                #expect(report.errors.map(\.kind) == [.duplicateKey], "\(name): \(report.errors)")
            } else {
                #expect(report.isValid, "rejected \(name): \(report.errors)")
            }
            let relaxed = try JSONValidator(options: JSONParseOptions(allowDuplicateKeys: true)).validate(
                fileAt: file.path)
            #expect(relaxed.isValid, "rejected with --allow-duplicate-keys: \(name): \(relaxed.errors)")
        }
    }

    /// WireLock's choice for each implementation-defined case; the README's table says the same.
    static let implementationDefined: [String: JSONSyntaxError.Kind?] = [
        "i_number_double_huge_neg_exp.json": nil,
        "i_number_huge_exp.json": nil,
        "i_number_neg_int_huge_exp.json": nil,
        "i_number_pos_double_huge_exp.json": nil,
        "i_number_real_neg_overflow.json": nil,
        "i_number_real_pos_overflow.json": nil,
        "i_number_real_underflow.json": nil,
        "i_number_too_big_neg_int.json": nil,
        "i_number_too_big_pos_int.json": nil,
        "i_number_very_big_negative_int.json": nil,
        "i_object_key_lone_2nd_surrogate.json": .loneSurrogate,
        "i_string_1st_surrogate_but_2nd_missing.json": .loneSurrogate,
        "i_string_1st_valid_surrogate_2nd_invalid.json": .loneSurrogate,
        "i_string_UTF-16LE_with_BOM.json": .invalidUTF8,
        "i_string_UTF-8_invalid_sequence.json": .invalidUTF8,
        "i_string_UTF8_surrogate_U+D800.json": .invalidUTF8,
        "i_string_incomplete_surrogate_and_escape_valid.json": .loneSurrogate,
        "i_string_incomplete_surrogate_pair.json": .loneSurrogate,
        "i_string_incomplete_surrogates_escape_valid.json": .loneSurrogate,
        "i_string_invalid_lonely_surrogate.json": .loneSurrogate,
        "i_string_invalid_surrogate.json": .loneSurrogate,
        "i_string_invalid_utf-8.json": .invalidUTF8,
        "i_string_inverted_surrogates_U+1D11E.json": .loneSurrogate,
        "i_string_iso_latin_1.json": .invalidUTF8,
        "i_string_lone_second_surrogate.json": .loneSurrogate,
        "i_string_lone_utf8_continuation_byte.json": .invalidUTF8,
        "i_string_not_in_unicode_range.json": .invalidUTF8,
        "i_string_overlong_sequence_2_bytes.json": .invalidUTF8,
        "i_string_overlong_sequence_6_bytes.json": .invalidUTF8,
        "i_string_overlong_sequence_6_bytes_null.json": .invalidUTF8,
        "i_string_truncated-utf-8.json": .invalidUTF8,
        "i_string_utf16BE_no_BOM.json": .unexpectedCharacter,
        "i_string_utf16LE_no_BOM.json": .unexpectedCharacter,
        "i_structure_500_nested_arrays.json": nil,
        "i_structure_UTF-8_BOM_empty_object.json": .byteOrderMark,
    ]

    @Test("i_ files get the documented outcome")
    func implementationDefinedOutcomes() throws {
        let files = Conformance.files(prefix: "i_")
        #expect(Set(files.map(\.lastPathComponent)) == Set(Self.implementationDefined.keys))
        var table: [String] = []
        for file in files {
            let name = file.lastPathComponent
            let report = try JSONValidator().validate(fileAt: file.path)
            let seen = report.errors.first?.kind
            table.append(
                "| `\(name)` | \(seen.map { "rejected: \($0.name)" } ?? "accepted") | \(report.errors.first?.reason ?? "") |"
            )
            #expect(seen == Self.implementationDefined[name] ?? nil, "\(name): \(report.errors)")
        }
        print(table.joined(separator: "\n"))
    }

    @Test("chunk size does not change the verdict or the error on any corpus file", arguments: [1, 3, 64])
    func corpusIsChunkIndependent(chunk: Int) throws {
        for file in Conformance.files(prefix: "")
        where (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0 < 20_000 {
            let bytes = [UInt8](try Data(contentsOf: file))
            let whole = parse(bytes, chunks: [])
            let cut = parse(bytes, chunks: [chunk])
            #expect(whole == cut, "\(file.lastPathComponent) in chunks of \(chunk): \(whole) vs \(cut)")
        }
    }
}
