/// A push parser for one JSON document: feed it bytes in chunks of any size, then call ``finish()``.
/// It validates strictly as it goes (see ``JSONParseOptions``) and, if you give it a handler, reports
/// each ``JSONEvent`` in document order. Memory stays constant whatever the input size: only the
/// open containers, the member names of the open objects and an unfinished token (a string, number
/// or comment) are held; without a handler, only the last 64 KiB or so of a string value, number or
/// comment, however long (its text is not needed, only its checks).
///
/// Cutting the same bytes into different chunks never changes the result: the same events, or the
/// same error at the same location.
///
/// ```swift
/// var titles: [String] = []
/// let parser = JSONStreamParser { event, context in
///     if case .string(let s) = event, context.path.components.last == .key("title") { titles.append(s) }
/// }
/// try parser.feed(Array(#"{"movies": [{"title": "Heat"}]"#.utf8))
/// try parser.feed(Array("}".utf8))
/// try parser.finish()          // titles == ["Heat"]
/// ```
///
/// - Important: A parser is not thread-safe; use one per task. Once it has thrown, every later call
///   throws the same error.
public final class JSONStreamParser {
    private let pass: ExactPass

    /// Creates a parser.
    /// - Parameters:
    ///   - options: strictness settings; ``JSONParseOptions/framing`` is ignored here (one document;
    ///     use ``JSONValidator`` for JSON Lines).
    ///   - handler: called for each event, with a context that can tell the event's JSON path. It
    ///     must not keep the context beyond the call.
    public init(options: JSONParseOptions = .strict, handler: ((JSONEvent, JSONEventContext) -> Void)? = nil) {
        pass = ExactPass(options: options, sink: handler)
    }

    /// Feeds the next bytes of the document.
    /// - Throws: ``JSONSyntaxError`` as soon as the bytes so far cannot begin a valid document.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) {
        try pass.feed(bytes)
    }

    /// Feeds the next bytes of the document.
    /// - Throws: ``JSONSyntaxError`` as soon as the bytes so far cannot begin a valid document.
    public func feed(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) {
        var failure: JSONSyntaxError?
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            do throws(JSONSyntaxError) { try pass.feed(UnsafeRawBufferPointer(buffer)) } catch { failure = error }
        }
        if done == nil {
            Array(bytes).withUnsafeBytes { buffer in
                do throws(JSONSyntaxError) { try pass.feed(buffer) } catch { failure = error }
            }
        }
        if let failure { throw failure }
    }

    /// Declares the end of the input and checks that it holds exactly one complete document.
    /// - Throws: ``JSONSyntaxError`` for a truncated or empty document.
    public func finish() throws(JSONSyntaxError) {
        try pass.finish()
    }

    /// How many bytes have been fed so far.
    public var byteCount: Int { pass.received }
}
