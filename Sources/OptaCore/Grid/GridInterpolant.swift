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
/// Node slopes are computed once per grid (`GridBlocks`). Evaluation first collapses the two grid
/// rows around y into one "slice" per grid column (the patch restricted to x = xᵢ: value, ∂x, ∂y,
/// ∂x∂y), then blends neighbouring slices along x. Points (here, in Double) and pixel rows
/// (`GridRowSampler.swift`, in Float) share those steps, so the heatmap, the contours
/// (|f − c| / |∇f|) and the solvers see the same function to Float's precision.
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
        if interpolation == .nearest {
            let k = (row.upper ? row.j + 1 : row.j) * columns + (u < 0.5 ? i : i + 1)
            return values[k].isFinite ? (values[k], 0, 0) : (.nan, .nan, .nan)
        }
        let blocks = self.blocks
        let h = x.coordinates[i + 1] - x.coordinates[i]
        return blend(slice(i, row, blocks), slice(i + 1, row, blocks), u: u, h: h, inverseH: 1 / h)
    }

    /// Writes 8 pixels' results at `k`, or the first `lanes` of them at a row's end.
    @inline(__always)
    static func store8(_ value: SIMD8<Float>, _ gx: SIMD8<Float>, _ gy: SIMD8<Float>, at k: Int, lanes: Int,
                       out: UnsafeMutablePointer<Float>, gradX: UnsafeMutablePointer<Float>, gradY: UnsafeMutablePointer<Float>) {
        if lanes == 8 {
            UnsafeMutableRawPointer(out + k).storeBytes(of: value, as: SIMD8<Float>.self)
            UnsafeMutableRawPointer(gradX + k).storeBytes(of: gx, as: SIMD8<Float>.self)
            UnsafeMutableRawPointer(gradY + k).storeBytes(of: gy, as: SIMD8<Float>.self)
        } else {
            for lane in 0..<lanes { out[k + lane] = value[lane]; gradX[k + lane] = gx[lane]; gradY[k + lane] = gy[lane] }
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

    /// The slice at grid column i for the row's cell, in Double from the Double samples (points
    /// for solvers). Undefined corners make it NaN.
    @inline(__always)
    func slice(_ i: Int, _ w: RowWeights, _ blocks: GridBlocks) -> Slice {
        let k0 = w.j * columns + i, k1 = k0 + columns
        let f0 = values[k0], f1 = values[k1]
        guard interpolation == .cubic else {
            return Slice(value: w.h0 * f0 + w.h1 * f1, dx: 0, dy: w.d0 * f0 + w.d1 * f1, dxy: 0)
        }
        // The node slopes at (j, i) and (j + 1, i), precomputed (`GridBlocks`).
        let s0 = blocks.slopes(row: w.j, column: i), s1 = blocks.slopes(row: w.j + 1, column: i)
        let fx0 = Double(s0.dx), fy0 = Double(s0.dy), fx1 = Double(s1.dx), fy1 = Double(s1.dy)
        return Slice(value: w.h0 * f0 + w.h1 * f1 + w.g0 * fy0 + w.g1 * fy1,
                     dx: w.h0 * fx0 + w.h1 * fx1,
                     dy: w.d0 * f0 + w.d1 * f1 + w.e0 * fy0 + w.e1 * fy1,
                     dxy: w.d0 * fx0 + w.d1 * fx1)
    }

    /// Value and gradient between the slices of columns i and i + 1, at fraction u.
    @inline(__always)
    func blend(_ a: Slice, _ b: Slice, u: Double, h: Double, inverseH: Double) -> (value: Double, dx: Double, dy: Double) {
        if interpolation == .linear {
            return ((1 - u) * a.value + u * b.value, (b.value - a.value) * inverseH, (1 - u) * a.dy + u * b.dy)
        }
        let w = Self.hermite(u)
        return (w.h00 * a.value + w.h01 * b.value + h * (w.h10 * a.dx + w.h11 * b.dx),
                (w.d00 * a.value + w.d01 * b.value) * inverseH + w.d10 * a.dx + w.d11 * b.dx,
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
        let am = v - before, ap = after - v
        if !am.isFinite { return ap.isFinite ? ap / hp : 0 }
        if !ap.isFinite { return am / hm }
        if am * ap <= 0 { return 0 }
        // (w1 + w2) / (w1 / dm + w2 / dp) with dm = am / hm, dp = ap / hp, in one division.
        let w1 = 2 * hp + hm, w2 = hp + 2 * hm
        return (w1 + w2) * am * ap / (w1 * ap * hm + w2 * am * hp)
    }
}
