#if WIRELOCK_SPAWN
    import Testing
    import WireSupport

    /// WireSupport's text helpers, shared by the fuzz worker protocol, the CLI and the golden layer.
    @Suite("Support text helpers")
    struct SupportTextTests {
        @Test(arguments: [
            ([UInt8](), ""),
            ([0x00, 0x0F, 0xA5, 0xFF], "000fa5ff"),
            (Array("{}".utf8), "7b7d"),
        ])
        func hexSpellsEachByteAsTwoLowercaseDigitsAndReadsBack(bytes: [UInt8], text: String) {
            #expect(Text.hex(bytes) == text)
            #expect(Text.bytes(fromHex: text) == bytes)
        }

        @Test(arguments: ["0", "abc", "0g", "ZZ", "7B7D", " 7b"])
        func textThatIsNotLowercaseHexPairsIsRejected(text: String) {
            #expect(Text.bytes(fromHex: text) == nil)
        }

        @Test func uppercaseHexForOneByte() {
            #expect(Text.hex(0x1B) == "1B")
            #expect(Text.hex(0x1B, uppercase: false) == "1b")
        }

        @Test(arguments: [("  a b  ", "a b"), ("", ""), ("   ", ""), ("x", "x"), ("\tx ", "\tx")])
        func trimmingSpacesRemovesOnlySpacesAtTheEnds(text: String, trimmed: String) {
            #expect(text.trimmingSpaces() == trimmed)
        }
    }
#endif
