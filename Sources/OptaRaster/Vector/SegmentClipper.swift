/// Clips segments to a box in Double precision, so that far-away or huge coordinates never reach
/// the Float rasterizer (where they would lose precision or overflow).
@usableFromInline
struct SegmentClipper: Sendable {
    @usableFromInline let x0: Double, y0: Double, x1: Double, y1: Double

    /// The frame grown by `margin` pixels on every side.
    @inlinable
    init(width: Int, height: Int, margin: Float) {
        let m = Double(margin)
        x0 = -m; y0 = -m; x1 = Double(width) + m; y1 = Double(height) + m
    }

    @inline(__always) @usableFromInline
    func contains(_ p: SIMD2<Float>) -> Bool {
        let x = Double(p.x), y = Double(p.y)
        return x >= x0 && x <= x1 && y >= y0 && y <= y1
    }

    /// The part of `p`–`q` inside the box (Liang–Barsky), or nil when none is. Segments with both
    /// ends inside come back unchanged. Non-finite input gives nil.
    @inlinable
    func clip(_ p: SIMD2<Float>, _ q: SIMD2<Float>) -> (SIMD2<Float>, SIMD2<Float>)? {
        guard p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite else { return nil }
        if contains(p) && contains(q) { return (p, q) }
        let px = Double(p.x), py = Double(p.y)
        let dx = Double(q.x) - px, dy = Double(q.y) - py
        var t0 = 0.0, t1 = 1.0
        // One Liang–Barsky test per box edge; false when the segment misses the box.
        func edge(_ pk: Double, _ qk: Double) -> Bool {
            if pk == 0 { return qk >= 0 }
            let r = qk / pk
            if pk < 0 {
                if r > t1 { return false }
                t0 = Swift.max(t0, r)
            } else {
                if r < t0 { return false }
                t1 = Swift.min(t1, r)
            }
            return true
        }
        guard edge(-dx, px - x0), edge(dx, x1 - px), edge(-dy, py - y0), edge(dy, y1 - py) else {
            return nil
        }
        let a = SIMD2<Float>(Float(px + t0 * dx), Float(py + t0 * dy))
        let b = SIMD2<Float>(Float(px + t1 * dx), Float(py + t1 * dy))
        return (contains(p) ? p : a, contains(q) ? q : b)
    }
}
