import Foundation
import FuzzSupport
import OptaCore

/// libFuzzer target: checkpoint reading and validation, then a few steps of every accepted run.
func fuzzCheckpoint(_ input: UnsafeBufferPointer<UInt8>) -> CInt {
    let bytes = Data(input)
    guard var checkpoint = try? CheckpointValidation.load(bytes, source: "fuzz.json") else { return 0 }
    for i in checkpoint.runs.indices {
        checkpoint.runs[i].extendBudget(by: 3)
        checkpoint.runs[i].run(steps: 3, on: .builtin(.rosenbrock))
    }
    return 0
}

runFuzzer { data, count in fuzzCheckpoint(fuzzInput(data, count)) }
