import OptaRaster

/// Where a figure puts things in one frame, worked out without drawing it: every text box and,
/// for the 3D view, the box's corners on screen. Layout tests check it (no text on other text,
/// nothing outside the frame); making it costs the overlay's layout, not a render.
struct FigureLayoutReport {
    let width: Int
    let height: Int
    let texts: [PlacedText]
    /// The 3D box's eight corners in frame pixels (empty for 2D figures).
    var boxCorners: [SIMD2<Float>] = []

    var frame: PixelRectF { PixelRectF(x0: 0, y0: 0, x1: Float(width), y1: Float(height)) }
}
