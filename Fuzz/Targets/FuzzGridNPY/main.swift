import Foundation
import FuzzSupport
import OptaCore

/// libFuzzer target: the `.npy` reader, then a grid landscape of what it accepts (limits, NaN
/// cells, interpolant) sampled at a few points.
func fuzzGridNPY(_ input: UnsafeBufferPointer<UInt8>) -> CInt {
    guard let array = try? NPYReader.read(Data(input), file: "fuzz.npy").get(),
          let table = try? GridTable.from(array, source: "fuzz.npy") else { return 0 }
    FuzzGrid.exercise(table)
    return 0
}

runFuzzer { data, count in fuzzGridNPY(fuzzInput(data, count)) }
