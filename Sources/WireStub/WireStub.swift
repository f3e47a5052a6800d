// WireStub: offline API tests. Per-test stub servers over URLProtocol and an injectable
// `HTTPDataLoading`, routes, request recording, and the transport / HTTP / content failure taxonomy.
// Links no test framework (WireStubTesting records test issues).
