import Foundation
import FuzzSupport
import OptaCore

/// libFuzzer target: the CSV matrix reader (coordinate row and column, BOM, quotes), then a grid
/// landscape of what it accepts sampled at a few points.
func fuzzGridCSV(_ input: UnsafeBufferPointer<UInt8>) -> CInt {
    guard let table = try? GridCSV.read(Array(input), file: "fuzz.csv").get() else { return 0 }
    FuzzGrid.exercise(table)
    return 0
}

runFuzzer { data, count in fuzzGridCSV(fuzzInput(data, count)) }
