/// One straight piece of a stroke, with the precomputed terms the row-span search needs.
///
/// The stroke covers pixels whose centre lies within `reach` of the segment (a capsule, which
/// gives round caps and joins), or, for butt caps, within `reach` of its axis between the ends.
@usableFromInline
package struct StrokeSegment: Sendable {
    /// Start point.
    @usableFromInline var a: SIMD2<Float>
    /// `end − start`.
    @usableFromInline var d: SIMD2<Float>
    /// `1 / |d|²`, 0 for a zero-length segment (a dot).
    @usableFromInline var invLen2: Float
    /// `|d|`.
    @usableFromInline var length: Float
    /// Unit normal; `(1, 0)` for a zero-length segment.
    @usableFromInline var n: SIMD2<Float>
    /// Bounding box of the segment grown by `reach`.
    @usableFromInline var lo: SIMD2<Float>
    @usableFromInline var hi: SIMD2<Float>

    @inlinable
    package init(from p: SIMD2<Float>, to q: SIMD2<Float>, reach: Float) {
        a = p
        d = q - p
        let len2 = (d * d).sum()
        if len2 > 1e-12 {
            invLen2 = 1 / len2
            let len = len2.squareRoot()
            length = len
            n = SIMD2(-d.y / len, d.x / len)
        } else {
            invLen2 = 0
            length = 0
            d = .zero
            n = SIMD2(1, 0)
        }
        lo = pointwiseMin(p, q) - reach
        hi = pointwiseMax(p, q) + reach
    }

    /// Distance from `p` to the segment (capsule distance): `√(a² + e²)` with `a` the distance to
    /// the axis and `e` how far `p` projects beyond the nearer end (0 inside, so the result is
    /// exactly `|a|` there). `StrokeSpan8` computes the same numbers 8 lanes at a time.
    @inline(__always) @usableFromInline
    package func distance(_ p: SIMD2<Float>) -> Float {
        let w = p - a
        if invLen2 == 0 { return (w.x * w.x + w.y * w.y).squareRoot() }
        let axis = n.x * w.x + n.y * w.y
        let s = (w.x * d.x + w.y * d.y) * invLen2
        let m0 = -s > s - 1 ? -s : s - 1
        let m = 0 > m0 ? 0 : m0
        let e = m * length
        return (axis * axis + e * e).squareRoot()
    }

    /// `distance(_:)` of the centres of the 8 pixels `x…x + 7` of row `y`, lane by lane with the
    /// same arithmetic, so each lane is exactly the scalar distance.
    @inlinable @inline(__always)
    package func distances(row y: Int, from x: Int) -> SIMD8<Float> {
        let wx = SIMD8(repeating: Float(x)) + SIMD8(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5) - SIMD8(repeating: a.x)
        let wy = Float(y) + 0.5 - a.y
        if invLen2 == 0 { return (wx * wx + SIMD8(repeating: wy * wy)).squareRoot() }
        let axis = SIMD8(repeating: n.x) * wx + SIMD8(repeating: n.y * wy)
        let s = (wx * SIMD8(repeating: d.x) + SIMD8(repeating: wy * d.y)) * SIMD8(repeating: invLen2)
        let before = -s, beyond = s - SIMD8(repeating: 1)
        let m0 = beyond.replacing(with: before, where: before .> beyond)
        let m = m0.replacing(with: SIMD8(repeating: 0), where: m0 .< SIMD8(repeating: 0))
        let e = m * SIMD8(repeating: length)
        return (axis * axis + e * e).squareRoot()
    }

    /// `s` of `distance(_:)`: where `p` projects along the segment (0 at the start, 1 at the end).
    @inline(__always) @usableFromInline
    func along(_ p: SIMD2<Float>) -> Float {
        let w = p - a
        return (w.x * d.x + w.y * d.y) * invLen2
    }

    /// The pixel columns `x0..<x1` of row `y`, clipped to `clipX0..<clipX1`, whose centres can lie
    /// within `reach` of the segment's axis and bounding box. Empty when `x0 >= x1`.
    @inline(__always) @usableFromInline
    package func columns(row y: Int, reach r: Float, clipX0: Int, clipX1: Int) -> (Int, Int) {
        let py = Float(y) + 0.5
        if py <= lo.y || py >= hi.y { return (0, 0) }
        var l = lo.x, h = hi.x
        if Swift.abs(n.x) > 1e-6 {
            let c = n.y * (py - a.y)
            let inv = 1 / n.x
            let e0 = a.x + (-c - r) * inv
            let e1 = a.x + (-c + r) * inv
            l = Swift.max(l, Swift.min(e0, e1))
            h = Swift.min(h, Swift.max(e0, e1))
        } else if Swift.abs(n.y * (py - a.y)) >= r {
            return (0, 0)
        }
        // Centres i + 0.5 strictly inside (l, h).
        let x0 = SafeIndex.ceil(l - 0.5, clipX0, clipX1)
        let x1 = SafeIndex.floor(h - 0.5, clipX0 - 1, clipX1 - 1) + 1
        return (x0, x1)
    }

    /// The rows `y0..<y1`, clipped to `clip`, in which the band of radius `reach` around the
    /// segment's axis (within its bounding box) crosses the columns of `clip`.
    @inline(__always) @usableFromInline
    package func rows(in clip: PixelRect, reach r: Float) -> (Int, Int) {
        var l = lo.y, h = hi.y
        if Swift.abs(n.y) > 1e-6 {
            let inv = 1 / n.y
            let c0 = n.x * (Float(clip.x0) - a.x)
            let c1 = n.x * (Float(clip.x1) - a.x)
            let e0 = a.y + (-c0 - r) * inv, e1 = a.y + (-c0 + r) * inv
            let e2 = a.y + (-c1 - r) * inv, e3 = a.y + (-c1 + r) * inv
            l = Swift.max(l, Swift.min(Swift.min(e0, e1), Swift.min(e2, e3)))
            h = Swift.min(h, Swift.max(Swift.max(e0, e1), Swift.max(e2, e3)))
        }
        let y0 = SafeIndex.ceil(l - 0.5, clip.y0, clip.y1)
        let y1 = SafeIndex.floor(h - 0.5, clip.y0 - 1, clip.y1 - 1) + 1
        return (y0, y1)
    }

    /// Whether the band of radius `reach` around the axis, within the bounding box, can touch
    /// the pixel rectangle `r` (used for binning).
    @inlinable
    func mayTouch(_ r: PixelRect, reach: Float) -> Bool {
        if hi.x <= Float(r.x0) || lo.x >= Float(r.x1) || hi.y <= Float(r.y0) || lo.y >= Float(r.y1) {
            return false
        }
        let hw = Float(r.width) * 0.5, hh = Float(r.height) * 0.5
        let c = SIMD2<Float>(Float(r.x0) + hw, Float(r.y0) + hh)
        let dist = Swift.abs(n.x * (c.x - a.x) + n.y * (c.y - a.y))
        return dist < reach + Swift.abs(n.x) * hw + Swift.abs(n.y) * hh
    }
}
