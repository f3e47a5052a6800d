// WireDiagnostics: what a decoding failure means in the payload that caused it. Maps a
// `DecodingError`'s coding path to a JSON path (through the key strategies) and to a line,
// column and excerpt in the payload, for apps to log and for WireLock's own messages.
