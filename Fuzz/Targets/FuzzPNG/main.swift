import Foundation
import FuzzSupport
import OptaImage

/// libFuzzer target: the PNG reader (libpng's simplified API behind `PNGReader.decode`), with a
/// pixel limit that keeps the fuzzer's memory small.
func fuzzPNG(_ input: UnsafeBufferPointer<UInt8>) -> CInt {
    let bytes = Array(input)
    _ = try? PNGReader.decode(bytes, source: "fuzz.png", limit: 2048 * 2048)
    return 0
}

runFuzzer { data, count in fuzzPNG(fuzzInput(data, count)) }
