// WireStubTesting: WireStub's failures (unmatched requests, unused routes, request assertions)
// recorded as test issues through Swift Testing or XCTest.
@_exported import WireStub
