import Testing
import WireDecoder
import WireJSON
import WireOpenAPI
import WireSupport

/// What a schema says once `$ref`, `allOf`, `oneOf`, `anyOf`, 3.0 `nullable` and 3.1 type arrays are
/// taken into account.
@Suite("OpenAPI: schema facts")
struct SchemaResolverTests {
    /// A document whose `components.schemas` are `schemas` (JSON text of the object's members).
    static func document(_ schemas: String, version: String = "3.0.3") throws -> OpenAPIDocument {
        try OpenAPITestSupport.document(
            json: "{'openapi': '\(version)', 'paths': {}, 'components': {'schemas': {\(schemas)}}}"
                .replacingAll("'", with: "\""))
    }

    static func facts(_ name: String, in document: OpenAPIDocument) throws -> SchemaFacts {
        SchemaResolver(document).facts(of: try JSONPointer(parsing: "#/components/schemas/\(name)"))
    }

    @Test func aReferenceChainEndsAtItsSchema() throws {
        let document = try Self.document(
            "'a': {'$ref': '#/components/schemas/b'}, 'b': {'$ref': '#/components/schemas/c'}, 'c': {'type': 'string', 'format': 'uuid'}"
        )
        let facts = try Self.facts("a", in: document)
        #expect(facts.types == [.string])
        #expect(facts.formats == ["uuid"])
        #expect(facts.origin?.description == "#/components/schemas/c")
    }

    @Test func openAPI30NullableIsNullAndSoIsItsIdiomForAReference() throws {
        let document = try Self.document(
            "'user': {'type': 'object', 'properties': {'login': {'type': 'string'}}}, "
                + "'owner': {'nullable': true, 'allOf': [{'$ref': '#/components/schemas/user'}]}, "
                + "'name': {'type': 'string', 'nullable': true}")
        #expect(try Self.facts("name", in: document).nullable)
        let owner = try Self.facts("owner", in: document)
        #expect(owner.nullable)
        #expect(owner.types == [.object])
        #expect(owner.properties["login"] != nil)
        #expect(try !Self.facts("user", in: document).nullable)
    }

    @Test func openAPI31TypeArraysAndNullAlternatives() throws {
        let document = try Self.document(
            "'name': {'type': ['string', 'null']}, 'id': {'type': ['integer', 'string']}, "
                + "'user': {'type': 'object', 'properties': {'login': {'type': 'string'}}, 'required': ['login']}, "
                + "'owner': {'anyOf': [{'$ref': '#/components/schemas/user'}, {'type': 'null'}]}, "
                + "'described': {'$ref': '#/components/schemas/user', 'description': 'who', 'nullable': true}",
            version: "3.1.0")
        let name = try Self.facts("name", in: document)
        #expect(name.nullable && name.types == [.string])
        #expect(try Self.facts("id", in: document).types == [.integer, .string])
        let owner = try Self.facts("owner", in: document)
        #expect(owner.nullable)
        #expect(owner.required == ["login"])
        // 3.1: `nullable` is no keyword; a $ref's siblings apply beside it.
        #expect(try !Self.facts("described", in: document).nullable)
        #expect(try Self.facts("described", in: document).properties["login"] != nil)
    }

    @Test func allOfJoinsMembersAndRequired() throws {
        let document = try Self.document(
            "'base': {'type': 'object', 'properties': {'id': {'type': 'integer'}}, 'required': ['id']}, "
                + "'page': {'allOf': [{'$ref': '#/components/schemas/base'}, {'type': 'object', 'properties': {'items': {'type': 'array', 'items': {'type': 'string'}}}, 'required': ['items']}]}"
        )
        let page = try Self.facts("page", in: document)
        #expect(Set(page.properties.keys) == ["id", "items"])
        #expect(page.required == ["id", "items"])
        #expect(page.types == [.object])
    }

