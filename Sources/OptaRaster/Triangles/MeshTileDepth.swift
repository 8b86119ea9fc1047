/// The depth a mesh layer left in one tile, read by the layers drawn over it in the same pass
/// (`RenderContext.run`), while the tile's samples are still in cache: the depth-tested items
/// (`DrawItem.depthTestedPolyline`, `.depthTested`) show only where they are in front of it.
/// Valid only during the call that hands it over: the worker's samples move on to its next tile.
public struct MeshTileDepth {
    let samples: TileSamples
    /// The tile, in the pixels of the mesh's region.
    let rect: PixelRect
    let farInvW: Float

    /// How far behind the mesh (as a share of its 1/w) something still shows: an item drawn on
    /// the surface (a path lifted just above it, the box's floor edges) must not flicker.
    public static let tolerance: Float = 0.01

    /// The nearest 1/w the mesh shows at pixel (x, y) of the tile, 0 where it drew nothing.
    @inline(__always)
    func nearestInvW(x: Int, y: Int) -> Float {
        samples.nearestInvW(x: x, y: y, rect: rect, farInvW: farInvW)
    }

    /// Whether something at 1/w `invW` over pixel (x, y) of the tile is in front of (or on) the mesh.
    @inline(__always)
    func shows(_ invW: Float, x: Int, y: Int) -> Bool {
        invW >= nearestInvW(x: x, y: y) * (1 - Self.tolerance)
    }

    /// Runs `draw` (an item around `center`, within `reach` of it, at one 1/w `invW`) in `clip`
    /// of `target`, then puts back the pixels where `depth` hides it; with no depth, just draws.
    static func draw(over depth: MeshTileDepth?, at invW: Float, around center: SIMD2<Float>, reach: Float, clip: PixelRect,
                     target: TileTarget, _ draw: () -> Void) {
        guard let depth else { return draw() }
        let x0 = SafeIndex.floor(center.x - reach, clip.x0, clip.x1), x1 = SafeIndex.ceil(center.x + reach, clip.x0, clip.x1)
        let y0 = SafeIndex.floor(center.y - reach, clip.y0, clip.y1), y1 = SafeIndex.ceil(center.y + reach, clip.y0, clip.y1)
        guard x1 > x0, y1 > y0 else { return }
        let width = x1 - x0
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: width * (y1 - y0)) { saved in
            guard let kept = saved.baseAddress else { return }
            for y in y0..<y1 { (kept + (y - y0) * width).update(from: target.row(y) + x0, count: width) }
            draw()
            for y in y0..<y1 {
                let row = target.row(y)
                for x in x0..<x1 where !depth.shows(invW, x: x, y: y) { row[x] = kept[(y - y0) * width + x - x0] }
            }
        }
    }
}
