// WireDecoder: what an app links to decode. One import: WireJSONDecoder (with decodeWithReport and
// the reads it records), the date strategies' fast twins (WireDates) and what a decoding failure
// means in its payload (WireDiagnostics). What tests make of the reads (reader contracts) and of a
// failure (`DecodingFailure`) is WireReaders', on the test side.
@_exported import WireDates
@_exported import WireDiagnostics
