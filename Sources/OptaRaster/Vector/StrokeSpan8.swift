/// One round-capped segment rasterized into a tile 8 lanes at a time.
///
/// Steep lines (every covered pixel of a row within 2 px of where the axis crosses it) go two
/// rows per group, a 4-pixel window each; medium ones one 8-pixel window per row; shallow ones
/// along `StrokeSegment.columns` spans, 8 pixels of one row at a time (short rows paired).
/// Rows from `StrokeSegment.interiorRows` use the distance to the axis only; the others compute
/// `StrokeSegment.distance`'s full formula per lane. Each lane gives exactly the scalar path's
/// coverage, and lanes outside the stroke get zero coverage, which leaves a pixel unchanged, so
/// the bytes match the scalar path for every tile size.
@usableFromInline
struct StrokeSpan8 {
    let seg: StrokeSegment
    let reach: Float
    let dx: SIMD8<Float>, dy: SIMD8<Float>, nx: SIMD8<Float>
    let ax: SIMD8<Float>, inv: SIMD8<Float>, r: SIMD8<Float>, len: SIMD8<Float>

    @inline(always)
    init(_ seg: StrokeSegment, reach: Float) {
        self.seg = seg
        self.reach = reach
        dx = SIMD8(repeating: seg.d.x); dy = SIMD8(repeating: seg.d.y)
        nx = SIMD8(repeating: seg.n.x)
        ax = SIMD8(repeating: seg.a.x); inv = SIMD8(repeating: seg.invLen2)
        r = SIMD8(repeating: reach)
        len = SIMD8(repeating: seg.length)
    }

    /// Pixel-centre offsets of 8 consecutive pixels.
    @inline(always)
    static var centres: SIMD8<Float> { SIMD8(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5) }
    /// Pixel-centre offsets of two rows of 4 pixels.
    @inline(always)
    static var pairCentres: SIMD8<Float> { SIMD8(0.5, 1.5, 2.5, 3.5, 0.5, 1.5, 2.5, 3.5) }

    /// `a` in lanes 0–3 and `b` in lanes 4–7 (exact: no arithmetic mixes the two).
    @inline(always)
    static func halves(_ a: Float, _ b: Float) -> SIMD8<Float> {
        SIMD8(lowHalf: SIMD4(repeating: a), highHalf: SIMD4(repeating: b))
    }

    /// A window's first column (a whole number inside the tile) as an `Int`.
    @inline(always)
    static func index(_ v: Float) -> Int { Int(v) }

    /// Whether every pixel centre of `x0..<x1` in row `y` projects strictly inside the segment.
    @inline(always)
    func interior(_ y: Int, _ x0: Int, _ x1: Int) -> Bool {
        let py = Float(y) + 0.5
        let s0 = seg.along(SIMD2(Float(x0) + 0.5, py)), s1 = seg.along(SIMD2(Float(x1 - 1) + 0.5, py))
        return s0 > 0 && s0 < 1 && s1 > 0 && s1 < 1
    }

    /// Coverage (0…256) of 8 pixel centres `px` whose rows have `nyw = n.y · wy` and
    /// `wyd = wy · d.y` (`wy` = row centre − `a.y`): `StrokeSegment.distance`'s arithmetic, or
    /// only its axis term when `interior`.
    @inline(always)
    func coverage(px: SIMD8<Float>, nyw: SIMD8<Float>, wyd: @autoclosure () -> SIMD8<Float>,
                  interior: Bool) -> SIMD8<Float> {
        let wx = px - ax
        let perp = nx * wx + nyw
        let d: SIMD8<Float>
        if interior {
            d = unsafeBitCast(unsafeBitCast(perp, to: SIMD8<UInt32>.self) & 0x7FFF_FFFF, to: SIMD8<Float>.self)
        } else {
            let s = (wx * dx + wyd()) * inv
            let m = (s - SIMD8(repeating: 1)).lanesMax(-s).lanesMax(SIMD8(repeating: 0))
            let e = m * len
            d = (perp * perp + e * e).squareRoot()
        }
        return (r - d).clamped01
    }

    @inline(always)
    func draw(color: UInt32, clip: PixelRect, target: TileTarget) {
        // Every pixel the stroke covers in a row lies within reach / |n.x| of where the axis crosses
        // the row: below 2 px, a 4-pixel window holds them all (see `drawSteepPairs`); up to 3 px,
        // an 8-pixel window centred there.
        let h = reach / Swift.abs(seg.n.x) + 0.01
        if h < 1.99 {
            drawSteepPairs(halfWidth: h, color: color, clip: clip, target: target)
        } else if h <= 3 {
            drawSteep(color: color, clip: clip, target: target)
        } else {
            drawSpans(color: color, clip: clip, target: target)
        }
    }

