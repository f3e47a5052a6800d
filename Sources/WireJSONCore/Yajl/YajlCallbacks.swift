#if canImport(CYajl)
    import CYajl

    // The C side of the engine: yajl calls these functions with the context pointer it was given, which
    // points at the engine's `CallbackState`. They return 1 to continue and 0 to stop the parse (after
    // recording why in the state).

    @inline(__always)
    private func state(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<CallbackState> {
        context.unsafelyUnwrapped.assumingMemoryBound(to: CallbackState.self)
    }

    private func onNull(_ context: UnsafeMutableRawPointer?) -> Int32 {
        state(context).pointee.scalar(.null, text: nil, count: 0)
    }

    private func onBoolean(_ context: UnsafeMutableRawPointer?, _ value: Int32) -> Int32 {
        state(context).pointee.scalar(value != 0 ? .bool(true) : .bool(false), text: nil, count: 0)
    }

    private func onNumber(_ context: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?, _ count: Int) -> Int32 {
        state(context).pointee.scalar(.number(""), text: UnsafeRawPointer(text), count: count)
    }

    private func onString(_ context: UnsafeMutableRawPointer?, _ text: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
        state(context).pointee.scalar(.string(""), text: UnsafeRawPointer(text), count: count)
    }

    private func onStartMap(_ context: UnsafeMutableRawPointer?) -> Int32 {
        state(context).pointee.startContainer(isObject: true)
    }

    private func onMapKey(_ context: UnsafeMutableRawPointer?, _ text: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
        state(context).pointee.key(text.unsafelyUnwrapped, count: count)
    }

    private func onEndMap(_ context: UnsafeMutableRawPointer?) -> Int32 {
        state(context).pointee.endContainer()
    }

    private func onStartArray(_ context: UnsafeMutableRawPointer?) -> Int32 {
        state(context).pointee.startContainer(isObject: false)
    }

    private func onEndArray(_ context: UnsafeMutableRawPointer?) -> Int32 {
        state(context).pointee.endContainer()
    }

    /// A heap-allocated `yajl_callbacks` table. yajl keeps the pointer for the life of the handle, so the
    /// table is allocated once per engine and freed only after `yajl_free`.
    ///
    /// - Parameters:
    ///   - scalars: whether to receive strings, numbers, booleans and nulls.
    ///   - structure: whether to receive member names and container starts and ends. The fast
    ///     validation pass leaves out both: its ``TokenChecker`` finds depth and duplicate member
    ///     names itself, so yajl runs with no callbacks at all, as in `json_verify`.
    func makeYajlCallbacks(scalars: Bool, structure: Bool) -> UnsafeMutablePointer<yajl_callbacks> {
        let table = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
        table.initialize(
            to: yajl_callbacks(
                yajl_null: scalars ? onNull : nil,
                yajl_boolean: scalars ? onBoolean : nil,
                yajl_integer: nil,
                yajl_double: nil,
                yajl_number: scalars ? onNumber : nil,
                yajl_string: scalars ? onString : nil,
                yajl_start_map: structure ? onStartMap : nil,
                yajl_map_key: structure ? onMapKey : nil,
                yajl_end_map: structure ? onEndMap : nil,
                yajl_start_array: structure ? onStartArray : nil,
                yajl_end_array: structure ? onEndArray : nil
            ))
        return table
    }
#endif
