import Foundation
import WireDecoder
import WireGolden
import WireHTTP
import WireJSON
import WireReaders
import WireShapeTools
import WireShapes
import WireStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Contract mode: the route table an offline suite is stubbed with, checked against the real
/// service. Each route's request is sent to ``baseURL``; the live response must have the route's
/// status, be valid JSON, and have the shape of the route's fixture — compared with the refactor
/// check's rules (WireShapes' `WireShapeDiff`) in both directions, so a member the service no
/// longer sends and one it newly sends are both findings. With ``record`` the live bodies are
/// returned re-recorded (redacted, canonical) for the caller to write; nothing is written here.
///
/// It is off unless asked for: the base URL comes from ``baseURLVariable`` (or the caller), so a
/// plain `swift test` never leaves the machine.
///
/// A key-protected service gets the credentials the table names (``RouteCredentials``):
/// header fields and query items whose values come only from environment variables
/// (``Credential/resolve(_:environment:)``). They are sent with every request, never written
/// (a recorded body that echoes one has it masked), and masked in every finding as
/// `<$RADARR_API_KEY>`.
///
/// ```swift
/// guard let base = ContractCheck.baseURL(from: ProcessInfo.processInfo.environment) else { return }
/// let table = try RouteTable.load(path: "Fixtures/routes.json")
/// let report = await ContractCheck(baseURL: base).run(table, fixturesDirectory: "Fixtures")
/// #expect(report.findings.isEmpty, "\(report.findings)")
/// ```
package struct ContractCheck: Sendable {
    /// `WIRELOCK_CONTRACT_BASE_URL`: where contract mode sends its requests.
    package static let baseURLVariable = "WIRELOCK_CONTRACT_BASE_URL"

    /// The base URL in `environment`, or nil when contract mode is off (unset, empty, or not an
    /// absolute http or https URL).
    package static func baseURL(from environment: [String: String]) -> URL? {
        guard let text = environment[baseURLVariable], !text.isEmpty else { return nil }
        return absoluteHTTPURL(text)
    }

    /// `text` as an absolute `http` or `https` URL with a host, or nil.
    package static func absoluteHTTPURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host != nil
        else { return nil }
        return url
    }

    /// What a run found.
    package struct Report: Hashable, Sendable {
        /// Every disagreement, in route order.
        package var findings: [ContractFinding] = []
        /// How many routes were requested.
        package var checked = 0
        /// Routes not requested, with why (a `{param}` path has no concrete URL).
        package var skipped: [String] = []
        /// With ``ContractCheck/record``: the live bodies, redacted and canonical, under the names of
        /// the fixtures they replace.
        package var recorded: [HARImport.Fixture] = []
        /// Shape changes left out because no reader contract of their fixture reads their path.
        package var unreadChanges = 0

        /// An empty report.
        package init() {}
    }

    /// One credential to send, its value read from the environment.
    package struct Credential: Hashable, Sendable {
        /// Where it goes.
        package enum Place: String, Hashable, Sendable {
            case header, query
        }
        package var place: Place
        /// The header field or query item name (`X-Api-Key`).
        package var name: String
        /// The environment variable it came from (`RADARR_API_KEY`).
        package var variable: String
        /// The value: sent, never shown.
        package var value: String

        /// What is shown instead of the value: `<$RADARR_API_KEY>`.
        package var mask: String { "<$\(variable)>" }

        /// The credentials `named` by a route table, with their values from `environment`.
        /// - Throws: ``MissingCredential`` naming every variable that is unset or empty.
        package static func resolve(
            _ named: RouteCredentials, environment: [String: String]
        ) throws(MissingCredential) -> [Credential] {
            var found: [Credential] = []
            var missing: [String] = []
            let parts =
                named.headers.sorted { $0.key < $1.key }.map { (Place.header, $0.key, $0.value) }
                + named.query.sorted { $0.key < $1.key }.map { (Place.query, $0.key, $0.value) }
            for (place, name, variable) in parts {
                if let value = environment[variable], !value.isEmpty {
                    found.append(Credential(place: place, name: name, variable: variable, value: value))
                } else {
                    missing.append("\(place.rawValue) \(name) from $\(variable)")
                }
            }
            guard missing.isEmpty else { throw MissingCredential(missing: missing) }
            return found
        }
    }

    /// Credentials a route table names whose environment variables are unset or empty.
    package struct MissingCredential: Error, Hashable, Sendable, CustomStringConvertible {
        /// `header X-Api-Key from $RADARR_API_KEY`, one per credential.
        package var missing: [String]
        package var description: String {
            "the route table sends credentials from the environment, and these are not set: "
                + missing.joined(separator: ", ") + " (export them; their values are never written)"
        }
    }

    /// Where requests go: the route's path and query are appended to it.
    package var baseURL: URL
    /// Sent with every request; masked wherever the check reports or records.
    package var credentials: [Credential]
    /// How requests are sent (an ephemeral `URLSession` unless given).
    package var loader: any HTTPDataLoading
    /// Return the live bodies re-recorded.
    package var record: Bool
    /// JSON path patterns whose values are replaced in recorded bodies.
    package var redactions: [JSONPathPattern]
    /// What the client's models read (`golden/*.reads.json`). For a route whose fixture a contract
    /// was learned from, the live body must hold everything the model reads with a kind it accepts,
    /// and a shape change is reported only where a model reads.
    package var readerContracts: [ReaderContract]

    /// A check against `baseURL`.
    package init(
        baseURL: URL, loader: (any HTTPDataLoading)? = nil, record: Bool = false, redactions: [JSONPathPattern] = [],
        credentials: [Credential] = [], readerContracts: [ReaderContract] = []
    ) {
        self.readerContracts = readerContracts
        self.baseURL = baseURL
        self.credentials = credentials
        self.loader = loader ?? URLSession(configuration: .ephemeral)
        self.record = record
        self.redactions = redactions
    }

    /// Requests every route of `table` once and compares the answers with its last answer (the one
    /// a settled service gives: for a `503` then `200` sequence, the `200`).
    package func run(_ table: RouteTable, fixturesDirectory: String) async -> Report {
        var report = Report()
        for route in table.routes {
            if route.path.contains("{") {
                report.skipped.append("\(route): the path has {parameters}; give the table a concrete path")
                continue
            }
            report.checked += 1
            await check(route, fixturesDirectory: fixturesDirectory, into: &report)
        }
        report.findings = report.findings.map { finding in
            var masked = finding
            masked.message = mask(finding.message)
            masked.path = finding.path.map(mask)
            return masked
        }
        report.recorded = report.recorded.map { fixture in
            var masked = fixture
            masked.bytes = Array(mask(String(decoding: fixture.bytes, as: UTF8.self)).utf8)
            return masked
        }
        return report
    }

    /// `text` with every credential value (and its percent-encoded form) replaced by its mask.
    package func mask(_ text: String) -> String {
        var text = text
        for credential in credentials {
            text = text.replacingOccurrences(of: credential.value, with: credential.mask)
            if let encoded = credential.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics),
                encoded != credential.value
            {
                text = text.replacingOccurrences(of: encoded, with: credential.mask)
            }
        }
        return text
    }

    /// The URL of a route: the base URL's path, then the route's path and query.
    func url(for route: RouteTable.Route) -> URL? {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return nil }
        let basePath = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = basePath + route.path
        var items = route.query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        items += credentials.filter { $0.place == .query }.map { URLQueryItem(name: $0.name, value: $0.value) }
        components.queryItems = items.isEmpty ? nil : items
        return components.url
    }

    private func check(_ route: RouteTable.Route, fixturesDirectory: String, into report: inout Report) async {
        let name = route.description
        let expected = route.answers.last { $0.fixture != nil } ?? route.answers[route.answers.count - 1]
        guard let url = url(for: route) else {
            report.findings.append(ContractFinding(route: name, kind: .transport, message: "no URL from \(baseURL)"))
            return
        }
        var request = URLRequest(url: url)
        request.httpMethod = route.method
        for credential in credentials where credential.place == .header {
            request.setValue(credential.value, forHTTPHeaderField: credential.name)
        }
        let data: Data
        let status: Int
        do {
            let (body, response) = try await loader.data(for: request)
            guard let http = response as? HTTPURLResponse else {
                report.findings.append(
                    ContractFinding(route: name, kind: .transport, message: "the response from \(url) is not HTTP"))
                return
            }
            data = body
            status = http.statusCode
        } catch {
            report.findings.append(
                ContractFinding(route: name, kind: .transport, message: "\(url): \(error.localizedDescription)"))
            return
        }
        if status != expected.status {
            var message = "expected status \(expected.status), got \(status)"
            if status == 401 || status == 403, !(400..<500).contains(expected.status) {
                message +=
                    credentials.isEmpty
                    ? " (the service wants credentials: name them in the route table's \"credentials\", "
                        + "each from an environment variable)"
                    : " (check the credentials sent: "
                        + credentials.map { "\($0.place.rawValue) \($0.name)" }
                        .joined(separator: ", ") + ")"
            }
            report.findings.append(ContractFinding(route: name, kind: .status, message: message))
            // An error answer's body is an error page, not the resource: its shape says nothing.
            if !(200..<300).contains(status) { return }
        }
        guard let fixture = expected.fixture else { return }

        let fixtureValue: JSONValue
        let fixturePath = RouteTable.fixturePath(fixture, in: fixturesDirectory)
        do {
            fixtureValue = try JSONValue.parse(Array(try Data(contentsOf: URL(fileURLWithPath: fixturePath))))
        } catch {
            report.findings.append(
                ContractFinding(route: name, kind: .fixture, message: "\(fixturePath) cannot be used: \(error)"))
            return
        }
        let liveValue: JSONValue
        do throws(JSONSyntaxError) {
            liveValue = try JSONValue.parse(Array(data))
        } catch {
            report.findings.append(
                ContractFinding(
                    route: name, kind: .invalidJSON,
                    path: "line \(error.location.line), column \(error.location.column)",
                    message: "the live body is not valid JSON: \(error.reason) at \(error.path)"))
            return
        }
        let readers = ReaderScope.contracts(for: fixture, in: readerContracts)
        var brokenReads = Set<JSONPathPattern>()
        for contract in readers {
            for violation in contract.violations(in: liveValue) {
                brokenReads.insert(JSONPathPattern(folding: violation.path))
                report.findings.append(
                    ContractFinding(
                        route: name, kind: .readerContract, path: violation.path.description,
                        message: "\(violation.explanation) (\(contract.model) reads \(violation.entry); fixture "
                            + "\(fixture) vs live)"))
            }
        }
        var changes = WireShapeDiff.changes(
            from: WireShape.infer(from: [fixtureValue]), to: WireShape.infer(from: [liveValue]))
        if !readers.isEmpty {
            // What no model reads cannot break the client; what a violation already names is not
            // said twice; a kind the model accepts, or an absence or null it copes with, is fine.
            let read = changes.filter { ReaderScope.touchesReads($0.path, readers) }
            report.unreadChanges += changes.count - read.count
            changes = read.filter { change in
                let path = change.path
                let judgedByViolations = change.rule == .typeChanged && readers.contains { $0.entries[path] != nil }
                return !brokenReads.contains(path) && !judgedByViolations && !ReaderScope.copes(with: change, readers)
            }
        }
        for change in changes {
            report.findings.append(
                ContractFinding(
                    route: name, kind: .shapeChanged, path: change.path.description, rule: change.rule,
                    message: "\(change.detail) (\(change.isBreaking ? "breaking \(change.breaks)" : "non-breaking"); "
                        + "fixture \(fixture) vs live)"))
        }
        if record && status == expected.status {
            var ignored = HARImport.Result(fixtures: [], table: RouteTable(routes: []), notes: [])
            let redacted = HARImport.redact(liveValue, redactions, into: &ignored)
            report.recorded.append(HARImport.Fixture(name: fixture, bytes: CanonicalJSONWriter.bytes(redacted)))
        }
    }
}