    /// One 8-pixel window per row around the axis (lanes beyond the stroke get zero coverage).
    @inline(always)
    func drawSteep(color: UInt32, clip: PixelRect, target: TileTarget) {
        let (y0, y1) = seg.rows(in: clip, reach: reach)
        guard y0 < y1 else { return }
        let (i0, i1) = seg.interiorRows(in: clip, reach: reach)
        // Axis crossing of row y: x = a.x + (py − a.y) · d.x / d.y (d.y ≠ 0 here: |n.x| > 0).
        let slope = seg.d.x / seg.d.y
        let lastGroup = Float(clip.x1 - 8), firstGroup = Float(clip.x0)
        let centres = Self.centres
        for y in y0..<y1 {
            let wy = (Float(y) + 0.5) - seg.a.y
            let xc = seg.a.x + wy * slope
            // floor(xc − 3.5), clamped into the tile (NaN-safe: both comparisons fail → first group).
            var b = (xc - 3.5).rounded(.down)
            b = b < lastGroup ? b : lastGroup
            b = b > firstGroup ? b : firstGroup
            let c = coverage(px: SIMD8(repeating: b) + centres, nyw: SIMD8(repeating: seg.n.y * wy),
                             wyd: SIMD8(repeating: wy * seg.d.y), interior: y >= i0 && y < i1)
            PixelBlend8.blend(into: target.row(y) + Self.index(b), color, PixelBlend8.coverage256(c))
        }
    }

    /// Two rows per group, a 4-pixel window each, starting at the first pixel whose centre lies
    /// past `xc − halfWidth`, `xc` where the axis crosses the row. The covered pixels `i` have
    /// `xc − halfWidth − 0.5 < i < xc + halfWidth − 0.5` (`halfWidth` includes 0.01 px of slack),
    /// fewer than 4 whole numbers when `halfWidth` < 2, and the window starts at or before the first.
    @inline(always)
    func drawSteepPairs(halfWidth h: Float, color: UInt32, clip: PixelRect, target: TileTarget) {
        let (y0, y1) = seg.rows(in: clip, reach: reach)
        guard y0 < y1 else { return }
        let (i0, i1) = seg.interiorRows(in: clip, reach: reach)
        let slope = seg.d.x / seg.d.y
        let lastGroup = Float(clip.x1 - 4), firstGroup = Float(clip.x0)
        let centres = Self.pairCentres
        let ay = seg.a.y, start = seg.a.x - h - 0.5
        @inline(__always) func window(_ wy: Float) -> Float {
            // Clamped into the tile (NaN-safe: both comparisons fail → first group).
            var b = (start + wy * slope).rounded(.up)
            b = b < lastGroup ? b : lastGroup
            b = b > firstGroup ? b : firstGroup
            return b
        }
        // The pair's values as 2 lanes (row y, row y + 1), spread to 4 lanes each.
        let ay2 = SIMD2<Float>(repeating: ay), start2 = SIMD2<Float>(repeating: start)
        let slope2 = SIMD2<Float>(repeating: slope), ny2 = SIMD2<Float>(repeating: seg.n.y)
        let dy2 = SIMD2<Float>(repeating: seg.d.y), magic = SIMD2<Float>(repeating: 12_582_912)
        let last2 = SIMD2<Float>(repeating: lastGroup), first2 = SIMD2<Float>(repeating: firstGroup)
        // Spread through the bit patterns: this keeps the compiler from pushing the spread into
        // the arithmetic that follows (measured: about 20 fewer shuffles per row pair).
        @inline(__always) func spread(_ v: SIMD2<Float>) -> SIMD8<Float> {
            let bits = unsafeBitCast(v, to: SIMD2<UInt32>.self)
            return unsafeBitCast(SIMD8<UInt32>(lowHalf: SIMD4(repeating: bits[0]), highHalf: SIMD4(repeating: bits[1])),
                                 to: SIMD8<Float>.self)
        }
        var y = y0
        // Row numbers as floats and row y's first pixel, stepped by two rows per pair (the same
        // values `Float(y)` and `target.row(y)` give: whole numbers below 2²⁴ are exact floats).
        var fy = SIMD2<Float>(Float(y0), Float(y0) + 1)
        var rowY = target.row(y0)
        let stride = target.stride, pairStride = 2 &* target.stride
        while y &+ 1 < y1 {
            let wy = (fy + 0.5) - ay2
            let up = (start2 + wy * slope2).rounded(.up)
            // Clamped into the tile (NaN-safe: a NaN lane takes the last group).
            let below = last2.replacing(with: up, where: up .< last2)
            let b = first2.replacing(with: below, where: below .> first2)
            let c = coverage(px: spread(b) + centres, nyw: spread(ny2 * wy), wyd: spread(wy * dy2),
                             interior: y >= i0 && y &+ 1 < i1)
            let column = unsafeBitCast(b + magic, to: SIMD2<UInt32>.self) & 0x3F_FFFF
            let rowA = rowY + Int(column[0]), rowB = rowY + stride + Int(column[1])
            let dst = SIMD8(
                lowHalf: UnsafeRawPointer(rowA).loadUnaligned(as: SIMD4<UInt32>.self),
                highHalf: UnsafeRawPointer(rowB).loadUnaligned(as: SIMD4<UInt32>.self))
            let out = PixelBlend8.blend(dst, color, PixelBlend8.coverage256(c))
            UnsafeMutableRawPointer(rowA).storeBytes(of: out.lowHalf, as: SIMD4<UInt32>.self)
            UnsafeMutableRawPointer(rowB).storeBytes(of: out.highHalf, as: SIMD4<UInt32>.self)
            y &+= 2
            fy += 2
            rowY += pairStride
        }
        if y < y1 {
            // The last odd row: its window in the low lanes (the high lanes are not stored).
            let wya = (Float(y) + 0.5) - ay
            let b = window(wya)
            let c = coverage(px: SIMD8(repeating: b) + centres, nyw: SIMD8(repeating: seg.n.y * wya),
                             wyd: SIMD8(repeating: wya * seg.d.y), interior: y >= i0 && y < i1)
            let row = target.row(y) + Self.index(b)
            let dst = UnsafeRawPointer(row).loadUnaligned(as: SIMD4<UInt32>.self)
            let out = PixelBlend8.blend(SIMD8(lowHalf: dst, highHalf: dst), color, PixelBlend8.coverage256(c))
            UnsafeMutableRawPointer(row).storeBytes(of: out.lowHalf, as: SIMD4<UInt32>.self)
        }
    }

