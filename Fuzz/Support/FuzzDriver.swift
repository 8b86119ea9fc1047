import Foundation

// libFuzzer's driver, linked from libclang_rt.fuzzer_no_main (SwiftPM gives every executable its
// own main, so the targets cannot use libFuzzer's).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                                 _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                                 _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// Runs libFuzzer over this process's command line, handing every input to `body`; exits with
/// libFuzzer's status. `body` returns 0 (libFuzzer's "keep going").
public func runFuzzer(_ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var arguments = CommandLine.argc
    var values = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&arguments, &values, body))
}

/// The bytes libFuzzer hands a target (empty for a null pointer).
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> UnsafeBufferPointer<UInt8> {
    guard let data else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: data, count: count)
}
