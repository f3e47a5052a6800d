#if WIRELOCK_SPAWN
    import Testing
    import WireCommandLine
    import WireSupport

    @testable import WireLockCLI

    /// The one escaping function every printed path goes through (issue 10, items 8 and 11). The
    /// expected texts are written out by hand from the rules in `PathDisplay`'s documentation.
    @Suite("Path display")
    struct PathDisplayTests {
        static let cases: [([UInt8], String)] = [
            (Array("movies/a.json".utf8), "movies/a.json"),
            (Array("café/é.json".utf8), "café/é.json"),
            (Array("esc\u{1B}[31m".utf8), #"esc\x1B[31m"#),
            (Array("a\nb\tc\rd".utf8), #"a\nb\tc\rd"#),
            (Array("nul".utf8) + [0x00], #"nul\x00"#),
            ([0x7F], #"\x7F"#),
            (Array(#"back\slash"#.utf8), #"back\\slash"#),
            (Array("ok".utf8) + [0xFF] + Array(".json".utf8), #"ok\xFF.json"#),
            ([0xC3], #"\xC3"#),  // a lead byte cut short
            ([0xC0, 0xAF], #"\xC0\xAF"#),  // an overlong '/'
            ([0xED, 0xA0, 0x80], #"\xED\xA0\x80"#),  // a UTF-16 surrogate
            ([0xF4, 0x90, 0x80, 0x80], #"\xF4\x90\x80\x80"#),  // above U+10FFFF
            (Array("\u{85}".utf8), #"\u{85}"#),  // C1 next line
            (Array("a\u{202E}b\u{2066}\u{2028}".utf8), #"a\u{202E}b\u{2066}\u{2028}"#),
            (Array("🎬.json".utf8), "🎬.json"),
        ]

        @Test(arguments: cases)
        func escapes(bytes: [UInt8], shown: String) {
            #expect(PathDisplay.escaped(bytes) == shown)
        }

        /// `\x1B` in a name and an escape byte must not look alike: the backslash is doubled.
        @Test func differentNamesNeverLookAlike() {
            #expect(PathDisplay.escaped(Array(#"\x1B"#.utf8)) == #"\\x1B"#)
            #expect(PathDisplay.escaped([0x1B]) == #"\x1B"#)
        }

        @Test(arguments: [
            ("dates.txt", "dates.txt"),
            ("my dates.txt", "'my dates.txt'"),
            ("it's.txt", #"'it'\''s.txt'"#),
            ("esc\u{1B}.txt", #"$'esc\x1B.txt'"#),
            ("it's\n.txt", #"$'it\'s\n.txt'"#),
            ("a\u{85}b.txt", #"$'a\u0085b.txt'"#),
            (#"back\slash"#, #"$'back\\slash'"#),
        ])
        func reproductionLinesQuoteThePathForTheShell(path: String, word: String) {
            #expect(OracleDatesCommand.shellQuoted(path) == word)
        }

        @Test func rawPathsKeepTheirBytes() {
            let path = RawPath(bytes: Array("dir/".utf8) + [0xFF] + Array(".JSON".utf8))
            #expect(path.displayed == #"dir/\xFF.JSON"#)
            #expect(path.fileExtension == "json")
            #expect(path.lastComponent == [0xFF] + Array(".JSON".utf8))
            #expect(path.directoryAndName.directory == "dir")
            #expect(RawPath("d/").appending("x.json") == "d/x.json")
            #expect(RawPath("d//").withoutTrailingSlash == "d")
            #expect(RawPath("/").withoutTrailingSlash == "/")
            #expect(RawPath(".hidden").fileExtension == "")
            #expect(RawPath("x.json").directoryAndName.directory == ".")
        }
    }
#endif
