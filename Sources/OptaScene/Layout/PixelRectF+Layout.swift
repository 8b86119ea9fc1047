import OptaRaster

/// Rectangle arithmetic for layout: overlap with a gap, containment, growing, distances.
extension PixelRectF {
    /// The whole-pixel rectangle `r`.
    init(_ r: PixelRect) { self.init(x0: Float(r.x0), y0: Float(r.y0), x1: Float(r.x1), y1: Float(r.y1)) }

    /// Whether the two rectangles come closer than `gap` pixels (touching counts when gap > 0).
    func overlaps(_ other: PixelRectF, gap: Float = 0) -> Bool {
        x0 < other.x1 + gap && other.x0 < x1 + gap && y0 < other.y1 + gap && other.y0 < y1 + gap
    }

    /// The rectangle grown by `d` pixels on every side (shrunk when `d` is negative).
    func grown(by d: Float) -> PixelRectF { PixelRectF(x0: x0 - d, y0: y0 - d, x1: x1 + d, y1: y1 + d) }

    /// The smallest rectangle holding both.
    func union(_ other: PixelRectF) -> PixelRectF {
        PixelRectF(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    /// Whether `other` lies wholly inside this rectangle.
    func contains(_ other: PixelRectF) -> Bool {
        other.x0 >= x0 && other.y0 >= y0 && other.x1 <= x1 && other.y1 <= y1
    }

    /// Whether `p` lies inside (edges included).
    func containsPoint(_ p: SIMD2<Float>) -> Bool { p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1 }

    /// The distance from `p` to the rectangle (0 inside).
    func distance(to p: SIMD2<Float>) -> Float {
        let dx = max(x0 - p.x, 0, p.x - x1), dy = max(y0 - p.y, 0, p.y - y1)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The distance from segment a–b to the rectangle (0 when it crosses it).
    func distance(toSegment a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float {
        if PathClipping.clipSegment(a, b, lo: SIMD2(x0, y0), hi: SIMD2(x1, y1)) != nil { return 0 }
        // Apart, the nearest points are an end of the segment or a corner of the rectangle.
        var best = min(distance(to: a), distance(to: b))
        let d = b - a, length2 = (d * d).sum()
        guard length2 > 0 else { return best }
        for corner in [SIMD2(x0, y0), SIMD2(x1, y0), SIMD2(x0, y1), SIMD2(x1, y1)] {
            let t = max(0, min(1, ((corner - a) * d).sum() / length2))
            let q = a + d * t - corner
            best = min(best, (q * q).sum().squareRoot())
        }
        return best
    }
}
