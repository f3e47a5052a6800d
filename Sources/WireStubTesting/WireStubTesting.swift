// WireStubTesting: WireStub's per-test stub servers with their failures recorded as test issues,
// and request assertions. One import for a stub test: it re-exports the stub server (WireStub) and
// what a client is built on (WireHTTP: HTTPDataLoading, WireFailure, Retry-After, backoff).
@_exported import WireHTTP
@_exported import WireStub
