// SplitMix64 lives in the internal support target (the fuzzer, the oracle's corpora and the
// tests share it); it stays part of WireJSON's public API, where users have always found it:
// `import WireJSON` gives `SplitMix64`.
@_exported import struct WireSupport.SplitMix64
