import OptaA11y
import OptaRaster

/// Bounds for accessibility nodes of one figure: rectangles in frame pixels, kept inside the frame.
struct FrameBoxes {
    let figure: LandscapeFigure

    var frame: AccessibilityBounds {
        AccessibilityBounds(x: 0, y: 0, width: Double(figure.width), height: Double(figure.height))
    }

    /// The pixel rectangle as bounds, clipped to the frame.
    func rect(_ r: PixelRect) -> AccessibilityBounds? {
        clip(AccessibilityBounds(x0: Double(r.x0), y0: Double(r.y0), x1: Double(r.x1), y1: Double(r.y1)))
    }

    /// Corners as bounds (whole pixels, outward), clipped to the frame.
    func rect(x0: Double, y0: Double, x1: Double, y1: Double) -> AccessibilityBounds? {
        clip(AccessibilityBounds(x0: x0, y0: y0, x1: x1, y1: y1).pixelAligned)
    }

    /// A square of half-size `radius` around domain point `p`, or nil when `p` is not shown in the plot.
    func around(_ p: SIMD2<Double>, radius: Double) -> AccessibilityBounds? {
        let q = figure.viewport.framePoint(p)
        let plot = figure.layout.plot
        guard q.x.isFinite, q.y.isFinite, q.x >= Double(plot.x0), q.x <= Double(plot.x1),
              q.y >= Double(plot.y0), q.y <= Double(plot.y1) else { return nil }
        return rect(x0: q.x - radius, y0: q.y - radius, x1: q.x + radius, y1: q.y + radius)
    }

    /// The box around the shown points of a path, grown by `margin`, or nil when none is shown.
    func around(points: [SIMD2<Double>], margin: Double) -> AccessibilityBounds? {
        let plot = figure.layout.plot
        let shown = points.map(figure.viewport.framePoint).filter {
            $0.x.isFinite && $0.y.isFinite && $0.x >= Double(plot.x0) && $0.x <= Double(plot.x1)
                && $0.y >= Double(plot.y0) && $0.y <= Double(plot.y1)
        }
        guard let first = shown.first else { return nil }
        var lo = first, hi = first
        for q in shown { lo = pointwiseMin(lo, q); hi = pointwiseMax(hi, q) }
        return rect(x0: lo.x - margin, y0: lo.y - margin, x1: hi.x + margin, y1: hi.y + margin)
    }

    private func clip(_ b: AccessibilityBounds) -> AccessibilityBounds? {
        frame.intersection(b)
    }
}
