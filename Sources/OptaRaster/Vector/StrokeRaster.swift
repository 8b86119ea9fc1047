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
    ///
    /// Segment by segment, each over only the rows it can reach (its `rows(in:)` span, one row
    /// wider on each side: `columns(row:)`, which has the last word, rounds differently), so a
    /// tile crossed by thousands of short segments — a long followed path, a noisy convergence
    /// series — costs their area, not segments × tile rows. Each row still sees its segments in
    /// the stroke's order, so its distances, span and bytes are those of a row-by-row walk.
    ///
    /// A segment counts at a pixel only where `test` lets it (a depth-tested stroke over a mesh:
    /// `SegmentDepthTest`); `AnySegmentShows`, the plain strokes' test, compiles away.
    static func drawMany<Test: SegmentTest>(
        entries: UnsafeBufferPointer<BinEntry>, segments: UnsafeBufferPointer<StrokeSegment>,
        color: UInt32, reach: Float, clip: PixelRect, target: TileTarget, test: Test = AnySegmentShows()
    ) {
        var y0 = clip.y1, y1 = clip.y0
        for e in entries {
            for s in Int(e.first)..<Int(e.first + e.count) {
                let (a, b) = segments[s].rows(in: clip, reach: reach)
                if a < b { y0 = Swift.min(y0, a); y1 = Swift.max(y1, b) }
            }
        }
        guard y0 < y1 else { return }
        let width = clip.width, height = y1 - y0
        withUnsafeTemporaryAllocation(of: Float.self, capacity: width * height) { buffer in
          withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * height) { spans in
            // `dist[(y − y0) · width + x − clip.x0]`; row y's touched columns are lo[y]..<hi[y].
            guard let dist = buffer.baseAddress, let lo = spans.baseAddress else { return }
            let hi = lo + height
            lo.initialize(repeating: 0, count: height)
            hi.initialize(repeating: 0, count: height)
            for e in entries {
                for s in Int(e.first)..<Int(e.first + e.count) {
                    let seg = segments[s]
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
                            if test.shows(segment: s, seg, at: p, x: x, y: y) { row[x] = Swift.min(row[x], seg.distance(p)) }
                        }
                    }
                }
            }
            for y in y0..<y1 {
                let r = y - y0
                if lo[r] >= hi[r] { continue }
                let row = target.row(y), d = dist + r * width - clip.x0
                for x in lo[r]..<hi[r] {
                    let c = PixelBlend.coverage256(Swift.min(Swift.max(reach - d[x], 0), 1))
                    row[x] = PixelBlend.blend(row[x], color, c)
                }
            }
          }
        }
    }
}

/// Whether a stroke's segment counts at a pixel (`StrokeRaster.drawMany`).
protocol SegmentTest {
    /// Whether segment `s` (`seg`) counts at the pixel (x, y) whose centre is `p`.
    func shows(segment s: Int, _ seg: StrokeSegment, at p: SIMD2<Float>, x: Int, y: Int) -> Bool
}

/// Every segment counts everywhere: plain strokes.
struct AnySegmentShows: SegmentTest {
    @inline(__always)
    func shows(segment s: Int, _ seg: StrokeSegment, at p: SIMD2<Float>, x: Int, y: Int) -> Bool { true }
}
