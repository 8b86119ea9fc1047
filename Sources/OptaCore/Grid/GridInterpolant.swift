/// The interpolant of a `GridLandscape`: value and gradient at a point and along pixel rows.
///
/// Cubic is the bicubic Hermite patch of each cell, with node slopes ∂f/∂x and ∂f/∂y from PCHIP
/// (Fritsch–Butland: the weighted harmonic mean of the two neighbouring secants, zero where they
/// differ in sign; the one secant at the grid's edge) and zero cross derivatives. Why this one:
/// - node slopes depend only on a node's neighbours, and a patch edge only on the data of that
///   edge, so value and gradient are continuous across cells (C¹) — contour lines do not kink;
/// - along every grid line it is the 1-D PCHIP curve, monotone between samples: no overshoot, so
///   no spurious contour rings around isolated high or low samples (Catmull-Rom and cubic splines
///   ring there);
/// - it needs no solve over the whole grid, so a 4096² grid is usable as soon as it is read.
///
/// Evaluation first collapses the two grid rows around y into one "slice" per grid column (the
/// patch restricted to x = xᵢ: value, ∂x, ∂y, ∂x∂y), then blends neighbouring slices along x.
/// A pixel row reuses a slice until it crosses into the next cell, so a row of pixels costs a few
/// multiply-adds per pixel. Points and rows go through the same code: the heatmap, the contours
/// (|f − c| / |∇f|) and the solvers see exactly the same function.
extension GridLandscape {
    /// The interpolant restricted to the grid line x = xᵢ at the current y.
    struct Slice {
        var value = 0.0, dx = 0.0, dy = 0.0, dxy = 0.0
    }

    /// The y-direction blending weights of one row of pixels (one y), and its cell.
    struct RowWeights {
        let j: Int
        /// v-basis of values (h0, h1) and of y-slopes (g0, g1, already times the cell height).
        let h0, h1, g0, g1: Double
        /// Their derivatives in y (per unit of y).
        let d0, d1, e0, e1: Double
        /// Whether the nearer sample row is j + 1 (nearest interpolation).
        let upper: Bool
    }

    /// The value at `p`; NaN outside the grid or in a cell touching an undefined sample.
    public func value(_ p: SIMD2<Double>) -> Double {
        evaluate(p).value
    }

    /// The gradient at `p`; NaN components where the value is undefined.
    public func gradient(_ p: SIMD2<Double>) -> SIMD2<Double> {
        let e = evaluate(p)
        return SIMD2(e.dx, e.dy)
    }

    /// Value and gradient at `p`.
    public func evaluate(_ p: SIMD2<Double>) -> (value: Double, dx: Double, dy: Double) {
        guard let row = weights(p.y), let (i, u) = x.cell(p.x) else { return (.nan, .nan, .nan) }
        return values.withUnsafeBufferPointer { z in
            let base = z.baseAddress!
            if interpolation == .nearest {
                let k = (row.upper ? row.j + 1 : row.j) * columns + (u < 0.5 ? i : i + 1)
                return base[k].isFinite ? (base[k], 0, 0) : (.nan, .nan, .nan)
            }
            return blend(slice(i, row, base), slice(i + 1, row, base), u: u, i: i)
        }
    }

    /// Fills a row of samples at x = x0 + k·dx (k in 0..<count), fixed y, as Float — the
    /// landscape shader's per-row entry point.
    public func sampleRow(y yValue: Double, x0: Double, dx: Double, count: Int,
                          values out: UnsafeMutablePointer<Float>, gradX: UnsafeMutablePointer<Float>,
                          gradY: UnsafeMutablePointer<Float>) {
        guard count > 0 else { return }
        guard let row = weights(yValue) else {
            out.update(repeating: .nan, count: count)
            gradX.update(repeating: 0, count: count)
            gradY.update(repeating: 0, count: count)
            return
        }
        values.withUnsafeBufferPointer { z in
            let base = z.baseAddress!
            var current = -2
            var s0 = Slice(), s1 = Slice()
            for k in 0..<count {
                guard let (i, u) = x.cell(x0 + Double(k) * dx) else {
                    out[k] = .nan; gradX[k] = 0; gradY[k] = 0
                    continue
                }
                if interpolation == .nearest {
                    let f = base[(row.upper ? row.j + 1 : row.j) * columns + (u < 0.5 ? i : i + 1)]
                    out[k] = f.isFinite ? Float(f) : .nan
                    gradX[k] = 0; gradY[k] = 0
                    continue
                }
                if i != current {
                    s0 = i == current + 1 ? s1 : slice(i, row, base)
                    s1 = slice(i + 1, row, base)
                    current = i
                }
                let e = blend(s0, s1, u: u, i: i)
                out[k] = Float(e.value)
                gradX[k] = Float(e.dx)
                gradY[k] = Float(e.dy)
            }
        }
    }

