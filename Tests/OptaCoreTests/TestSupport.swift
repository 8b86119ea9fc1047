@testable import OptaCore

/// A small deterministic generator so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Central finite differences of `f` at `p`.
func finiteDifference(_ p: SIMD2<Double>, _ f: (SIMD2<Double>) -> Double) -> SIMD2<Double> {
    let hx = 1e-6 * max(1, abs(p.x)), hy = 1e-6 * max(1, abs(p.y))
    let gx = (f(p + SIMD2(hx, 0)) - f(p - SIMD2(hx, 0))) / (2 * hx)
    let gy = (f(p + SIMD2(0, hy)) - f(p - SIMD2(0, hy))) / (2 * hy)
    return SIMD2(gx, gy)
}

/// |a − b| within `relative` of the larger magnitude, or within `absolute`.
func close(_ a: Double, _ b: Double, relative: Double = 1e-4, absolute: Double = 1e-6) -> Bool {
    if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
    let diff = abs(a - b)
    return diff <= absolute || diff <= relative * max(abs(a), abs(b))
}

func close(_ a: SIMD2<Double>, _ b: SIMD2<Double>, relative: Double = 1e-4, absolute: Double = 1e-6) -> Bool {
    close(a.x, b.x, relative: relative, absolute: absolute) && close(a.y, b.y, relative: relative, absolute: absolute)
}

/// Row buffers plus a call to `sampleRow`.
struct SampledRow {
    var values: [Float]
    var gradX: [Float]
    var gradY: [Float]

    init(_ objective: Objective, y: Double, x0: Double, dx: Double, count: Int) {
        var v = [Float](repeating: -1, count: count)
        var gx = v, gy = v
        v.withUnsafeMutableBufferPointer { vb in
            gx.withUnsafeMutableBufferPointer { gxb in
                gy.withUnsafeMutableBufferPointer { gyb in
                    objective.sampleRow(y: y, x0: x0, dx: dx, count: count,
                                        values: vb.baseAddress!, gradX: gxb.baseAddress!, gradY: gyb.baseAddress!)
                }
            }
        }
        values = v
        gradX = gx
        gradY = gy
    }
}
