import WireDecoder
import WireReaders

/// Proposes where each reader contract's payload is described in a document: every JSON body of a
/// response (error bodies too) and every component schema is a candidate, scored by how many of the paths the
/// contract's fixtures hold (those the model reads and those it drops) the candidate declares; a
/// route of the route table that answers with one of the contract's fixtures names the operation
/// and status to prefer among equal scores.
///
/// ```swift
/// let proposals = OpenAPIMappingProposal.propose(contracts: [("movie", contract)], document: document, routes: [])
/// proposals[0].candidates.first?.target   // GET /api/v3/movie 200
/// ```
package enum OpenAPIMappingProposal {
    /// A route of a route table: what a request looks like and the fixture it is answered with.
    package struct Route: Hashable, Sendable {
        package var method: String
        package var path: String
        package var status: Int
        package var fixture: String

        package init(method: String, path: String, status: Int, fixture: String) {
            self.method = method
            self.path = path
            self.status = status
            self.fixture = fixture
        }
    }

    /// One place the payload may be described, and how well it fits.
    package struct Candidate: Hashable, Sendable {
        package var target: OpenAPITarget
        /// Paths of the contract the candidate declares.
        package var declared: Int
        /// Paths of the contract (read and dropped, the root aside).
        package var total: Int
        /// A route answering with one of the contract's fixtures is this operation and status.
        package var route: Route?
        /// Members the candidate declares at the top that no fixture of the contract has (fewer is
        /// a closer fit among equal scores).
        package var extra: Int

        /// The share of paths declared (1 when the contract has none besides the root).
        package var score: Double { total == 0 ? 1 : Double(declared) / Double(total) }
    }

    /// A contract's candidates, best first.
    package struct Proposal: Sendable {
        package var name: String
        package var contract: ReaderContract
        package var candidates: [Candidate]
    }

    /// The candidates of each contract, best first: by share of paths declared, then the one a
    /// route names, then operations before schemas, then in the document's order. A candidate
    /// whose root type the reader cannot take is left out.
    package static func propose(
        contracts: [(name: String, contract: ReaderContract)], document: OpenAPIDocument, routes: [Route]
    ) -> [Proposal] {
        let resolver = SchemaResolver(document)
        var bodies: [OpenAPITarget.Body] = []
        for operation in document.operations {
            for (status, pointer) in OpenAPIDiff.responses(of: operation, in: document) {
                guard let media = OpenAPIDiff.jsonMedia(ofResponse: pointer, in: document).first else { continue }
                bodies.append(
                    OpenAPITarget.Body(
                        target: .response(method: operation.method, path: operation.path, status: status),
                        mediaType: media.type, schema: media.schema))
            }
        }
        if case .object(let schemas)? = document.value(at: JSONPointer(["components", "schemas"])) {
            for schema in schemas {
                let pointer = JSONPointer(["components", "schemas", schema.key])
                bodies.append(OpenAPITarget.Body(target: .pointer(pointer), mediaType: nil, schema: pointer))
            }
        }
        return contracts.map { name, contract in
            let paths = contract.sortedEntries.map(\.path).filter { !$0.steps.isEmpty } + contract.dropped.sorted()
            let topNames = Set(paths.compactMap { $0.steps.count == 1 ? $0.lastKey : nil })
            let rootEntry = contract.entries[.root]
            var candidates: [(Candidate, Int)] = []
            for (order, body) in bodies.enumerated() {
                var walk = SchemaWalk(resolver: resolver, root: body.schema)
                if let rootEntry, case .described(let root) = walk.place(of: .root) {
                    let acceptance = ReaderAcceptance(rootEntry)
                    if let types = root.facts.types, !types.isEmpty,
                        types.allSatisfy({ acceptance.accepts($0) == false })
                    {
                        continue
                    }
                }
                var declared = 0
                for path in paths {
                    if case .described(let place) = walk.place(of: path), place.byName { declared += 1 }
                }
                var extra = 0
                if case .described(let root) = walk.place(of: .root) {
                    extra = root.facts.properties.keys.filter { !topNames.contains($0) }.count
                }
                guard declared > 0 || paths.isEmpty else { continue }
                let route = routes.first { route in
                    guard case .response(let method, let path, let status) = body.target else { return false }
                    return method == route.method && status == String(route.status)
                        && pathMatches(route: route.path, template: path)
                        && contract.fixtures.contains { sameFixture($0, route.fixture) }
                }
                candidates.append(
                    (
                        Candidate(
                            target: body.target, declared: declared, total: paths.count, route: route, extra: extra),
                        order
                    ))
            }
            candidates.sort { lhs, rhs in
                let (a, b) = (lhs.0, rhs.0)
                if a.declared * max(b.total, 1) != b.declared * max(a.total, 1) { return a.score > b.score }
                if (a.route != nil) != (b.route != nil) { return a.route != nil }
                if a.extra != b.extra { return a.extra < b.extra }
                if a.target.isResponse != b.target.isResponse { return a.target.isResponse }
                return lhs.1 < rhs.1
            }
            return Proposal(name: name, contract: contract, candidates: candidates.map(\.0))
        }
    }

    /// Whether a route's path is the template's: segment by segment from the end (a server base
    /// path such as `/api/v3` may be in the route but not in the template), `{…}` matching any.
    static func pathMatches(route: String, template: String) -> Bool {
        let routeSegments = route.split(separator: "/")
        let templateSegments = template.split(separator: "/")
        guard routeSegments.count >= templateSegments.count else { return false }
        for (one, two) in zip(routeSegments.suffix(templateSegments.count), templateSegments) {
            if two.hasPrefix("{") || one.hasPrefix("{") { continue }
            if one != two { return false }
        }
        return true
    }

    /// `API/v3/movies-success` and `movies-success` name one fixture.
    static func sameFixture(_ one: String, _ two: String) -> Bool {
        one == two || one.hasSuffix("/" + two) || two.hasSuffix("/" + one)
    }
}
