import Foundation
import Testing

@Suite("No static or global holds a Foundation object that is not Sendable on Darwin")
struct SharedFoundationRuleTests {
    @Test(
        "planted shared Foundation objects are caught, on the declaration's first line",
        arguments: [
            // The two issue 37 found, as they were written.
            (
                "enum T {\n    static let formatter: DateFormatter = {\n        let f = DateFormatter()\n        return f\n    }()\n}\n",
                2, "DateFormatter"
            ),
            (
                "public enum G {\n    public static let dateFormatter: DateFormatter = {\n        DateFormatter()\n    }()\n}\n",
                2, "DateFormatter"
            ),
            // Initialisers without a written type.
            ("enum T {\n    static let decoder = JSONDecoder()\n}\n", 2, "JSONDecoder"),
            ("enum T {\n    private static let f = Foundation.ISO8601DateFormatter()\n}\n", 2, "ISO8601DateFormatter"),
            ("enum T {\n    static let e = JSONEncoder.init()\n}\n", 2, "JSONEncoder"),
            ("enum T {\n    static let r = try! NSRegularExpression(pattern: \"a+\")\n}\n", 2, "NSRegularExpression"),
            (
                "enum T {\n    static let n = {\n        let n = NumberFormatter()\n        return n\n    }()\n}\n", 2,
                "NumberFormatter"
            ),
            // Written types: optional, collection, stored `var`, on the next line after an attribute.
            ("enum T {\n    static let f: DateFormatter? = nil\n}\n", 2, "DateFormatter"),
            ("enum T {\n    static let all: [String: PropertyListDecoder] = [:]\n}\n", 2, "PropertyListDecoder"),
            (
                "enum T {\n    @available(macOS 13, *)\n    static var f: ByteCountFormatter = ByteCountFormatter()\n}\n",
                2, "ByteCountFormatter"
            ),
            // Globals.
            ("let decoder = JSONDecoder()\n", 1, "JSONDecoder"),
            ("#if DEBUG\n    private let f: DateFormatter = DateFormatter()\n#endif\n", 2, "DateFormatter"),
            // nonisolated(unsafe) without a comment saying why.
            ("enum T {\n    nonisolated(unsafe) static let f = ISO8601DateFormatter()\n}\n", 2, "ISO8601DateFormatter"),
        ])
    func planted(source: String, line: Int, type: String) {
        let found = sharedFoundationViolations(in: source, file: "Sources/X/Planted.swift")
        #expect(found.map(\.line) == [line], "\(found)")
        #expect(found.map(\.type.name) == [type])
    }

    @Test("the message says what each platform declares and what to write instead")
    func message() throws {
        let found = sharedFoundationViolations(
            in: "enum T {\n    static let formatter: DateFormatter = DateFormatter()\n}\n", file: "Sources/X/A.swift")
        try #require(found.count == 1)
        let text = found[0].description
        #expect(text.hasPrefix("Sources/X/A.swift:2: static let formatter holds a shared DateFormatter — Darwin: "))
        #expect(text.contains("soto-core #624"))
        #expect(text.contains("; Linux: @unchecked Sendable ("))
        #expect(text.hasSuffix("or mark it nonisolated(unsafe) with a comment saying why sharing it is safe)"))

        let unsafe = sharedFoundationViolations(
            in: "enum T {\n    nonisolated(unsafe) static let f = ISO8601DateFormatter()\n}\n", file: "a.swift")
        #expect(unsafe.map(\.problem) == [.unsafeWithoutReason])
    }

    @Test(
        "boxes, computed properties, reasons, actors, instances, locals and lookalikes pass",
        arguments: [
            // Built per use.
            "enum T {\n    static var formatter: DateFormatter {\n        DateFormatter()\n    }\n}\n",
            "enum T {\n    public static var decoder: JSONDecoder { JSONDecoder() }\n}\n",
            // Boxed.
            "enum T {\n    static let pool = FormatterPool { DateFormatter() }\n}\n",
            "enum T {\n    static let pool: FormatterPool<ISO8601DateFormatter> = FormatterPool { ISO8601DateFormatter() }\n}\n",
            "enum T {\n    static let box = RegexBox(regex: try! NSRegularExpression(pattern: \"x\"))\n}\n",
            // nonisolated(unsafe) with the reason above or beside it.
            "enum T {\n    /// Only read after it is built; parsing does not change it.\n    nonisolated(unsafe) static let f = ISO8601DateFormatter()\n}\n",
            "enum T {\n    nonisolated(unsafe) static let f = ISO8601DateFormatter()  // read-only after init\n}\n",
            // Isolated to the main actor.
            "enum T {\n    @MainActor static let f = DateFormatter()\n}\n",
            // Not static, not global: an instance property and a local.
            "struct T {\n    let formatter = DateFormatter()\n    func f() {\n        let decoder = JSONDecoder()\n    }\n}\n",
            // Nested types and values of a listed type's namespace.
            "enum T {\n    static let strategy = JSONDecoder.DateDecodingStrategy.iso8601\n}\n",
            "enum T {\n    static let style: DateFormatter.Style = .short\n}\n",
            // A static func, a comment, a string.
            "enum T {\n    static func make() -> DateFormatter { DateFormatter() }\n}\n",
            "enum T {\n    // static let f = DateFormatter()\n    static let text = \"static let f = DateFormatter()\"\n}\n",
            // Top-level code in main.swift belongs to the main actor.
        ])
    func accepted(source: String) {
        #expect(sharedFoundationViolations(in: source, file: "Sources/X/A.swift") == [])
    }

    @Test("a global in main.swift belongs to the main actor; the same line elsewhere does not")
    func mainSwift() {
        let source = "let decoder = JSONDecoder()\n"
        #expect(sharedFoundationViolations(in: source, file: "Sources/Tool/main.swift") == [])
        #expect(sharedFoundationViolations(in: source, file: "Sources/Tool/Tool.swift").count == 1)
    }

    @Test("every row names a type and what each platform declares")
    func tableIsWellFormed() {
        #expect(Set(SharedFoundationRule.types.map(\.name)).count == SharedFoundationRule.types.count)
        for type in SharedFoundationRule.types {
            #expect(!type.darwin.isEmpty && !type.linux.isEmpty, "\(type.name)")
            let planted = "enum T {\n    static let value = \(type.name)()\n}\n"
            #expect(sharedFoundationViolations(in: planted, file: "a.swift").map(\.type) == [type])
        }
    }

    // MARK: the tree

    @Test("no .swift file under Sources/ or Tests/ shares a Foundation object unguarded")
    func repositoryHasNoSharedFoundationObjects() throws {
        let root = repositoryRoot()
        var files: [String] = []
        for folder in ["Sources", "Tests"] {
            let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let path = walker?.nextObject() as? String {
                if path.hasSuffix(".swift") { files.append("\(folder)/\(path)") }
            }
        }
        #expect(files.count >= 100, "expected the package's Swift files under \(root.path)")
        var found: [SharedStateViolation] = []
        for file in files.sorted() {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            found += sharedFoundationViolations(in: text, file: file)
        }
        let list = found.map(\.description).joined(separator: "\n")
        let count = found.count  // the list below is the message; the array itself is not repeated
        #expect(count == 0, "Shared Foundation objects a Darwin build may reject:\n\(list)")
    }
}
