import Foundation
import FuzzSupport
import OptaCore

/// libFuzzer target: the expression lexer, parser and compiler, then evaluation of what compiles.
func fuzzExpression(_ input: UnsafeBufferPointer<UInt8>) -> CInt {
    let text = String(decoding: input, as: UTF8.self)
    guard let expression = try? Expression(parsing: text) else { return 0 }
    for p in [SIMD2(0.0, 0.0), SIMD2(-1.5, 2.5), SIMD2(1e300, -1e-300)] {
        _ = expression.value(p)
        _ = expression.gradient(p)
    }
    return 0
}

runFuzzer { data, count in fuzzExpression(fuzzInput(data, count)) }
