@_exported import WireFuzz
// WireLock: the assertions (assertGolden, assertRoundTrip, assertDecodingFails,
// assertWireCompatible) that report through Swift Testing or XCTest, the record-mode trait, and the
// model runner. The work itself lives in WireGolden, which links neither test framework so the
// `wirelock` command line can use it; re-exporting it keeps `import WireLock` enough for users.
@_exported import WireGolden
@_exported import WireShapes

@_exported import struct WireDecoder.JSONPathPattern
// The decoder assertReaderContract and assertFuzzCampaign take (`WireJSONDecoder(configuredLike:)`),
// and the folded path a reader contract names.
@_exported import class WireDecoder.WireJSONDecoder
// The classified decoding failure assertDecodingFails expects and reports, and the reader contract
// assertReaderContract locks, for tests that look into it (WireReaders, the test side's).
@_exported import struct WireReaders.DecodingFailure
@_exported import enum WireReaders.DecodingFailureKind
@_exported import enum WireReaders.DecodingJudge
@_exported import struct WireReaders.ReaderContract
// The types the assertions take, so `import WireLock` is the one import a test needs: the record
// mode (shared by goldens and fuzz regressions, so it sits in the support layer) and the fuzz
// engine's values (`Mutator`, `FuzzModel`, `ModelExpectation`, `FuzzFailure`, …).
@_exported import enum WireSupport.RecordMode
@_exported import struct WireSupport.RecordModeError
@_exported import struct WireSupport.Shard
