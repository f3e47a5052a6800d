#if canImport(CYajl)
    import CYajl
#endif

/// The grammar under the passes: libyajl (Linux, the default there) or WireJSON's own
/// ``SwiftGrammar`` (every platform; the only one where libyajl is not built). Both answer the
/// same questions the same way, so nothing above this type knows which one runs.
final class Grammar {
    private enum Backend {
        #if canImport(CYajl)
            case yajl(OpaquePointer, UnsafeMutablePointer<yajl_callbacks>)
        #endif
        case swift(SwiftGrammar)
    }

    private var backend: Backend
    private let engine: JSONEngine.Resolved
    private let scalars: Bool
    private let structure: Bool
    private let context: UnsafeMutablePointer<CallbackState>?
    private let allowComments: Bool
    private let validateStrings: Bool

    /// - Parameters:
    ///   - scalars, structure: which events go to `context` (none for the fast pass).
    ///   - validateStrings: check that the bytes of strings are UTF-8.
    init(
        engine: JSONEngine.Resolved, scalars: Bool, structure: Bool, context: UnsafeMutablePointer<CallbackState>?,
        allowComments: Bool, validateStrings: Bool
    ) {
        self.engine = engine
        self.scalars = scalars
        self.structure = structure
        self.context = context
        self.allowComments = allowComments
        self.validateStrings = validateStrings
        backend = Self.makeBackend(
            engine, scalars: scalars, structure: structure, context: context, allowComments: allowComments,
            validateStrings: validateStrings)
    }

    deinit { Self.free(backend) }

    private static func makeBackend(
        _ engine: JSONEngine.Resolved, scalars: Bool, structure: Bool, context: UnsafeMutablePointer<CallbackState>?,
        allowComments: Bool, validateStrings: Bool
    ) -> Backend {
        #if canImport(CYajl)
            if engine == .yajl {
                let callbacks = makeYajlCallbacks(scalars: scalars, structure: structure)
                guard let handle = yajl_alloc(callbacks, nil, context.map { UnsafeMutableRawPointer($0) }) else {
                    fatalError("yajl_alloc failed: out of memory")
                }
                if allowComments { _ = wirelock_yajl_config(handle, yajl_allow_comments, 1) }
                if !validateStrings { _ = wirelock_yajl_config(handle, yajl_dont_validate_strings, 1) }
                return .yajl(handle, callbacks)
            }
        #endif
        return .swift(
            SwiftGrammar(
                scalars: scalars, structure: structure, context: context, allowComments: allowComments,
                validateStrings: validateStrings))
    }

    private static func free(_ backend: Backend) {
        #if canImport(CYajl)
            if case .yajl(let handle, let callbacks) = backend {
                yajl_free(handle)
                // yajl kept a pointer to the table until the handle was freed; only now can it go.
                callbacks.deinitialize(count: 1)
                callbacks.deallocate()
            }
        #endif
    }

    /// Starts a new document.
    func reset() {
        switch backend {
        case .swift(let grammar): grammar.reset()
        #if canImport(CYajl)
            case .yajl:
                Self.free(backend)
                backend = Self.makeBackend(
                    engine, scalars: scalars, structure: structure, context: context, allowComments: allowComments,
                    validateStrings: validateStrings)
        #endif
        }
    }

    /// Reads the next piece of the document.
    @inline(__always)
    func parse(_ p: UnsafePointer<UInt8>, _ count: Int) -> GrammarStatus {
        switch backend {
        case .swift(let grammar): return grammar.parse(p, count)
        #if canImport(CYajl)
            case .yajl(let handle, _): return Self.status(yajl_parse(handle, p, count))
        #endif
        }
    }

    /// Ends the document.
    func complete() -> GrammarStatus {
        switch backend {
        case .swift(let grammar): return grammar.complete()
        #if canImport(CYajl)
            case .yajl(let handle, _): return Self.status(yajl_complete_parse(handle))
        #endif
        }
    }

    /// The offset in the current piece after the last token read.
    @inline(__always)
    var consumed: Int {
        switch backend {
        case .swift(let grammar): return grammar.consumed
        #if canImport(CYajl)
            case .yajl(let handle, _): return yajl_get_bytes_consumed(handle)
        #endif
        }
    }

    /// Why the last call stopped with `.error` (or `.canceled`), the same kind from either engine.
    var error: GrammarError {
        switch backend {
        case .swift(let grammar): return grammar.error
        #if canImport(CYajl)
            case .yajl(let handle, _):
                guard let raw = yajl_get_error(handle, 0, nil, 0) else { return .unrecognized("") }
                defer { yajl_free_error(handle, raw) }
                var text = Substring(String(cString: raw))
                while let last = text.last, last == "\n" || last == "\r" { text = text.dropLast() }
                return GrammarError(yajlMessage: String(text))
        #endif
        }
    }

    #if canImport(CYajl)
        private static func status(_ status: yajl_status) -> GrammarStatus {
            switch status {
            case yajl_status_ok: .ok
            case yajl_status_client_canceled: .canceled
            default: .error
            }
        }
    #endif
}
