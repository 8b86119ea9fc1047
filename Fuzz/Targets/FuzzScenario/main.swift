import Foundation
import FuzzSupport
import OptaCore

/// libFuzzer target: scenario JSON → validated `Scenario` (files it names resolve in an empty folder).
func fuzzScenario(_ input: UnsafeBufferPointer<UInt8>) -> CInt {
    let bytes = Data(input)
    _ = try? ScenarioLoader.parse(bytes, source: "fuzz.json", baseFolder: "/nonexistent-opta-fuzz")
    return 0
}

runFuzzer { data, count in fuzzScenario(fuzzInput(data, count)) }
