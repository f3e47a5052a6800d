// WireLock: the assertions (assertGolden, assertDecodedGolden, assertRoundTrip,
// assertDecodesLosslessly, assertReaderContract, assertDecodingFails, assertWireCompatible,
// assertFuzzCampaign, assertFuzzRegressions) that report through Swift Testing or XCTest, and the
// record-mode trait. The work itself lives in WireGolden, WireFuzz and WireShapes, which link
// neither test framework so the `wirelock` command line can use them.
//
// `import WireLock` is the one import a test needs, and it shows what a test writes (issue 34):
// the assertions and the values they take, re-exported by name. Everything else those modules
// declare (the verify functions, the golden files, the mutation engine, wire shapes, SHA-256) is the
// assertions' machinery and the command line's, not part of this product's surface.

@_exported import struct WireDecoder.JSONPathPattern
@_exported import class WireDecoder.WireJSONDecoder  // ModelDecoder.wire(_:)
@_exported import enum WireFuzz.Mutator  // assertFuzzCampaign(mutators:)
// The values the assertions take.
@_exported import struct WireGolden.AcceptedDifference  // assertRoundTrip(accepting:)
@_exported import struct WireGolden.Redaction  // assertGolden(redacting:), assertDecodedGolden(redacting:)
@_exported import struct WireGolden.WireLockFailure  // what a failed assertion reports
@_exported import enum WireReaders.DecodingFailureKind  // assertDecodingFails(as:)
// The reader contract assertWireCompatible(reads:) judges by, and the folded path pattern it names.
@_exported import struct WireReaders.ReaderContract
@_exported import struct WireShapes.CompatibilityDirection  // assertWireCompatible(direction:)
@_exported import struct WireShapes.ModelDecoder  // decoder: of the assertions that decode a model
// The record mode (shared by goldens and fuzz regressions, so it sits in the support layer).
@_exported import enum WireSupport.RecordMode
@_exported import struct WireSupport.RecordModeError
