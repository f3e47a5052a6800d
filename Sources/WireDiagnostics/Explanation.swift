import WireJSONCore

/// What a decoding failure means in its payload: the coding path as a JSON path, the exact place
/// (line, column, byte offset and an excerpt with a caret), what the type expected and what the
/// payload has there. Made by ``WireDiagnostics/explain(_:in:keyDecoding:dateFormat:)-(_,Data,_,_)``.
///
/// ```swift
/// let explanation = WireDiagnostics.explain(error, in: data)
/// logger.error("\(explanation)")
/// // $.records[0].id (line 27, column 13, byte 721): expected Int, found a string "17"
/// //       "id": "17",
/// //             ^
/// ```
public struct Explanation: Hashable, Sendable, CustomStringConvertible {
    /// The failure that was explained.
    public var failure: DecodingErrorValue
    /// The coding path as a JSON path into the payload: array elements as indices and, under
    /// `convertFromSnakeCase`, each key as the member name the payload has (a key with no such
    /// member is kept as the coding key spells it). For `keyNotFound`, the path of the container.
    public var path: JSONPath
    /// Whether the payload has a value at every step of ``path``. When it does not, ``location``
    /// is that of the deepest value that exists (``reachedPath``), and the payload is not the one
    /// that produced the error.
    public var pathExists: Bool
    /// The part of ``path`` the payload has (all of it when ``pathExists``).
    public var reachedPath: JSONPath
    /// Where the value at ``reachedPath`` starts, or where the payload stops being valid JSON;
    /// `nil` only for an empty payload's missing location.
    public var location: JSONSourceLocation?
    /// The line around ``location`` with the caret position.
    public var excerpt: JSONExcerpt?
    /// What the type needed, in plain words (`Int`, `a member "name"`, `valid JSON`).
    public var expected: String
    /// What the payload has there, in plain words (`a string "17"`, `null`, `an object with
    /// members id, title`).
    public var found: String
    /// The validator's error, when the payload is not valid JSON.
    public var syntaxError: JSONSyntaxError?
    /// The members of the object at ``path``, in document order, for `keyNotFound`; empty otherwise.
    public var members: [String]
    /// For `keyNotFound`: the member nearest to the missing key (WireSupportCore's "did you mean",
    /// which ignores case and `_`, so `avatar_url` is nearest to `avatarURL`); nil when none is
    /// near or for other kinds.
    public var closestMember: String? = nil
    /// When the error explained was not a decoding failure: its type and description
    /// (`Foundation.URLError: …`). ``location`` is then nil: nothing in the payload is to blame.
    public var otherError: String? = nil

    /// A summary line, then the excerpt with its caret.
    public var description: String { rendered(file: nil) }

    /// The explanation for a file: `FILE:LINE:COLUMN: error: decoding failed at PATH: expected …,
    /// found …`, then the excerpt and caret (the validator's own diagnostic for invalid JSON).
    /// - Parameter file: the payload's file as it is to be shown, or nil.
    public func rendered(file: String?) -> String {
        if let otherError {
            return (file.map { $0 + ": " } ?? "") + "error: not a decoding failure: \(otherError)\n"
        }
        if let syntaxError {
            return JSONDiagnostic(syntaxError, file: file).block(indent: "    ")
                + "    (the decoder reported: \(failure.debugDescription))\n"
        }
        let place = location.map { "\($0.line):\($0.column):" } ?? ""
        var head = (file.map { $0 + ":" } ?? "") + place
        head += head.isEmpty ? "" : " "
        head += "error: \(failure.kind.rawValue) at \(path): expected \(expected), found \(found)"
        if !pathExists { head += " (the payload stops at \(reachedPath))" }
        var text = head + "\n"
        if let excerpt { text += excerpt.rendered(indent: "    ") + "\n" }
        return text
    }
}
