#if canImport(Testing)
    import Testing
    import WireGolden

    /// A Swift Testing trait that sets the record mode for a test or a whole suite.
    public struct RecordModeTrait: TestTrait, SuiteTrait, TestScoping {
        let mode: RecordMode
        /// Always true: on a suite, the mode applies to every test in it, nested suites included.
        public var isRecursive: Bool { true }

        /// Runs the test with `RecordMode.current` set to this trait's mode, for the test's task and
        /// its child tasks; an explicit `record:` argument to an assertion still wins. Rethrows what the
        /// test throws.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            try await RecordMode.$current.withValue(mode) { try await function() }
        }
    }

    extension Trait where Self == RecordModeTrait {
        /// Sets the record mode for this test or suite: `@Test(.recordMode(.all))`.
        public static func recordMode(_ mode: RecordMode) -> Self { RecordModeTrait(mode: mode) }
    }
#endif
