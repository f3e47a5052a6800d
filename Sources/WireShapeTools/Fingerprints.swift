// The fingerprints the lock file holds: SHA-256 over the RFC 8785 (JCS) form of a shape or of a
// format's goldens. The command line's (`wirelock lock`, `diff`); the test products never hash a
// shape.
import WireJSON
import WireShapes

extension WireShape {
    /// SHA-256 over the RFC 8785 form of ``jsonValue``: changes exactly when the shape does.
    public var fingerprint: String {
        // A shape holds only strings, booleans and small integers, so JCS cannot fail here.
        (try? jsonValue.fingerprint()) ?? ""
    }
}

extension GoldenFormat {
    /// SHA-256 over the JCS form of `{"<path>": <document>, …}`: changes when any sample's content
    /// changes (not its spelling or key order), or a sample is added, removed or renamed.
    /// - Throws: ``JCS/Error`` when a sample has no JCS form (a number beyond the double range).
    public func contentFingerprint() throws(JCS.Error) -> String {
        try JSONValue.object(JSONObject(samples.map { JSONObject.Member(key: $0.path, value: $0.document) }))
            .fingerprint()
    }
}
