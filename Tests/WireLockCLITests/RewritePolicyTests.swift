#if WIRELOCK_SPAWN
    import Testing
    import WireCommandLine
    import WireSupport

    @testable import WireLockCLI
    import WireToolSupport

    /// The decision behind the rewrite refusals, apart from the file system (issue 10, item 10).
    @Suite("Rewrite policy")
    struct RewritePolicyTests {
        typealias Facts = RewritePolicy.FileFacts
        typealias Writer = RewritePolicy.Writer

        static let alice = Writer(user: 1000, groups: [1000, 50])
        static let root = Writer(user: 0, groups: [0])

        static let cases: [(Facts, Writer, RewritePolicy.Refusal?)] = [
            // Alice's own files.
            (Facts(mode: 0o644, owner: 1000, group: 1000, links: 1), alice, nil),
            (Facts(mode: 0o444, owner: 1000, group: 1000, links: 1), alice, .readOnly(mode: 0o444)),
            // the owner's bit decides
            (Facts(mode: 0o464, owner: 1000, group: 50, links: 1), alice, .readOnly(mode: 0o464)),
            (Facts(mode: 0o644, owner: 1000, group: 1000, links: 3), alice, .hardLinks(3)),
            (Facts(mode: 0o644, owner: 1000, group: 50, links: 1), alice, nil),  // a group she is in
            (Facts(mode: 0o644, owner: 1000, group: 70, links: 1), alice, .owner(owner: 1000, group: 70, writer: 1000)),
            // Bob's files, for Alice.
            (Facts(mode: 0o664, owner: 2000, group: 50, links: 1), alice, .owner(owner: 2000, group: 50, writer: 1000)),
            (Facts(mode: 0o644, owner: 2000, group: 50, links: 1), alice, .readOnly(mode: 0o644)),  // the group's bit
            (
                Facts(mode: 0o666, owner: 2000, group: 2000, links: 1), alice,
                .owner(owner: 2000, group: 2000, writer: 1000)
            ),
            (Facts(mode: 0o640, owner: 2000, group: 2000, links: 1), alice, .readOnly(mode: 0o640)),  // others' bit
            // Root counts as the owner, so 0444 is read-only to root as well, but it may keep any owner.
            (Facts(mode: 0o444, owner: 0, group: 0, links: 1), root, .readOnly(mode: 0o444)),
            (Facts(mode: 0o644, owner: 2000, group: 2000, links: 1), root, nil),
            (Facts(mode: 0o044, owner: 2000, group: 2000, links: 1), root, .readOnly(mode: 0o044)),
            (Facts(mode: 0o644, owner: 2000, group: 2000, links: 2), root, .hardLinks(2)),
        ]

        @Test(arguments: cases)
        func decides(file: Facts, writer: Writer, expected: RewritePolicy.Refusal?) {
            #expect(RewritePolicy.refusal(for: file, writer: writer) == expected)
        }

        @Test func reasonsNameTheModeInOctalAndTheWayOut() {
            #expect(
                RewritePolicy.Refusal.readOnly(mode: 0o444).reason
                    == "it is read-only (mode 0444); pass --force to rewrite it anyway")
            #expect(RewritePolicy.Refusal.readOnly(mode: 0o4440).reason.contains("(mode 4440)"))
        }
    }
#endif
