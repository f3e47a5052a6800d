/// libFuzzer's per-input hook: runs every invariant of ``EngineInvariants`` over the input and traps
/// with a message naming the broken one, so that libFuzzer saves the input as `crash-<sha1>`.
///
/// Exported under the standard name as well, for drivers that link their own `main`.
@_cdecl("LLVMFuzzerTestOneInput")
public func wirejsonFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let violation =
        EngineInvariants.enginesOnly ? EngineInvariants.checkEnginesOnly(bytes) : EngineInvariants.check(bytes)
    if let violation {
        fatalError("WireJSON invariant broken: \(violation)")
    }
    return 0
}
