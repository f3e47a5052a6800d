import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How a request through a stub session finds its ``StubServer``, on every platform, with no
/// global route table: the decision is a pure function of what the URL loading system hands the
/// protocol (its class, the request's header fields and URL), so Linux tests cover the paths of
/// both platforms.
///
/// Each server's configuration lists a protocol class of the server's own, a generic subclass
/// specialised on a type spelled from the server's number, so the class the loading system
/// instantiates already knows its server; neither platform's quirks are needed for that. On Darwin
/// the configuration's `httpAdditionalHeaders` also carry ``markerHeader`` (``Mechanism/both``): a
/// second route, since Apple's loading system is reported to merge them into the request a
/// session's own protocol sees (mattt/Replay routes concurrent sessions by such a header), though
/// older reports say otherwise (OHHTTPStubs #82 and #92, Alamofire #473). On Linux
/// (``Mechanism/protocolClassPerServer``) swift-corelibs-foundation merges them only inside its
/// own HTTP protocol, so no marker is set. `URLSessionTask.delegate` is never used: on Darwin it is
/// the task's own delegate, not the session's.
///
/// Either way a client that builds its own session from ``StubServer/configuration`` (with its
/// own delegate, as Alamofire and RequestKit do) reaches its own server for any host, and two
/// servers in parallel tests never see each other's requests. A request carrying neither falls
/// back to its URL's unique `.test.invalid` host (``StubServer/baseURL``).
enum StubRouting {
    /// The header that carries a server's identity where session headers reach the protocol. It is
    /// removed before a request is matched or recorded, so no route, recording, golden or
    /// `assertRequest` text ever shows it.
    static let markerHeader = "X-WireStub-Server"

    /// How a server's configuration tells the protocol which server it belongs to.
    enum Mechanism: Sendable, Equatable {
        /// Only a marker header in `httpAdditionalHeaders`, with WireStub's shared protocol class
        /// (Darwin's second route on its own, for tests).
        case markerHeader
        /// A protocol class of the server's own (what Linux uses: swift-corelibs-foundation hands
        /// no session header to a custom protocol).
        case protocolClassPerServer
        /// A protocol class of the server's own and the marker header (what Darwin uses).
        case both

        /// This platform's mechanism.
        static var current: Mechanism {
            #if canImport(FoundationNetworking)
                .protocolClassPerServer
            #else
                .both
            #endif
        }
    }

    /// What identified the server of a request.
    enum Evidence: Equatable, Sendable, CustomStringConvertible {
        /// The protocol class was the server's own (its number).
        case protocolClass(Int)
        /// The request carried the marker header (its value, the server's host).
        case marker(String)
        /// The request's URL was the server's unique host.
        case host(String)

        var description: String {
            switch self {
            case .protocolClass(let number): "its protocol class (server \(number))"
            case .marker(let host): "its \(StubRouting.markerHeader) header (\(host))"
            case .host(let host): "its host \(host)"
            }
        }
    }

    /// What to look for, in order: the protocol class's server number, then the marker header,
    /// then the URL's host. The first present piece decides, even when its server is gone (a
    /// request is never answered by another server than the one its session was made for).
    static func evidence(protocolServer: Int?, headers: [String: String], host: String?) -> Evidence? {
        if let protocolServer { return .protocolClass(protocolServer) }
        if let marker = markerValue(in: headers) { return .marker(marker) }
        if let host, !host.isEmpty { return .host(host.lowercased()) }
        return nil
    }

    /// The marker's value, whatever the case of the header's name (HTTP field names are
    /// case-insensitive, and loading systems differ in how they spell merged names).
    static func markerValue(in headers: [String: String]) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(markerHeader) == .orderedSame }?.value
    }

    /// `headers` without the marker.
    static func strippingMarker(_ headers: [String: String]) -> [String: String] {
        headers.filter { $0.key.caseInsensitiveCompare(markerHeader) != .orderedSame }
    }

    /// The session configuration of a server: ephemeral (no cookies, no cache), its identity
    /// carried by `mechanism`, its request timeout, and every request answered by a stub protocol,
    /// so nothing through it can reach a network.
    static func configuration(
        number: Int, host: String, mechanism: Mechanism = .current,
        requestTimeout: TimeInterval = StubServer.defaultRequestTimeout
    ) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = requestTimeout
        let stub: AnyClass
        switch mechanism {
        case .markerHeader: stub = StubURLProtocol.self
        case .protocolClassPerServer, .both: stub = protocolClass(forServer: number)
        }
        if mechanism != .protocolClassPerServer {
            var headers = configuration.httpAdditionalHeaders ?? [:]
            headers[markerHeader] = host
            configuration.httpAdditionalHeaders = headers
        }
        configuration.protocolClasses = [stub] + (configuration.protocolClasses ?? [])
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }

    /// The protocol class that knows server `number`: `ServerStubURLProtocol<Bit1<Bit0<…<End>>>>`,
    /// one bit of the number per level, least significant outermost. Numbers are never reused, so
    /// a configuration that outlives its server fails ("server is gone") rather than reaching a
    /// newer server.
    static func protocolClass(forServer number: Int) -> StubURLProtocol.Type {
        precondition(number >= 0, "server numbers are not negative")
        func spell(_ remaining: Int) -> any ServerNumber.Type {
            guard remaining > 0 else { return NumberEnd.self }
            let rest = spell(remaining >> 1)
            func append<Rest: ServerNumber>(_: Rest.Type) -> any ServerNumber.Type {
                remaining & 1 == 0 ? NumberBit0<Rest>.self : NumberBit1<Rest>.self
            }
            return append(rest)
        }
        func protocolType<Number: ServerNumber>(_: Number.Type) -> StubURLProtocol.Type {
            ServerStubURLProtocol<Number>.self
        }
        return protocolType(spell(number))
    }
}

/// A server's number spelled as a type, one bit per generic level.
protocol ServerNumber {
    static var value: Int { get }
}

enum NumberEnd: ServerNumber {
    static var value: Int { 0 }
}

enum NumberBit0<Rest: ServerNumber>: ServerNumber {
    static var value: Int { Rest.value << 1 }
}

enum NumberBit1<Rest: ServerNumber>: ServerNumber {
    static var value: Int { Rest.value << 1 | 1 }
}

/// The stub protocol of one server (see ``StubRouting/protocolClass(forServer:)``).
final class ServerStubURLProtocol<Number: ServerNumber>: StubURLProtocol {
    override class var serverNumber: Int? { Number.value }
}
