import Foundation
import OptaCore

/// libFuzzer target: trace (JSON Lines of actions) reading, then replaying the trace's first
/// frames on the default scene, so that actions with extreme values go through the reducer.
func fuzzTrace(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    guard let trace = try? Trace.parse(text, source: "fuzz.jsonl"),
          var session = try? HeadlessSession(scenario: FuzzScene.scenario) else { return 0 }
    session.replay(trace, through: min(trace.entries.last?.frame ?? 0, 3))
    _ = session.renderState
    return 0
}

/// The scene traces are replayed on: the default one with fewer steps per frame.
enum FuzzScene {
    static let scenario: Scenario = {
        var scenario = DefaultScenario.scenario()
        scenario.stepsPerFrame = 1
        return scenario
    }()
}

// libFuzzer's driver (linked from libclang_rt.fuzzer_no_main: SwiftPM's executables bring their own main).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

var arguments = CommandLine.argc
var values = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &values) { data, count in
    guard let data else { return 0 }
    return fuzzTrace(data, count)
})
