/// Rasterizes a depth-tested stroke (`DrawItem.depthTestedPolyline`) into one tile over a mesh.
///
/// As `StrokeRaster.drawMany`: a pixel's coverage comes from its minimum distance to the
/// stroke's segments, each segment visits only the rows and columns it can reach, and the stroke
/// blends once per pixel; here a segment counts at a pixel only where its 1/w, at the point of
/// its axis nearest the pixel centre, is in front of the mesh. One scalar path: these strokes are
/// few (the paths and box edges over a surface).
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
        let width = clip.width, height = y1 - y0
        withUnsafeTemporaryAllocation(of: Float.self, capacity: width * height) { buffer in
          withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * height) { spans in
            // `dist[(y − y0) · width + x − clip.x0]`, the least distance to a segment in front;
            // row y's touched columns are lo[y]..<hi[y], the others never written.
            guard let dist = buffer.baseAddress, let lo = spans.baseAddress else { return }
            let hi = lo + height
            lo.initialize(repeating: 0, count: height)
            hi.initialize(repeating: 0, count: height)
            for e in entries {
                for s in Int(e.first)..<Int(e.first + e.count) {
                    let seg = segments[s]
                    let ends = depths[Int(shape.firstDepth) + s - Int(shape.firstSegment)]
                    let (a, b) = seg.rows(in: clip, reach: reach)
                    let first = Swift.max(y0, Swift.min(a, b) - 1), end = Swift.min(y1, Swift.max(a, b) + 1)
                    var y = first
                    while y < end {
                        defer { y += 1 }
                        let (x0, x1) = seg.columns(row: y, reach: reach, clipX0: clip.x0, clipX1: clip.x1)
                        if x0 >= x1 { continue }
                        let r = y - y0, row = dist + r * width - clip.x0
                        if lo[r] >= hi[r] { lo[r] = x0; hi[r] = x0 }
                        if x0 < lo[r] { (row + x0).update(repeating: .infinity, count: lo[r] - x0); lo[r] = x0 }
                        if x1 > hi[r] { (row + hi[r]).update(repeating: .infinity, count: x1 - hi[r]); hi[r] = x1 }
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
                let r = y - y0
                if lo[r] >= hi[r] { continue }
                let row = target.row(y), d = dist + r * width - clip.x0
                for x in lo[r]..<hi[r] where d[x] < reach {
                    row[x] = PixelBlend.blend(row[x], shape.color, PixelBlend.coverage256(Swift.min(reach - d[x], 1)))
                }
            }
          }
        }
    }
}
