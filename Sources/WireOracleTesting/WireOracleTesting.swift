// WireOracleTesting: the oracle assertions for Swift Testing and XCTest. One import for an oracle
// test: it re-exports the oracle harness (WireOracle, which re-exports WireDates) and `Shard`.
@_exported import WireOracle
@_exported import struct WireSupport.Shard
