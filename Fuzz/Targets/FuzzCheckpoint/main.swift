import Foundation
import OptaCore

/// libFuzzer target: checkpoint reading and validation, then a few steps of every accepted run.
func fuzzCheckpoint(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: count))
    guard var checkpoint = try? CheckpointValidation.load(bytes, source: "fuzz.json") else { return 0 }
    for i in checkpoint.runs.indices {
        checkpoint.runs[i].extendBudget(by: 3)
        checkpoint.runs[i].run(steps: 3, on: .builtin(.rosenbrock))
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
    return fuzzCheckpoint(data, count)
})
