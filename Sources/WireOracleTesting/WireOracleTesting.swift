// WireOracleTesting: the oracle assertions for Swift Testing and XCTest. One import for an oracle
// test: it re-exports the oracle harness (WireOracle, which re-exports WireDates).
@_exported import WireOracle