    /// The cell of y and its blending weights; nil outside the grid.
    @inline(__always)
    func weights(_ yValue: Double) -> RowWeights? {
        guard let (j, v) = y.cell(yValue) else { return nil }
        let h = y.coordinates[j + 1] - y.coordinates[j]
        switch interpolation {
        case .cubic:
            let b = Self.hermite(v)
            return RowWeights(j: j, h0: b.h00, h1: b.h01, g0: b.h10 * h, g1: b.h11 * h,
                              d0: b.d00 / h, d1: b.d01 / h, e0: b.d10, e1: b.d11, upper: v >= 0.5)
        case .linear, .nearest:
            return RowWeights(j: j, h0: 1 - v, h1: v, g0: 0, g1: 0, d0: -1 / h, d1: 1 / h, e0: 0, e1: 0, upper: v >= 0.5)
        }
    }

    /// The slice at grid column i for the row's cell. Undefined corners make it NaN.
    @inline(__always)
    func slice(_ i: Int, _ w: RowWeights, _ z: UnsafePointer<Double>) -> Slice {
        let k0 = w.j * columns + i, k1 = k0 + columns
        let f0 = z[k0], f1 = z[k1]
        guard interpolation == .cubic else {
            return Slice(value: w.h0 * f0 + w.h1 * f1, dx: 0, dy: w.d0 * f0 + w.d1 * f1, dxy: 0)
        }
        let yc = y.coordinates, xc = x.coordinates
        let j = w.j
        // ∂f/∂y at rows j and j + 1 of column i.
        let below = j > 0 ? z[k0 - columns] : .nan
        let above = j + 2 < rows ? z[k1 + columns] : .nan
        let fy0 = Self.slope(below, f0, f1, j > 0 ? yc[j] - yc[j - 1] : 1, yc[j + 1] - yc[j])
        let fy1 = Self.slope(f0, f1, above, yc[j + 1] - yc[j], j + 2 < rows ? yc[j + 2] - yc[j + 1] : 1)
        // ∂f/∂x at column i of rows j and j + 1.
        let hm = i > 0 ? xc[i] - xc[i - 1] : 1, hp = i + 1 < columns ? xc[i + 1] - xc[i] : 1
        let fx0 = Self.slope(i > 0 ? z[k0 - 1] : .nan, f0, i + 1 < columns ? z[k0 + 1] : .nan, hm, hp)
        let fx1 = Self.slope(i > 0 ? z[k1 - 1] : .nan, f1, i + 1 < columns ? z[k1 + 1] : .nan, hm, hp)
        return Slice(value: w.h0 * f0 + w.h1 * f1 + w.g0 * fy0 + w.g1 * fy1,
                     dx: w.h0 * fx0 + w.h1 * fx1,
                     dy: w.d0 * f0 + w.d1 * f1 + w.e0 * fy0 + w.e1 * fy1,
                     dxy: w.d0 * fx0 + w.d1 * fx1)
    }

    /// Value and gradient between the slices of columns i and i + 1, at fraction u.
    @inline(__always)
    func blend(_ a: Slice, _ b: Slice, u: Double, i: Int) -> (value: Double, dx: Double, dy: Double) {
        let h = x.coordinates[i + 1] - x.coordinates[i]
        if interpolation == .linear {
            return ((1 - u) * a.value + u * b.value, (b.value - a.value) / h, (1 - u) * a.dy + u * b.dy)
        }
        let w = Self.hermite(u)
        return (w.h00 * a.value + w.h01 * b.value + h * (w.h10 * a.dx + w.h11 * b.dx),
                (w.d00 * a.value + w.d01 * b.value) / h + w.d10 * a.dx + w.d11 * b.dx,
                w.h00 * a.dy + w.h01 * b.dy + h * (w.h10 * a.dxy + w.h11 * b.dxy))
    }

    /// The cubic Hermite basis on 0…1 and its derivatives.
    @inline(__always)
    static func hermite(_ t: Double) -> (h00: Double, h01: Double, h10: Double, h11: Double,
                                         d00: Double, d01: Double, d10: Double, d11: Double) {
        let t2 = t * t, t3 = t2 * t
        return (2 * t3 - 3 * t2 + 1, -2 * t3 + 3 * t2, t3 - 2 * t2 + t, t3 - t2,
                6 * t2 - 6 * t, -6 * t2 + 6 * t, 3 * t2 - 4 * t + 1, 3 * t2 - 2 * t)
    }

    /// PCHIP slope at a sample `v` between neighbours `before` and `after` (NaN or ±∞ where
    /// missing) at distances `hm` and `hp`: the weighted harmonic mean of the two secants, 0 when
    /// they differ in sign (a local extremum stays at the sample), the one secant when the other
    /// is missing. Its magnitude is at most 3× the smaller secant, which keeps each piece monotone.
    @inline(__always)
    static func slope(_ before: Double, _ v: Double, _ after: Double, _ hm: Double, _ hp: Double) -> Double {
        let dm = (v - before) / hm, dp = (after - v) / hp
        if !dm.isFinite { return dp.isFinite ? dp : 0 }
        if !dp.isFinite { return dm }
        if dm * dp <= 0 { return 0 }
        let w1 = 2 * hp + hm, w2 = hp + 2 * hm
        return (w1 + w2) / (w1 / dm + w2 / dp)
    }
}
