// WireLock: the assertions (assertGolden, assertRoundTrip, assertDecodingFails,
// assertWireCompatible) that report through Swift Testing or XCTest, the record-mode trait, and the
// model runner. The work itself lives in WireLockCore, which links neither test framework so the
// `wirelock` command line can use it; re-exporting it keeps `import WireLock` enough for users.
@_exported import WireLockCore
