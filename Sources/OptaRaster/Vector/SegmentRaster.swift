/// Rasterizes butt-capped straight lines into one tile.
///
/// Coverage is the product of the 1 px ramps across the line (half-width) and along it
/// (half-length), so ends are cut square and anti-aliased.
enum SegmentRaster {
    @inline(__always)
    static func draw(_ shape: ButtSegmentShape, clip: PixelRect, target: TileTarget) {
        let seg = shape.segment
        let reach = shape.across.reach
        let (y0, y1) = seg.rows(in: clip, reach: reach)
        var y = y0
        while y < y1 {
            var (x0, x1) = seg.columns(row: y, reach: reach, clipX0: clip.x0, clipX1: clip.x1)
            if x0 < x1 {
                // Short spans as a fixed, branch-free group of 4 (zero coverage blends as a no-op).
                if x1 - x0 <= 4 && x0 + 4 <= clip.x1 { x1 = x0 + 4 }
                let row = target.row(y)
                let wy = Float(y) + 0.5 - seg.a.y
                for x in x0..<x1 {
                    let wx = Float(x) + 0.5 - seg.a.x
                    let across = Swift.abs(seg.n.x * wx + seg.n.y * wy)
                    let along = Swift.abs(shape.u.x * wx + shape.u.y * wy - shape.halfLength)
                    let c = shape.across.coverage(distance: across) * shape.along.coverage(distance: along)
                    row[x] = PixelBlend.blend(row[x], shape.color, PixelBlend.coverage256(c))
                }
            }
            y += 1
        }
    }
}
