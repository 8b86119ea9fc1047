import OptaRaster

/// Where a figure puts things in one frame, worked out without drawing it: every text box, the
/// legend and the corners it was chosen from, the data it weighed, and for the 3D view the box's
/// corners on screen. Layout tests check it (no text on other text, nothing outside the frame,
/// the legend on the least data); making it costs the overlay's layout, not a render.
struct FigureLayoutReport {
    let width: Int
    let height: Int
    let texts: [PlacedText]
    /// The plot (2D) or the view around the box (3D).
    var plot: PixelRectF
    /// The legend's box, nil when there is none.
    var legend: PixelRectF?
    /// The corner boxes a legend inside the plot was chosen from (empty when it is outside).
    var legendCorners: [PixelRectF] = []
    /// The data the legend was placed against.
    var legendObstacles = LegendPlacer.Obstacles()
    /// The 3D box's eight corners in frame pixels (empty for 2D figures).
    var boxCorners: [SIMD2<Float>] = []

    var frame: PixelRectF { PixelRectF(x0: 0, y0: 0, x1: Float(width), y1: Float(height)) }
}
