import WireJSON
import WireLint
import WireOpenAPI
import WireSupport

/// The OpenAPI work as `Benchmarks/` measures it (a separate package, which sees only public API):
/// a document parsed, every schema in it resolved, reader contracts checked against it, and a diff.
/// Each call starts from scratch (its own resolver), so each phase is timed on its own.
///
/// ```swift
/// let document = try OpenAPIBenchmarks.parse(bytes, file: "api.github.com.json")
/// let schemas = OpenAPIBenchmarks.resolveEverything(document)
/// let findings = try OpenAPIBenchmarks.check(document, configuration: "Tests/Fixtures/GitHubSample/wirelock.json")
/// ```
public enum OpenAPIBenchmarks {
    /// A parsed document, opaque outside the package.
    public struct Document: Sendable {
        let document: OpenAPIDocument
        /// How many operations it has.
        public var operations: Int { document.operations.count }
    }

    /// Something that stopped a phase, as its diagnostic line.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Parses a document (``OpenAPIDocument``).
    /// - Throws: ``Failure`` when it is not an OpenAPI 3.0 or 3.1 JSON document.
    public static func parse(_ bytes: [UInt8], file: String) throws -> Document {
        do throws(OpenAPIError) {
            return Document(document: try OpenAPIDocument(bytes: bytes, file: file))
        } catch {
            throw Failure(description: error.description)
        }
    }

    /// Works out every schema of the document once — the component schemas, the JSON body of every
    /// response, every member, element and map value below them — and returns how many.
    public static func resolveEverything(_ document: Document) -> Int {
        let resolver = SchemaResolver(document.document)
        var queue: [Alternatives] = []
        if case .object(let schemas)? = document.document.value(at: JSONPointer(["components", "schemas"])) {
            for schema in schemas {
                if let node = resolver.node(at: JSONPointer(["components", "schemas", schema.key])) {
                    queue.append(Alternatives(node))
                }
            }
        }
        for operation in document.document.operations {
            for (_, response) in OpenAPIDiff.responses(of: operation, in: document.document) {
                for media in OpenAPIDiff.jsonMedia(ofResponse: response, in: document.document) {
                    if let node = resolver.node(at: media.schema) { queue.append(Alternatives(node)) }
                }
            }
        }
        var seen: Set<String> = []
        while let next = queue.popLast() {
            let alternatives = resolver.canonical(next)
            guard seen.insert(alternatives.key).inserted else { continue }
            let facts = resolver.facts(of: alternatives)
            queue += facts.properties.values
            if let items = facts.items { queue.append(items) }
            if case .schema(let values) = facts.additional { queue.append(values) }
        }
        return seen.count
    }

    /// The reader contracts and mapping a configuration file names, checked against the document
    /// (as `wirelock contract --openapi`); returns the number of findings.
    /// - Throws: ``Failure`` for a configuration, contract or mapping that cannot be used.
    public static func check(_ document: Document, configuration: String) throws -> Int {
        do throws(OpenAPIStage.Failure) {
            let inputs = try OpenAPIStage.inputs(
                configPath: RawPath(configuration), reads: [], maps: [], environment: [:])
            let setup = try OpenAPIStage.prepare(
                document: document.document, contracts: inputs.contracts, mappings: inputs.mappings,
                configurationFile: configuration)
            return OpenAPIStage.check(setup, display: { $0.displayed }).findings.count
        } catch {
            throw Failure(description: error.description)
        }
    }

    /// The response-side changes from `old` to `new` (as `wirelock diff --openapi`); returns how many.
    public static func diff(_ old: Document, _ new: Document) -> Int {
        OpenAPIDiff(old: old.document, new: new.document).changes().count
    }
}
