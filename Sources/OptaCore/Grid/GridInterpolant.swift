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
/// Node slopes are computed once per grid (`GridSlopes`). Evaluation first collapses the two grid rows around y into one "slice" per grid column (the
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
        if interpolation == .nearest {
            let k = (row.upper ? row.j + 1 : row.j) * columns + (u < 0.5 ? i : i + 1)
            return values[k].isFinite ? (values[k], 0, 0) : (.nan, .nan, .nan)
        }
        let slopes = interpolation == .cubic ? self.slopes : GridSlopes.none
        return values.withUnsafeBufferPointer { z in
            slopes.dx.withUnsafeBufferPointer { sx in
                slopes.dy.withUnsafeBufferPointer { sy in
                    let h = x.coordinates[i + 1] - x.coordinates[i]
                    let (a, b) = (sx.baseAddress!, sy.baseAddress!)
                    return blend(slice(i, row, z.baseAddress!, a, b), slice(i + 1, row, z.baseAddress!, a, b), u: u, h: h, inverseH: 1 / h)
                }
            }
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
        let axis = x
        let slopes = interpolation == .cubic ? self.slopes : GridSlopes.none
        values.withUnsafeBufferPointer { z in
          slopes.dx.withUnsafeBufferPointer { sxb in
           slopes.dy.withUnsafeBufferPointer { syb in
            axis.coordinates.withUnsafeBufferPointer { xb in
                let base = z.baseAddress!, xc = xb.baseAddress!
                let sx = sxb.baseAddress!, sy = syb.baseAddress!
                let n = columns, lower = xc[0], upper = xc[n - 1]
                let inverseStep = axis.inverseStep ?? 0, uniform = axis.inverseStep != nil
                let nearest = interpolation == .nearest
                let nearRow = (row.upper ? row.j + 1 : row.j) * n
                // Phase 1 (scalar): each pixel's cell, its fraction and the two slices around it,
                // into lanes of `scratch`; phase 2 (8 pixels at a time): the Hermite blend.
                let padded = (count + 7) & ~7
                withUnsafeTemporaryAllocation(of: Float.self, capacity: padded * 11) { scratch in
                    let lanes = scratch.baseAddress!
                    lanes.initialize(repeating: 0, count: padded * 11)
                    let av = lanes, adx = lanes + padded, ady = lanes + 2 * padded, adxy = lanes + 3 * padded
                    let bv = lanes + 4 * padded, bdx = lanes + 5 * padded, bdy = lanes + 6 * padded, bdxy = lanes + 7 * padded
                    let uu = lanes + 8 * padded, hh = lanes + 9 * padded, ih = lanes + 10 * padded
                    var current = -2
                    var s0 = Slice(), s1 = Slice()
                    var h = 1.0, inverseH = 1.0
                    for k in 0..<count {
                        let t = x0 + Double(k) * dx
                        guard t >= lower, t <= upper else {
                            av[k] = .nan; bv[k] = .nan
                            continue
                        }
                        // The cell i (0 ≤ i ≤ n − 2) and the fraction u in it.
                        var i: Int, u: Double
                        if uniform {
                            let s = (t - lower) * inverseStep
                            i = min(Int(s), n - 2)
                            u = min(s - Double(i), 1)
                        } else {
                            i = max(current, 0)
                            if t < xc[i] { i = 0 }
                            while i < n - 2 && xc[i + 1] <= t { i += 1 }
                            u = min((t - xc[i]) / (xc[i + 1] - xc[i]), 1)
                        }
                        if nearest {
                            let f = base[nearRow + (u < 0.5 ? i : i + 1)]
                            av[k] = f.isFinite ? Float(f) : .nan
                            current = i
                            continue
                        }
                        if i != current {
                            s0 = i == current + 1 ? s1 : slice(i, row, base, sx, sy)
                            s1 = slice(i + 1, row, base, sx, sy)
                            current = i
                            h = xc[i + 1] - xc[i]
                            inverseH = 1 / h
                        }
                        av[k] = Float(s0.value); adx[k] = Float(s0.dx); ady[k] = Float(s0.dy); adxy[k] = Float(s0.dxy)
                        bv[k] = Float(s1.value); bdx[k] = Float(s1.dx); bdy[k] = Float(s1.dy); bdxy[k] = Float(s1.dxy)
                        uu[k] = Float(u); hh[k] = Float(h); ih[k] = Float(inverseH)
                    }
                    if nearest {
                        for k in 0..<count { out[k] = av[k]; gradX[k] = 0; gradY[k] = 0 }
                        return
                    }
                    Self.blendRow(count: count, linear: interpolation == .linear, av: av, adx: adx, ady: ady, adxy: adxy,
                                  bv: bv, bdx: bdx, bdy: bdy, bdxy: bdxy, u: uu, h: hh, inverseH: ih,
                                  out: out, gradX: gradX, gradY: gradY)
                }
            }
           }
          }
        }
    }


    /// Phase 2 of `sampleRow`: the blend of `blend(_:_:u:h:inverseH:)`, 8 pixels at a time in
    /// Float (the row is Float anyway). Lanes past `count` hold zeros and are not written out.
    static func blendRow(count: Int, linear: Bool, av: UnsafePointer<Float>, adx: UnsafePointer<Float>, ady: UnsafePointer<Float>,
                         adxy: UnsafePointer<Float>, bv: UnsafePointer<Float>, bdx: UnsafePointer<Float>, bdy: UnsafePointer<Float>,
                         bdxy: UnsafePointer<Float>, u: UnsafePointer<Float>, h: UnsafePointer<Float>, inverseH: UnsafePointer<Float>,
                         out: UnsafeMutablePointer<Float>, gradX: UnsafeMutablePointer<Float>, gradY: UnsafeMutablePointer<Float>) {
        typealias V = SIMD8<Float>
        func load(_ p: UnsafePointer<Float>, _ k: Int) -> V { UnsafeRawPointer(p + k).loadUnaligned(as: V.self) }
        var k = 0
        while k < count {
            let t = load(u, k), a = load(av, k), b = load(bv, k), ady8 = load(ady, k), bdy8 = load(bdy, k)
            var value: V, gx: V, gy: V
            if linear {
                let s = 1 - t
                value = s * a + t * b
                gx = (b - a) * load(inverseH, k)
                gy = s * ady8 + t * bdy8
            } else {
                let t2 = t * t, t3 = t2 * t
                let h00 = 2 * t3 - 3 * t2 + 1, h01 = 1 - h00, h10 = t3 - 2 * t2 + t, h11 = t3 - t2
                let d00 = 6 * t2 - 6 * t, d10 = 3 * t2 - 4 * t + 1, d11 = 3 * t2 - 2 * t
                let hk = load(h, k), adx8 = load(adx, k), bdx8 = load(bdx, k)
                value = h00 * a + h01 * b + hk * (h10 * adx8 + h11 * bdx8)
                gx = d00 * (a - b) * load(inverseH, k) + d10 * adx8 + d11 * bdx8
                gy = h00 * ady8 + h01 * bdy8 + hk * (h10 * load(adxy, k) + h11 * load(bdxy, k))
            }
            let lanes = min(8, count - k)
            if lanes == 8 {
                UnsafeMutableRawPointer(out + k).storeBytes(of: value, as: V.self)
                UnsafeMutableRawPointer(gradX + k).storeBytes(of: gx, as: V.self)
                UnsafeMutableRawPointer(gradY + k).storeBytes(of: gy, as: V.self)
            } else {
                for lane in 0..<lanes { out[k + lane] = value[lane]; gradX[k + lane] = gx[lane]; gradY[k + lane] = gy[lane] }
            }
            k += 8
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
    /// `z` points at the samples, `sx`/`sy` at their node slopes.
    @inline(__always)
    func slice(_ i: Int, _ w: RowWeights, _ z: UnsafePointer<Double>, _ sx: UnsafePointer<Float>, _ sy: UnsafePointer<Float>) -> Slice {
        let k0 = w.j * columns + i, k1 = k0 + columns
        let f0 = z[k0], f1 = z[k1]
        guard interpolation == .cubic else {
            return Slice(value: w.h0 * f0 + w.h1 * f1, dx: 0, dy: w.d0 * f0 + w.d1 * f1, dxy: 0)
        }
        // The node slopes at (j, i) and (j + 1, i), precomputed (`GridSlopes`).
        let fy0 = Double(sy[k0]), fy1 = Double(sy[k1])
        let fx0 = Double(sx[k0]), fx1 = Double(sx[k1])
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
