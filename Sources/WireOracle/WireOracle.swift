// WireOracle: the legacy-vs-candidate harness (Oracle, classified and shrunk reports, declared
// intended changes, corpora and date input families) and the date oracles that prove the WireDates
// twins identical to the Foundation ways they replace. The twins themselves, with their Foundation
// fallback, are production code and live in WireDates; it is re-exported because the date oracles'
// API is written in its types (LegacyDateStrategy, LegacyDates). SplitMix64 is re-exported because
// a seeded corpus's generator hands one to the user's `make` closure.
@_exported import WireDates

@_exported import struct WireSupport.SplitMix64
