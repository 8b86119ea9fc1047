import OptaRaster

/// Rectangle arithmetic for layout: overlap with a gap, containment, growing, overlap area.
extension PixelRectF {
    /// The whole-pixel rectangle `r`.
    init(_ r: PixelRect) { self.init(x0: Float(r.x0), y0: Float(r.y0), x1: Float(r.x1), y1: Float(r.y1)) }

    /// Whether the two rectangles come closer than `gap` pixels (touching counts when gap > 0).
    func overlaps(_ other: PixelRectF, gap: Float = 0) -> Bool {
        x0 < other.x1 + gap && other.x0 < x1 + gap && y0 < other.y1 + gap && other.y0 < y1 + gap
    }

    /// The rectangle grown by `d` pixels on every side (shrunk when `d` is negative).
    func grown(by d: Float) -> PixelRectF { PixelRectF(x0: x0 - d, y0: y0 - d, x1: x1 + d, y1: y1 + d) }

    /// Whether `other` lies wholly inside this rectangle.
    func contains(_ other: PixelRectF) -> Bool {
        other.x0 >= x0 && other.y0 >= y0 && other.x1 <= x1 && other.y1 <= y1
    }

    /// The area the two rectangles share.
    func overlapArea(_ other: PixelRectF) -> Float {
        max(0, min(x1, other.x1) - max(x0, other.x0)) * max(0, min(y1, other.y1) - max(y0, other.y0))
    }

    /// Whether `p` lies inside (edges included).
    func containsPoint(_ p: SIMD2<Float>) -> Bool { p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1 }
}
