/// Rasterizes a depth-tested stroke (`DrawItem.depthTestedPolyline`) into one tile over a mesh.
///
/// As `StrokeRaster.drawMany`: a pixel's coverage comes from its minimum distance to the
/// stroke's segments, and the stroke blends once per pixel; here a segment counts at a pixel only
/// where its 1/w, at the point of its axis nearest the pixel centre, is in front of the mesh. One
/// scalar path: these strokes are few (the paths and box edges over a surface).
enum DepthTestedStrokeRaster {
    static func draw(
        entries: UnsafeBufferPointer<BinEntry>, segments: UnsafeBufferPointer<StrokeSegment>, depths: UnsafeBufferPointer<SIMD2<Float>>,
        shape: DepthTestedStrokeShape, clip: PixelRect, target: TileTarget, mesh: MeshTileDepth
    ) {
        let reach = shape.reach
        var y0 = clip.y1, y1 = clip.y0
        for e in entries {
            for s in Int(e.first)..<Int(e.first + e.count) {
                let (a, b) = segments[s].rows(in: clip, reach: reach)
                if a < b { y0 = Swift.min(y0, a); y1 = Swift.max(y1, b) }
            }
        }
        // `columns(row:)` has the last word on a row, and rounds differently from `rows(in:)`.
        y0 = Swift.max(clip.y0, y0 - 1); y1 = Swift.min(clip.y1, y1 + 1)
        guard y0 < y1 else { return }
        let width = clip.width
        withUnsafeTemporaryAllocation(of: Float.self, capacity: width * (y1 - y0)) { buffer in
            // `dist[(y − y0) · width + x − clip.x0]`: the least distance to a segment in front.
            guard let dist = buffer.baseAddress else { return }
            dist.initialize(repeating: .infinity, count: width * (y1 - y0))
            for e in entries {
                for s in Int(e.first)..<Int(e.first + e.count) {
                    let seg = segments[s]
                    let ends = depths[Int(shape.firstDepth) + s - Int(shape.firstSegment)]
                    // Only the rows the segment can reach, one wider on each side (as in `drawMany`).
                    let (a, b) = seg.rows(in: clip, reach: reach)
                    let first = Swift.max(y0, Swift.min(a, b) - 1), end = Swift.min(y1, Swift.max(a, b) + 1)
                    for y in first..<Swift.max(first, end) {
                        let (x0, x1) = seg.columns(row: y, reach: reach, clipX0: clip.x0, clipX1: clip.x1)
                        let row = dist + (y - y0) * width - clip.x0
                        let py = Float(y) + 0.5
                        for x in x0..<x1 {
                            let p = SIMD2(Float(x) + 0.5, py)
                            let d = seg.distance(p)
                            guard d < row[x] else { continue }
                            let t = Swift.min(Swift.max(seg.along(p), 0), 1)
                            if mesh.shows(ends.x + (ends.y - ends.x) * t, x: x, y: y) { row[x] = d }
                        }
                    }
                }
            }
            for y in y0..<y1 {
                let row = target.row(y), d = dist + (y - y0) * width - clip.x0
                for x in clip.x0..<clip.x1 where d[x] < reach {
                    row[x] = PixelBlend.blend(row[x], shape.color, PixelBlend.coverage256(Swift.min(reach - d[x], 1)))
                }
            }
        }
    }
}
