/// The rows of pixels a plot samples, top to bottom: pixel row r lies at
/// y = top − (r + ½ − origin) · step, for r in `rows`. The landscape shader hands these to its
/// field once per tile, so a grid finds each row's cell and weights once per frame
/// (`GridRowTable`), not once per tile.
public struct PixelRows: Hashable, Sendable {
    /// y at the plot's top edge, and its row in the frame.
    public let top: Double
    public let origin: Int
    /// y units per pixel row (positive: y falls as rows go down).
    public let step: Double
    /// The frame rows sampled.
    public let rows: Range<Int>

    public init(top: Double, origin: Int, step: Double, rows: Range<Int>) {
        self.top = top
        self.origin = origin
        self.step = step
        self.rows = rows
    }

    /// The y of pixel row r's centre. `PlotViewport.domainPoint` computes it the same way, bit for bit.
    @inline(__always)
    public func y(_ r: Int) -> Double {
        top - ((Double(r) + 0.5) - Double(origin)) * step
    }
}
