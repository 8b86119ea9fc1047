import OptaRaster

/// A long followed path as the pixels its stroke covers, built up segment by segment as the
/// path grows: for each pixel of the plot, the coverage of the path's line and of its outline
/// (`PathStroke`), as 8-bit masks in blocks of `blockSide` pixels (only the blocks the path
/// reached exist).
///
/// A stroke covers a pixel by the pixel's distance to the nearest of its segments
/// (`DrawItem.polyline`), so a new segment can only raise a pixel's coverage: the masks are the
/// stroke of the whole path however many frames its points took to arrive, with no point left
/// out, and a frame draws them at a cost bounded by the plot's area, not by the path's length.
/// A mask byte holds the stroke's coverage (0…256) exactly, but for 128, which becomes 127.
/// Segments are cut to the plot (or to `clip`), as `PathClipping` cuts a drawn path. A copy
/// grown by a few more points (a line's last, still changing piece) shares all but the blocks
/// those points reach.
struct PathCoverage: Sendable {
    /// The side of a block of the masks, in pixels.
    static let blockSide = 64

    /// One block's masks, row-major, as wide and high as the block's part of the plot.
    private struct Block: Sendable {
        var line: [UInt8]
        var outline: [UInt8]
    }

    /// Where the masks are.
    let plot: PixelRect
    /// The rectangle segments are cut to.
    let lo: SIMD2<Float>, hi: SIMD2<Float>
    let hasOutline: Bool
    /// How far from a segment the line's and the outline's coverage reach zero (`CoverageProfile`).
    let lineReach: Float
    let outlineReach: Float
    /// Factors on the colours' alpha for strokes thinner than a pixel.
    let lineFade: Float
    let outlineFade: Float
    private let columns: Int
    private var blocks: [Block?]
    /// The last point added, where the next segment starts.
    private var last: SIMD2<Float>?

    /// Masks over `plot` for a line `width` pixels wide with an outline `outlineWidth` beyond it
    /// on each side (none when nil), its segments cut to `clip` (the plot when nil).
    init(plot: PixelRect, width: Float, outlineWidth: Float?, clip: PixelRectF? = nil) {
        self.plot = plot
        let clip = clip ?? PixelRectF(plot)
        lo = SIMD2(clip.x0, clip.y0)
        hi = SIMD2(clip.x1, clip.y1)
        hasOutline = outlineWidth != nil
        let half = width / 2, outer = width / 2 + (outlineWidth ?? 0)
        lineReach = max(half, 0.5) + 0.5
        outlineReach = max(outer, 0.5) + 0.5
        lineFade = min(2 * half, 1)
        outlineFade = min(2 * outer, 1)
        columns = (max(0, plot.width) + Self.blockSide - 1) / Self.blockSide
        let rows = (max(0, plot.height) + Self.blockSide - 1) / Self.blockSide
        blocks = Array(repeating: nil, count: columns * rows)
    }

    /// Adds the segment from the last point to `p` (none after a non-finite point).
    mutating func append(_ p: SIMD2<Float>) {
        defer { last = p }
        guard let a = last, a.x.isFinite, a.y.isFinite, p.x.isFinite, p.y.isFinite else { return }
        guard let (s, t) = PathClipping.clipSegment(a, p, lo: lo, hi: hi) else { return }
        cover(StrokeSegment(from: s, to: t, reach: hasOutline ? outlineReach : lineReach))
    }

    /// The masks as draw items: the outline's, then the line's.
    func items(color: RGBA, outline: RGBA = RGBA(0, 0, 0, 0)) -> [DrawItem] {
        var outlines: [DrawItem] = [], lines: [DrawItem] = []
        for (index, block) in blocks.enumerated() {
            guard let block else { continue }
            let rect = blockRect(index)
            if hasOutline { outlines.append(.mask(x: rect.x0, y: rect.y0, width: rect.width, height: rect.height, coverage: block.outline,
                                  color: outline.fading(by: outlineFade))) }
            lines.append(.mask(x: rect.x0, y: rect.y0, width: rect.width, height: rect.height, coverage: block.line,
                               color: color.fading(by: lineFade)))
        }
        return outlines + lines
    }

    /// The pixels of block `index`.
    private func blockRect(_ index: Int) -> PixelRect {
        let x0 = plot.x0 + (index % columns) * Self.blockSide, y0 = plot.y0 + (index / columns) * Self.blockSide
        return PixelRect(x0: x0, y0: y0, x1: min(x0 + Self.blockSide, plot.x1), y1: min(y0 + Self.blockSide, plot.y1))
    }

