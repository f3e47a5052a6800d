// WireDecoder: what an app links to decode. One import: WireJSONDecoder, the date strategies' fast
// twins (WireDates) and what a decoding failure means in its payload (WireDiagnostics).
@_exported import WireDates
@_exported import WireDiagnostics
