import Foundation
import FuzzSupport
import OptaCore

/// libFuzzer target: the path CSV reader.
func fuzzPathCSV(_ input: UnsafeBufferPointer<UInt8>) -> CInt {
    let text = String(decoding: input, as: UTF8.self)
    _ = try? PathCSV.parse(text, source: "fuzz.csv", fallbackName: "fuzz")
    return 0
}

runFuzzer { data, count in fuzzPathCSV(fuzzInput(data, count)) }
