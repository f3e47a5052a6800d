// WireReaders: what a model's reader does with the wire, as the test side judges it: its reader
// contract (what it reads, the contract file, a new contract's changes, a payload's violations)
// and the classified decoding failure (what it rejects: kind, wire path, judge). Built from what
// WireDecoder records (`decodeWithReport`'s reads) and from what a decoder throws; shared by the
// golden workflow and the fuzzer (neither imports the other), re-exported by WireLock. Not in the
// app's WireDecoder: an app records reads, it does not check contracts.
