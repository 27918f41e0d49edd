#if STRATA_LIBFUZZER
import StrataFuzzing

/// libFuzzer's entry point (built with `--sanitize=fuzzer -Xswiftc -DSTRATA_LIBFUZZER`; libFuzzer brings its
/// own `main`). A broken layout invariant stops the run as a crash, so libFuzzer saves the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do { try TextHarness.run(bytes) } catch {
        fatalError("text layout invariant broken: \(error)")
    }
    return 0
}
#endif
