import Foundation
import FuzzSupport
import OptaCore

/// libFuzzer target: trace (JSON Lines of actions) reading, then replaying the trace's first
/// frames on the default scene, so that actions with extreme values go through the reducer.
func fuzzTrace(_ input: UnsafeBufferPointer<UInt8>) -> CInt {
    let text = String(decoding: input, as: UTF8.self)
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

runFuzzer { data, count in fuzzTrace(fuzzInput(data, count)) }
