/// Rasterizes round-capped strokes (polylines) into one tile.
///
/// A pixel's coverage comes from its minimum distance to all of the stroke's segments near the
/// tile, and the stroke blends once per pixel, so joints never double-blend.
enum StrokeRaster {
    /// Draws the segments named by `entries` (consecutive bin entries of one stroke).
    @inline(__always)
    static func draw(
        entries: UnsafeBufferPointer<BinEntry>, segments: UnsafeBufferPointer<StrokeSegment>,
        color: UInt32, reach: Float, clip: PixelRect, target: TileTarget
    ) {
        if entries.count == 1 && entries[0].count == 1 {
            drawSingle(segments[Int(entries[0].first)], color: color, reach: reach, clip: clip, target: target)
        } else {
            drawMany(entries: entries, segments: segments, color: color, reach: reach, clip: clip, target: target)
        }
    }

    /// One segment: coverage straight from its distance, row span by row span, 8 lanes at a time
    /// (`StrokeSpan8`; `drawSingleScalar` for tiles narrower than 8 pixels, with the same bytes).
    @inline(__always)
    static func drawSingle(_ seg: StrokeSegment, color: UInt32, reach: Float, clip: PixelRect, target: TileTarget) {
        guard clip.width >= 8, seg.invLen2 > 0 else {
            drawSingleScalar(seg, color: color, reach: reach, clip: clip, target: target)
            return
        }
        StrokeSpan8(seg, reach: reach).draw(color: color, clip: clip, target: target)
    }

    /// `drawSingle` one pixel at a time.
    @inline(__always)
    static func drawSingleScalar(_ seg: StrokeSegment, color: UInt32, reach: Float, clip: PixelRect, target: TileTarget) {
        let (y0, y1) = seg.rows(in: clip, reach: reach)
        var y = y0
        while y < y1 {
            let (x0, x1) = seg.columns(row: y, reach: reach, clipX0: clip.x0, clipX1: clip.x1)
            if x0 < x1 {
                let row = target.row(y)
                let py = Float(y) + 0.5
                for x in x0..<x1 {
                    let d = seg.distance(SIMD2(Float(x) + 0.5, py))
                    let c = PixelBlend.coverage256(Swift.min(Swift.max(reach - d, 0), 1))
                    row[x] = PixelBlend.blend(row[x], color, c)
                }
            }
            y += 1
        }
    }

    /// Several segments: per row, the minimum distance over all of them in a row buffer, then
    /// one blend per pixel.
    static func drawMany(
        entries: UnsafeBufferPointer<BinEntry>, segments: UnsafeBufferPointer<StrokeSegment>,
        color: UInt32, reach: Float, clip: PixelRect, target: TileTarget
    ) {
        var y0 = clip.y1, y1 = clip.y0
        for e in entries {
            for s in Int(e.first)..<Int(e.first + e.count) {
                let (a, b) = segments[s].rows(in: clip, reach: reach)
                if a < b { y0 = Swift.min(y0, a); y1 = Swift.max(y1, b) }
            }
        }
        guard y0 < y1 else { return }
        withUnsafeTemporaryAllocation(of: Float.self, capacity: clip.width) { buffer in
            // `dist[x]` is indexed by frame x.
            guard let base = buffer.baseAddress else { return }
            let dist = base - clip.x0
            for y in y0..<y1 {
                let py = Float(y) + 0.5
                var lo = 0, hi = 0
                for e in entries {
                    for s in Int(e.first)..<Int(e.first + e.count) {
                        let seg = segments[s]
                        let (x0, x1) = seg.columns(row: y, reach: reach, clipX0: clip.x0, clipX1: clip.x1)
                        if x0 >= x1 { continue }
                        if lo >= hi {
                            lo = x0; hi = x0
                        }
                        if x0 < lo { (dist + x0).update(repeating: .infinity, count: lo - x0); lo = x0 }
                        if x1 > hi { (dist + hi).update(repeating: .infinity, count: x1 - hi); hi = x1 }
                        for x in x0..<x1 {
                            let d = seg.distance(SIMD2(Float(x) + 0.5, py))
                            dist[x] = Swift.min(dist[x], d)
                        }
                    }
                }
                if lo >= hi { continue }
                let row = target.row(y)
                for x in lo..<hi {
                    let c = PixelBlend.coverage256(Swift.min(Swift.max(reach - dist[x], 0), 1))
                    row[x] = PixelBlend.blend(row[x], color, c)
                }
            }
        }
    }
}
