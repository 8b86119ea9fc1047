/// The depth a triangle render leaves: the nearest 1/w per pixel, 0 where nothing was drawn, for
/// depth-testing what is drawn over the picture (trajectories, the bounding box).
///
/// Tiles no triangle touched are never written (most of a frame around a surface): they read as
/// 0 from their flag, which saves writing megabytes of zeros every frame.
public struct FrameDepth: Sendable {
    public let width: Int
    public let height: Int
    @usableFromInline let tileSize: Int
    @usableFromInline let tilesX: Int
    /// Row-major per pixel; meaningful only in touched tiles.
    @usableFromInline let values: [Float]
    /// Per tile (row-major, `tilesX` a row): whether its pixels are in `values`.
    @usableFromInline let touched: [Bool]

    /// `values` row-major for a `width` × `height` frame cut into tiles of `tileSize` (as
    /// `TileScheduler` cuts them); `touched` per tile, row-major.
    init(width: Int, height: Int, tileSize: Int, values: [Float], touched: [Bool]) {
        self.width = width
        self.height = height
        self.tileSize = tileSize
        tilesX = (width + tileSize - 1) / tileSize
        self.values = values
        self.touched = touched
    }

    /// The depth at pixel (x, y), which must lie in the frame.
    @inlinable
    public subscript(x: Int, y: Int) -> Float {
        touched[(y / tileSize) * tilesX + x / tileSize] ? values[y * width + x] : 0
    }
}
