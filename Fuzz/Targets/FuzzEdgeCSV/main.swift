import Foundation
import FuzzSupport
import OptaCore

/// libFuzzer target: the edge-list CSV reader, with a few known node ids.
func fuzzEdgeCSV(_ input: UnsafeBufferPointer<UInt8>) -> CInt {
    let text = String(decoding: input, as: UTF8.self)
    _ = try? EdgeCSV.parse(text, source: "fuzz.csv", nodes: ["a": 0, "b": 1, "c": 2, "A": 3, "1": 4])
    return 0
}

runFuzzer { data, count in fuzzEdgeCSV(fuzzInput(data, count)) }
