import OptaRaster

/// Cuts polylines to a rectangle, so paths that leave the plot stop at its edge.
enum PathClipping {
    /// The pieces of `points` inside `[lo, hi]` (Liang–Barsky per segment, pieces joined where
    /// consecutive segments stay connected). Non-finite points break the line.
    static func clip(_ points: [SIMD2<Float>], lo: SIMD2<Float>, hi: SIMD2<Float>) -> [[SIMD2<Float>]] {
        var pieces: [[SIMD2<Float>]] = []
        var current: [SIMD2<Float>] = []
        func flush() { if !current.isEmpty { pieces.append(current); current = [] } }
        if points.count == 1, let p = points.first, p.x.isFinite, p.y.isFinite,
           all(p .>= lo), all(p .<= hi) {
            return [[p]]
        }
        for (a, b) in zip(points, points.dropFirst()) {
            guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite,
                  let (p, q) = clipSegment(a, b, lo: lo, hi: hi) else { flush(); continue }
            if let last = current.last, last == p {
                current.append(q)
            } else {
                flush()
                current = [p, q]
            }
        }
        flush()
        return pieces
    }

    /// The part of segment a–b inside the rectangle, or nil.
    static func clipSegment(_ a: SIMD2<Float>, _ b: SIMD2<Float>, lo: SIMD2<Float>, hi: SIMD2<Float>)
        -> (SIMD2<Float>, SIMD2<Float>)? {
        var t0: Float = 0, t1: Float = 1
        let d = b - a
        let checks: [(Float, Float)] = [(-d.x, a.x - lo.x), (d.x, hi.x - a.x), (-d.y, a.y - lo.y), (d.y, hi.y - a.y)]
        for (p, q) in checks {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let r = q / p
                if p < 0 { if r > t1 { return nil }; t0 = max(t0, r) } else { if r < t0 { return nil }; t1 = min(t1, r) }
            }
        }
        return (t0 == 0 ? a : a + d * t0, t1 == 1 ? b : a + d * t1)
    }
}

extension PathClipping {
    /// The length of the polyline `points` inside `rect`, in pixels (non-finite points break it).
    static func length(of points: [SIMD2<Float>], inside rect: PixelRectF) -> Float {
        let lo = SIMD2(rect.x0, rect.y0), hi = SIMD2(rect.x1, rect.y1)
        var total: Float = 0
        for (a, b) in zip(points, points.dropFirst()) {
            // Most segments lie wholly to one side of a legend-sized rectangle: skip them before
            // clipping (which would find no length inside, or a zero length).
            if (a.x < lo.x && b.x < lo.x) || (a.x > hi.x && b.x > hi.x) || (a.y < lo.y && b.y < lo.y) || (a.y > hi.y && b.y > hi.y) {
                continue
            }
            guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, let (p, q) = clipSegment(a, b, lo: lo, hi: hi) else { continue }
            let d = q - p
            total += (d * d).sum().squareRoot()
        }
        return total
    }
}