    @Test func oneOfRequiresOnlyWhatEveryObjectAlternativeRequires() throws {
        let document = try Self.document(
            "'pet': {'oneOf': ["
                + "{'type': 'object', 'properties': {'name': {'type': 'string'}, 'bark': {'type': 'boolean'}}, 'required': ['name', 'bark']}, "
                + "{'type': 'object', 'properties': {'name': {'type': 'string'}, 'purr': {'type': 'boolean'}}, 'required': ['name']}, "
                + "{'type': 'string', 'enum': ['unknown']}]}")
        let pet = try Self.facts("pet", in: document)
        #expect(pet.required == ["name"])
        #expect(Set(pet.properties.keys) == ["name", "bark", "purr"])
        #expect(pet.types == [.object, .string])
        #expect(pet.enumValues == nil)
    }

    @Test func enumConstAndNullInAnEnum() throws {
        let document = try Self.document(
            "'state': {'type': 'string', 'enum': ['open', 'closed', null]}, 'kind': {'const': 'issue'}",
            version: "3.1.0")
        let state = try Self.facts("state", in: document)
        #expect(state.enumValues == [.string("open"), .string("closed")])
        #expect(state.nullable)
        #expect(try Self.facts("kind", in: document).enumValues == [.string("issue")])
    }

    @Test func additionalPropertiesDescribeAMapAndFalseForbidsOthers() throws {
        let document = try Self.document(
            "'counts': {'type': 'object', 'additionalProperties': {'type': 'integer'}}, "
                + "'closed': {'type': 'object', 'properties': {'a': {'type': 'string'}}, 'additionalProperties': false}"
        )
        guard case .schema(let values) = try Self.facts("counts", in: document).additional else {
            Issue.record("no additionalProperties schema")
            return
        }
        #expect(SchemaResolver(document).facts(of: values).types == [.integer])
        guard case .forbidden = try Self.facts("closed", in: document).additional else {
            Issue.record("additionalProperties: false not read")
            return
        }
    }

    @Test func aCycleThroughCompositionEndsAndARecursiveMemberIsFine() throws {
        let document = try Self.document(
            "'loop': {'allOf': [{'$ref': '#/components/schemas/loop'}, {'type': 'object'}]}, "
                + "'node': {'type': 'object', 'properties': {'parent': {'$ref': '#/components/schemas/node'}, 'name': {'type': 'string'}}}"
        )
        #expect(try Self.facts("loop", in: document).types == [.object])
        var walk = SchemaWalk(
            resolver: SchemaResolver(document), root: try JSONPointer(parsing: "#/components/schemas/node"))
        guard case .described(let deep) = walk.place(of: try JSONPathPattern("$.parent.parent.parent.name")) else {
            Issue.record("a recursive member was not followed")
            return
        }
        #expect(deep.facts.types == [.string])
    }

    @Test func aReferenceThatLeadsNowhereIsAProblemWithItsPlace() throws {
        let document = try Self.document(
            "'a': {'type': 'object', 'properties': {'b': {'$ref': '#/components/schemas/missing'}}}")
        let resolver = SchemaResolver(document)
        let b = resolver.facts(of: try JSONPointer(parsing: "#/components/schemas/a/properties/b"))
        #expect(b.types == nil)
        #expect(resolver.problems.count == 1)
        let problem = try #require(resolver.problems.first)
        #expect(problem.message.hasPrefix("$ref '#/components/schemas/missing' does not resolve"))
        #expect(problem.line == 1 && problem.column > 1)
        // An external reference is named as such.
        let external = try Self.document("'a': {'$ref': 'other.json#/components/schemas/a'}")
        let other = SchemaResolver(external)
        _ = other.facts(of: try JSONPointer(parsing: "#/components/schemas/a"))
        #expect(other.problems.first?.message.contains("only local references") == true)
    }

    @Test func booleanSchemasOf31() throws {
        let document = try Self.document("'any': true, 'none': false", version: "3.1.0")
        #expect(try Self.facts("any", in: document).types == nil)
        #expect(try Self.facts("none", in: document).types == [])
    }
}
