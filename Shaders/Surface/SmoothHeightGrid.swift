/// A height grid read smoothly between its points, for the 3-D floor's contour lines: each cell is
/// the bicubic Hermite patch through its four corners with Catmull-Rom slopes (central differences
/// of the neighbours), so values and gradients are continuous across cell edges. Read bilinearly,
/// the grid's contours were straight within each cell and bent at its edges: polygons where a
/// cell spans several pixels (a 4K frame).
///
/// Slopes are taken over defined points only (`defined`): next to a hole they are one-sided,
/// and a point with no defined neighbour along an axis is flat along it.
public struct SmoothHeightGrid: Sendable {
    /// Points per side: point (i, j) is `samples[j * resolution + i]`.
    public let resolution: Int
    /// Per point: (t, ∂t/∂i, ∂t/∂j, ∂²t/∂i∂j), derivatives per grid step.
    public let samples: [SIMD4<Float>]

    /// The grid of `values` (row-major, `resolution` × `resolution`); `defined` (the same shape,
    /// or empty for all) marks the points whose value is real. A grid of another shape than it
    /// says is read as flat.
    public init(values: [Float], resolution n: Int, defined: [Bool] = []) {
        guard n >= 2, values.count == n * n else {
            resolution = 1
            samples = [.zero]
            return
        }
        resolution = n
        let mask = defined.count == n * n ? defined : []
        let isDefined = { (k: Int) in mask.isEmpty || mask[k] }
        /// The slope of `q` at point k along the axis with neighbours k − stride and k + stride
        /// (`before`/`after` say whether those exist in the grid).
        func slope(_ q: [Float], _ k: Int, stride: Int, before: Bool, after: Bool) -> Float {
            guard isDefined(k) else { return 0 }
            let hasBefore = before && isDefined(k - stride), hasAfter = after && isDefined(k + stride)
            switch (hasBefore, hasAfter) {
            case (true, true): return (q[k + stride] - q[k - stride]) / 2
            case (false, true): return q[k + stride] - q[k]
            case (true, false): return q[k] - q[k - stride]
            case (false, false): return 0
            }
        }
        var du = [Float](repeating: 0, count: n * n), dv = du, duv = du
        for j in 0..<n {
            for i in 0..<n {
                let k = j * n + i
                du[k] = slope(values, k, stride: 1, before: i > 0, after: i < n - 1)
                dv[k] = slope(values, k, stride: n, before: j > 0, after: j < n - 1)
            }
        }
        for j in 0..<n {
            for i in 0..<n { duv[j * n + i] = slope(du, j * n + i, stride: n, before: j > 0, after: j < n - 1) }
        }
        samples = (0..<(n * n)).map { SIMD4(values[$0], du[$0], dv[$0], duv[$0]) }
    }

    /// The value at grid coordinates (gx, gy) (point (i, j) at (i, j); clamped into the grid)
    /// and its gradient per grid step.
    @inline(__always)
    public func sample(_ gx: Float, _ gy: Float) -> (value: Float, gradient: SIMD2<Float>) {
        let n = resolution
        guard n >= 2 else { return (0, .zero) }
        let top = Float(n - 1) - 1e-3
        let x = Swift.max(0, Swift.min(top, gx)), y = Swift.max(0, Swift.min(top, gy))
        let i = Int(x), j = Int(y)
        let u = x - Float(i), v = y - Float(j)
        // Hermite basis: (h00, h10, h01, h11) for the value, and their derivatives.
        @inline(__always) func basis(_ s: Float) -> (SIMD4<Float>, SIMD4<Float>) {
            let s2 = s * s, s3 = s2 * s
            return (SIMD4(2 * s3 - 3 * s2 + 1, s3 - 2 * s2 + s, 3 * s2 - 2 * s3, s3 - s2),
                    SIMD4(6 * s2 - 6 * s, 3 * s2 - 4 * s + 1, 6 * s - 6 * s2, 3 * s2 - 2 * s))
        }
        let (bu, du) = basis(u), (bv, dv) = basis(v)
        return samples.withUnsafeBufferPointer { p in
            let k = j * n + i
            let c00 = p[k], c10 = p[k + 1], c01 = p[k + n], c11 = p[k + n + 1]
            // A corner's (t, tu, tv, tuv) weighs in with (H(u) H(v), G(u) H(v), H(u) G(v), G(u) G(v)),
            // where H and G are its value's and its slope's basis along each axis: lanes 2a and
            // 2a + 1 of a basis for the corner at a (0 or 1) along that axis.
            @inline(__always) func weights(_ x: SIMD4<Float>, _ y: SIMD4<Float>, _ a: Int, _ b: Int) -> SIMD4<Float> {
                let hx = x[2 * a], gx = x[2 * a + 1], hy = y[2 * b], gy = y[2 * b + 1]
                return SIMD4(hx * hy, gx * hy, hx * gy, gx * gy)
            }
            @inline(__always) func blend(_ x: SIMD4<Float>, _ y: SIMD4<Float>) -> Float {
                (c00 * weights(x, y, 0, 0) + c10 * weights(x, y, 1, 0) + c01 * weights(x, y, 0, 1) + c11 * weights(x, y, 1, 1)).sum()
            }
            return (blend(bu, bv), SIMD2(blend(du, bv), blend(bu, dv)))
        }
    }
}
