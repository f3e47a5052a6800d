import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The stub the URLProtocol articles show: one static handler closure that answers every request,
/// registered in an ephemeral configuration's `protocolClasses`. No routing, no recording: the floor
/// WireStub's cost is measured against.
final class BareStubProtocol: URLProtocol {
    /// The one handler (set once, before any request).
    nonisolated(unsafe) static var handler: (@Sendable (URLRequest) -> (HTTPURLResponse, Data))?

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let handler = Self.handler else {
            client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
            return
        }
        let (response, data) = handler(request)
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: data)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}

    /// A session whose only protocol is this one.
    static func session() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [BareStubProtocol.self]
        return URLSession(configuration: configuration)
    }
}
