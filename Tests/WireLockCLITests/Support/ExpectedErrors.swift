#if WIRELOCK_SPAWN
    import Testing
    import WireJSON

    /// The JSON report entry both the renderer and the binary must give for the three-line movie
    /// document whose `genres` array ends in a trailing comma (line 3, column 33, byte 54; worked out by
    /// hand: `é` is two bytes but one column).
    func expectGenresTrailingComma(_ error: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(error["kind"] == .string("trailing-comma"), sourceLocation: sourceLocation)
        #expect(error["reason"] == .string("trailing comma before ']'"), sourceLocation: sourceLocation)
        #expect(error["line"] == .number(3), sourceLocation: sourceLocation)
        #expect(error["column"] == .number(33), sourceLocation: sourceLocation)
        #expect(error["offset"] == .number(54), sourceLocation: sourceLocation)
        #expect(error["path"] == .string("$.genres"), sourceLocation: sourceLocation)
        #expect(
            error["excerpt"]?["text"] == .string(#"  "genres": ["comédie", "drame",]"#), sourceLocation: sourceLocation)
        #expect(error["excerpt"]?["caretColumn"] == .number(32), sourceLocation: sourceLocation)
    }
#endif
