import Foundation
import OptaImage

/// libFuzzer target: the PNG reader (libpng's simplified API behind `PNGReader.decode`), with a
/// pixel limit that keeps the fuzzer's memory small.
func fuzzPNG(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    _ = try? PNGReader.decode(bytes, source: "fuzz.png", limit: 2048 * 2048)
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
    return fuzzPNG(data, count)
})
