// WireLock: the assertions (assertGolden, assertDecodedGolden, assertRoundTrip,
// assertDecodesLosslessly, assertReaderContract, assertDecodingFails, assertWireCompatible,
// assertFuzzCampaign, assertFuzzRegressions) that report through Swift Testing or XCTest, and the
// record-mode trait. The work itself lives in WireGolden, WireFuzz and WireShapes, which link
// neither test framework so the `wirelock` command line can use them.
//
// `import WireLock` is the one import a test needs, and it shows what a test writes (issue 34):
// the assertions, their verify twins and the values they take, re-exported by name. Everything
// else those modules declare (the golden files, the mutation engine, wire shapes, SHA-256) is the
// assertions' machinery and the command line's, not part of this product's surface.
//
// The verify… functions are each assertion's twin that returns the failure instead of recording
// it, for a test that looks into the failure or a tool of one's own (as swift-snapshot-testing's
// `verifySnapshot`).

@_exported import struct WireDecoder.JSONPathPattern  // the folded path a ReaderContract names
@_exported import class WireDecoder.WireJSONDecoder  // ModelDecoder.wire(_:)
@_exported import struct WireFuzz.FuzzFailure  // what verifyFuzzCampaign returns
@_exported import enum WireFuzz.Mutator  // assertFuzzCampaign(mutators:)
@_exported import func WireFuzz.verifyFuzzCampaign
@_exported import func WireFuzz.verifyFuzzRegressions
@_exported import struct WireGolden.AcceptedDifference  // assertRoundTrip(accepting:)
@_exported import struct WireGolden.Redaction  // assertGolden(redacting:), assertDecodedGolden(redacting:)
@_exported import struct WireGolden.RoundTripResult  // what verifyRoundTrip returns
@_exported import struct WireGolden.WireLockFailure  // what a failed assertion reports
@_exported import func WireGolden.verifyDecodedGolden
@_exported import func WireGolden.verifyDecodesLosslessly
@_exported import func WireGolden.verifyDecodingFails
@_exported import func WireGolden.verifyGolden
@_exported import func WireGolden.verifyReaderContract
@_exported import func WireGolden.verifyRoundTrip
@_exported import func WireGolden.verifyWireCompatible
@_exported import enum WireReaders.DecodingFailureKind  // assertDecodingFails(as:)
@_exported import struct WireReaders.ReaderContract  // assertWireCompatible(reads:)
@_exported import struct WireShapes.CompatibilityDirection  // assertWireCompatible(direction:)
@_exported import struct WireShapes.ModelDecoder  // decoder: of the assertions that decode a model
@_exported import enum WireSupport.RecordMode  // record: (shared by goldens and fuzz regressions)
@_exported import struct WireSupport.RecordModeError