    /// Raises the coverage of the pixels near `segment`, one band of block rows at a time: the
    /// band's row spans (the pixels a stroke of the same reach visits) are found once, then each
    /// block they reach is taken out of `blocks` once and raised 8 pixels at a time.
    private mutating func cover(_ segment: StrokeSegment) {
        let reach = hasOutline ? outlineReach : lineReach
        let (y0, y1) = segment.rows(in: plot, reach: reach)
        guard y0 < y1 else { return }
        let side = Self.blockSide
        withUnsafeTemporaryAllocation(of: (Int, Int).self, capacity: side) { spans in
            var bandStart = y0
            while bandStart < y1 {
                let blockRow = (bandStart - plot.y0) / side
                let band = bandStart..<min(y1, plot.y0 + (blockRow + 1) * side)
                var left = Int.max, right = Int.min
                for y in band {
                    let span = segment.columns(row: y, reach: reach, clipX0: plot.x0, clipX1: plot.x1)
                    spans[y - band.lowerBound] = span
                    if span.0 < span.1 { left = min(left, span.0); right = max(right, span.1) }
                }
                if left < right {
                    for blockColumn in (left - plot.x0) / side...(right - 1 - plot.x0) / side {
                        cover(segment, rows: band, spans: UnsafeBufferPointer(spans), block: blockRow * columns + blockColumn)
                    }
                }
                bandStart = band.upperBound
            }
        }
    }

    /// Raises the coverage of block `index`'s pixels in `rows` (`spans[k]` holds the columns of row
    /// `rows.lowerBound + k`), making the block when a span first reaches it.
    private mutating func cover(_ segment: StrokeSegment, rows: Range<Int>, spans: UnsafeBufferPointer<(Int, Int)>, block index: Int) {
        let rect = blockRect(index)
        func columns(_ y: Int) -> Range<Int> {
            let (x0, x1) = spans[y - rows.lowerBound]
            let start = max(x0, rect.x0)
            return start..<max(start, min(x1, rect.x1))
        }
        guard rows.contains(where: { !columns($0).isEmpty }) else { return }
        // Taken out of the array while it changes, so that its masks change in place.
        var block = blocks[index] ?? Block(line: [UInt8](repeating: 0, count: rect.width * rect.height),
                                           outline: hasOutline ? [UInt8](repeating: 0, count: rect.width * rect.height) : [])
        blocks[index] = nil
        let lineReach = SIMD8(repeating: lineReach), outlineReach = SIMD8(repeating: outlineReach), hasOutline = hasOutline
        block.line.withUnsafeMutableBufferPointer { line in
            block.outline.withUnsafeMutableBufferPointer { outline in
                for y in rows {
                    let columns = columns(y), end = columns.upperBound
                    let rowStart = (y - rect.y0) * rect.width - rect.x0
                    var x = columns.lowerBound
                    while x < end {
                        let distances = segment.distances(row: y, from: x)
                        let lineBytes = Self.bytes(lineReach - distances)
                        let outlineBytes = hasOutline ? Self.bytes(outlineReach - distances) : .zero
                        for lane in 0..<min(8, end - x) {
                            let i = rowStart + x + lane
                            line[i] = max(line[i], UInt8(truncatingIfNeeded: lineBytes[lane]))
                            if hasOutline { outline[i] = max(outline[i], UInt8(truncatingIfNeeded: outlineBytes[lane])) }
                        }
                        x += 8
                    }
                }
            }
        }
        blocks[index] = block
    }

    /// `byte(_:)` of 8 coverages, lane by lane (each lane a number).
    @inline(__always)
    static func bytes(_ c: SIMD8<Float>) -> SIMD8<UInt32> {
        let scaled = c.clamped01 * SIMD8<Float>(repeating: 256) + SIMD8<Float>(repeating: 12_582_912)
        let k = unsafeBitCast(scaled, to: SIMD8<UInt32>.self) & SIMD8<UInt32>(repeating: 0x1FF)
        // From 128 up (to 256), one less: 128 becomes 127 as in `byte`.
        return k &- ((k &+ 128) &>> 8)
    }

    /// A coverage (`reach − distance`, clamped to 0…1) as a mask byte that a mask blends as a
    /// stroke blends that coverage: 0…256 in 256ths (`PixelBlend.coverage256`), less one from
    /// 129 up (a mask byte b blends as b + b / 128), 128 as 127.
    @inline(__always)
    static func byte(_ c: Float) -> UInt8 {
        guard c > 0 else { return 0 }  // NaN too
        let clamped = min(c, 1)
        let k = (clamped * 256 + 12_582_912).bitPattern & 0x1FF
        return UInt8(k <= 128 ? min(k, 127) : k - 1)
    }
}