    /// Row spans from `StrokeSegment.columns`, 8 pixels at a time; short rows paired.
    @inline(always)
    func drawSpans(color: UInt32, clip: PixelRect, target: TileTarget) {
        let (i0, i1) = seg.interiorRows(in: clip, reach: reach)
        let (y0, y1) = seg.rows(in: clip, reach: reach)
        let lastGroup = clip.x1 - 8, lastHalf = clip.x1 - 4
        let centres = Self.centres, pairCentres = Self.pairCentres
        var y = y0
        var span = y < y1 ? seg.columns(row: y, reach: reach, clipX0: clip.x0, clipX1: clip.x1) : (0, 0)
        while y < y1 {
            let (x0, x1) = span
            let next = y + 1 < y1 ? seg.columns(row: y + 1, reach: reach, clipX0: clip.x0, clipX1: clip.x1) : (0, 0)
            let wya = (Float(y) + 0.5) - seg.a.y
            if x0 < x1 && next.0 < next.1 && x1 - x0 <= 4 && next.1 - next.0 <= 4 {
                // Two short rows in one group: lanes 0–3 row y, lanes 4–7 row y + 1. Both must be
                // non-empty: an empty span may be (0, 0), and loading and storing back its window
                // would touch pixels outside the tile (another thread's) or past the frame's end.
                let wyb = (Float(y + 1) + 0.5) - seg.a.y
                let baseA = x0 < lastHalf ? x0 : lastHalf, baseB = next.0 < lastHalf ? next.0 : lastHalf
                let px = Self.halves(Float(baseA), Float(baseB)) + pairCentres
                let lo = Self.halves(Float(x0), Float(next.0)), hi = Self.halves(Float(x1), Float(next.1))
                let inner = (y >= i0 && y + 1 < i1)
                    || ((x0 >= x1 || interior(y, x0, x1)) && (next.0 >= next.1 || interior(y + 1, next.0, next.1)))
                let c = coverage(px: px, nyw: Self.halves(seg.n.y * wya, seg.n.y * wyb),
                                 wyd: Self.halves(wya * seg.d.y, wyb * seg.d.y), interior: inner)
                let valid = ((px - lo) * 2).clamped01 * ((hi - px) * 2).clamped01
                let rowA = target.row(y) + baseA, rowB = target.row(y + 1) + baseB
                let dst = SIMD8(
                    lowHalf: UnsafeRawPointer(rowA).loadUnaligned(as: SIMD4<UInt32>.self),
                    highHalf: UnsafeRawPointer(rowB).loadUnaligned(as: SIMD4<UInt32>.self))
                let out = PixelBlend8.blend(dst, color, PixelBlend8.coverage256(c * valid))
                UnsafeMutableRawPointer(rowA).storeBytes(of: out.lowHalf, as: SIMD4<UInt32>.self)
                UnsafeMutableRawPointer(rowB).storeBytes(of: out.highHalf, as: SIMD4<UInt32>.self)
                y += 2
                span = y < y1 ? seg.columns(row: y, reach: reach, clipX0: clip.x0, clipX1: clip.x1) : (0, 0)
                continue
            }
            if x0 < x1 {
                let row = target.row(y)
                let nyw = SIMD8(repeating: seg.n.y * wya)
                let wyd = SIMD8(repeating: wya * seg.d.y)
                let hi = SIMD8(repeating: Float(x1))
                let inner = (y >= i0 && y < i1) || interior(y, x0, x1)
                var g = x0
                while g < x1 {
                    let base = g < lastGroup ? g : lastGroup
                    let px = SIMD8(repeating: Float(base)) + centres
                    let c = coverage(px: px, nyw: nyw, wyd: wyd, interior: inner)
                    let valid = ((px - SIMD8(repeating: Float(g))) * 2).clamped01 * ((hi - px) * 2).clamped01
                    PixelBlend8.blend(into: row + base, color, PixelBlend8.coverage256(c * valid))
                    g = base + 8
                }
            }
            y += 1
            span = next
        }
    }
}
