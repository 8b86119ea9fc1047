import Foundation
import OptaCore

/// libFuzzer target: the path CSV reader.
func fuzzPathCSV(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    _ = try? PathCSV.parse(text, source: "fuzz.csv", fallbackName: "fuzz")
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
    return fuzzPathCSV(data, count)
})
