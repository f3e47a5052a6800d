// WireSupport: the internal utilities the test products and the command line share (the atomic
// writer, file-system loops, paths, the package and fixture lookups, the record mode, shards).
// The pieces an app ships too (`Locked`, `Nearest`) live one layer down in WireSupportCore, which the app-side targets import directly; re-exported here so that
// `import WireSupport` stays the one import of the test and command-line sides.
@_exported import WireSupportCore
