import WireJSON
import WireStub

/// Writing a route table is the command line's work (`wirelock import-har` writes one); a stub
/// server only reads them, so the writer lives here, beside the commands.
extension RouteTable {
    /// The name of the file `wirelock import-har` writes beside its fixtures.
    package static let defaultFileName = "routes.json"

    /// The table as a JSON value: routes in order, members sorted by the canonical writer, a
    /// single answer written inline and several as a `sequence`.
    package var jsonValue: JSONValue {
        func answerMembers(_ answer: Answer) -> [JSONObject.Member] {
            var members: [JSONObject.Member] = [
                .init(key: "status", value: .number(JSONNumber(integerLiteral: answer.status)))
            ]
            if !answer.headers.isEmpty { members.append(.init(key: "headers", value: Self.strings(answer.headers))) }
            if let fixture = answer.fixture { members.append(.init(key: "fixture", value: .string(fixture))) }
            return members
        }
        let routes = routes.map { route -> JSONValue in
            var members: [JSONObject.Member] = [
                .init(key: "method", value: .string(route.method)), .init(key: "path", value: .string(route.path)),
            ]
            if !route.query.isEmpty { members.append(.init(key: "query", value: Self.strings(route.query))) }
            if route.answers.count == 1 {
                members += answerMembers(route.answers[0])
            } else {
                members.append(
                    .init(key: "sequence", value: .array(route.answers.map { .object(JSONObject(answerMembers($0))) })))
            }
            return .object(JSONObject(members))
        }
        return .object(JSONObject([.init(key: "routes", value: .array(routes))]))
    }

    /// The canonical bytes of the file (what `wirelock fmt` would write).
    package var fileBytes: [UInt8] { CanonicalJSONWriter.bytes(jsonValue) }

    /// `{"name": "value", …}`: header fields, query items, credentials.
    static func strings(_ pairs: [String: String]) -> JSONValue {
        .object(JSONObject(pairs.map { .init(key: $0.key, value: .string($0.value)) }))
    }
}
