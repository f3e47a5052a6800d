// WireDecoder: what an app links to decode. One import: WireJSONDecoder, the date strategies' fast
// twins (WireDates), what a decoding failure means in its payload (WireDiagnostics) and its
// classification (`DecodingFailure`: kind, wire path, judge).
@_exported import WireDates
@_exported import WireDiagnostics
