import Foundation
import OptaCore

/// libFuzzer target: the expression lexer, parser and compiler, then evaluation of what compiles.
func fuzzExpression(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    guard let expression = try? Expression(parsing: text) else { return 0 }
    for p in [SIMD2(0.0, 0.0), SIMD2(-1.5, 2.5), SIMD2(1e300, -1e-300)] {
        _ = expression.value(p)
        _ = expression.gradient(p)
    }
    return 0
}

// libFuzzer's driver (linked from libclang_rt.fuzzer_no_main: SwiftPM's executables bring their own main).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

var arguments = CommandLine.argc
var values = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &values) { data, count in
    guard let data else { return 0 }
    return fuzzExpression(data, count)
})
