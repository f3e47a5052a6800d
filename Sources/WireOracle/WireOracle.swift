// WireOracle: the legacy-vs-candidate harness (Oracle, corpora, reports) and the date oracles that
// prove the WireDates twins identical to the Foundation ways they replace. The twins themselves,
// with their Foundation fallback, are production code and live in WireDates; it is re-exported
// because the date oracles' API is written in its types (LegacyDateStrategy, LegacyDates).
@_exported import WireDates
