import Foundation
import WireSupport

extension RouteTable {
    /// The file of fixture `name` in `directory`: `<directory>/<name>.json` (a name that already
    /// ends in `.json` or `.jsonl` is used as it is).
    public static func fixturePath(_ name: String, in directory: String) -> String {
        let file = name.hasSuffix(".json") || name.hasSuffix(".jsonl") ? name : name + ".json"
        return directory.hasSuffix("/") ? directory + file : directory + "/" + file
    }

    /// Reads every fixture the table names from `directory`, once each.
    /// - Throws: ``RouteFileError`` naming the first fixture file that cannot be read.
    func fixtureBodies(in directory: String) throws(RouteFileError) -> [String: Data] {
        var bodies: [String: Data] = [:]
        for name in fixtureNames {
            let path = Self.fixturePath(name, in: directory)
            switch FileSystem.readFile(RawPath(path)) {
            case .success(let bytes): bodies[name] = Data(bytes)
            case .failure(let error):
                throw RouteFileError(
                    file: path, location: nil, path: .root, message: "fixture '\(name)' cannot be read: \(error)")
            }
        }
        return bodies
    }
}

extension StubServer {
    /// Registers every route of `table` through ``stub(_:_:)``, in order, with its fixtures read
    /// from `fixturesDirectory` now (so a missing fixture fails here, before any request). A route
    /// with several answers is a ``StubAnswer/sequence(_:)``: each call gets the next answer, and a
    /// call after the last is an exhausted-sequence ``StubProblem`` naming the route. Requests no
    /// route matches fail closed, as for any other stub.
    ///
    /// ```swift
    /// let server = StubServer()
    /// try server.serve(try RouteTable.load(path: "Fixtures/routes.json"), fixturesDirectory: "Fixtures")
    /// ```
    /// - Throws: ``RouteFileError`` naming a fixture file that cannot be read; nothing is
    ///   registered then.
    public func serve(_ table: RouteTable, fixturesDirectory: String) throws(RouteFileError) {
        let bodies = try table.fixtureBodies(in: fixturesDirectory)
        for route in table.routes {
            var stubRoute = StubRoute(method: route.method, path: route.path)
            for (name, value) in route.query.sorted(by: { $0.key < $1.key }) {
                stubRoute = stubRoute.query(name, value)
            }
            let answers = route.answers.map { answer in
                // A fixture's body is JSON unless the table names a `Content-Type`.
                guard let body = answer.fixture.flatMap({ bodies[$0] }) else {
                    return StubAnswer.status(answer.status, headers: answer.headers)
                }
                return StubAnswer.response(.json(body: body, status: answer.status, headers: answer.headers))
            }
            stub(stubRoute, answers.count == 1 ? answers[0] : .sequence(answers))
        }
    }
}
