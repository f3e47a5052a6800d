import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Anything that turns a `URLRequest` into response bytes: the seam an API client takes instead of a
/// concrete `URLSession`, so a test can hand it a `StubServer` and no URL loading system runs.
///
/// `URLSession` conforms (it calls `data(for:delegate:)` with no task delegate), and so does
/// `StubServer`, which answers from its route table directly: that path also sees the bodies of
/// uploads, which a `URLProtocol` on Linux never sees.
///
/// Failure modes: whatever the loader throws (`URLError` for transport failures). An HTTP error
/// status is not a thrown error; it is in the returned response.
///
/// ```swift
/// struct MovieClient {
///     let loader: any HTTPDataLoading
///     func movies() async throws -> Data {
///         try await loader.data(for: URLRequest(url: URL(string: "https://api.example.com/api/v3/movie")!)).0
///     }
/// }
/// let client = MovieClient(loader: server)   // or URLSession.shared in the app
/// ```
public protocol HTTPDataLoading: Sendable {
    /// Loads `request` and returns the body and the response.
    /// - Throws: a `URLError` (or the loader's own error) when no response arrives.
    func data(for request: URLRequest) async throws -> (Data, URLResponse)
}

// `data(for:delegate:)` is macOS 12 / iOS 15 API, below the package's platform floor, and
// swift-corelibs-foundation's FoundationNetworking has it too: one conformance for every platform.
extension URLSession: HTTPDataLoading {
    /// `data(for:delegate:)` with no task delegate.
    /// - Throws: the `URLError` the session fails with.
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await data(for: request, delegate: nil)
    }
}
