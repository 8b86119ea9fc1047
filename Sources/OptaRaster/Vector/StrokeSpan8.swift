/// One round-capped segment rasterized into a tile 8 lanes at a time.
///
/// Rows whose span is at most 4 pixels (steep lines: most rows) are paired, 4 lanes per row;
/// longer spans go 8 pixels of one row at a time. Rows whose whole span projects strictly inside
/// the segment use the distance to the axis only; the others compute `StrokeSegment.distance`'s
/// full formula per lane. Each lane gives exactly the scalar path's coverage, and lanes outside
/// the span get zero coverage, which leaves a pixel unchanged, so the bytes match the scalar path
/// for every tile size.
@usableFromInline
struct StrokeSpan8 {
    let seg: StrokeSegment
    let reach: Float
    let dx: SIMD8<Float>, dy: SIMD8<Float>, nx: SIMD8<Float>, ny: SIMD8<Float>
    let ax: SIMD8<Float>, inv: SIMD8<Float>, r: SIMD8<Float>, len: SIMD8<Float>

    @inline(always)
    init(_ seg: StrokeSegment, reach: Float) {
        self.seg = seg
        self.reach = reach
        dx = SIMD8(repeating: seg.d.x); dy = SIMD8(repeating: seg.d.y)
        nx = SIMD8(repeating: seg.n.x); ny = SIMD8(repeating: seg.n.y)
        ax = SIMD8(repeating: seg.a.x); inv = SIMD8(repeating: seg.invLen2)
        r = SIMD8(repeating: reach)
        len = SIMD8(repeating: seg.length)
    }

    static let centres = SIMD8<Float>(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5)
    static let pairCentres = SIMD8<Float>(0.5, 1.5, 2.5, 3.5, 0.5, 1.5, 2.5, 3.5)
    static let lowHalf = SIMD8<Float>(1, 1, 1, 1, 0, 0, 0, 0)

    /// Whether every pixel centre of `x0..<x1` in row `y` projects strictly inside the segment.
    @inline(always)
    func interior(_ y: Int, _ x0: Int, _ x1: Int) -> Bool {
        let py = Float(y) + 0.5
        let s0 = seg.along(SIMD2(Float(x0) + 0.5, py)), s1 = seg.along(SIMD2(Float(x1 - 1) + 0.5, py))
        return s0 > 0 && s0 < 1 && s1 > 0 && s1 < 1
    }

    /// Coverage of 8 pixel centres `(px, wy + a.y)`, zero outside `lo < px < hi`.
    @inline(always)
    func coverage(px: SIMD8<Float>, wy: SIMD8<Float>, wyd: SIMD8<Float>, nyw: SIMD8<Float>,
                  lo: SIMD8<Float>, hi: SIMD8<Float>, interior: Bool, masked: Bool = true) -> SIMD8<UInt32> {
        let wx = px - ax
        let perp = nx * wx + nyw
        var d: SIMD8<Float>
        if interior {
            d = unsafeBitCast(unsafeBitCast(perp, to: SIMD8<UInt32>.self) & 0x7FFF_FFFF, to: SIMD8<Float>.self)
        } else {
            let s = (wx * dx + wyd) * inv
            let m = (s - SIMD8(repeating: 1)).lanesMax(-s).lanesMax(SIMD8(repeating: 0))
            let e = m * len
            d = (perp * perp + e * e).squareRoot()
        }
        if !masked { return PixelBlend8.coverage256((r - d).clamped01) }
        let valid = ((px - lo) * 2).clamped01 * ((hi - px) * 2).clamped01
        return PixelBlend8.coverage256((r - d).clamped01 * valid)
    }

    /// Whether every pixel centre of `clip` projects strictly inside the segment. `along` is
    /// monotone in x and in y (each rounded product and sum is), so its extremes over the
    /// tile's pixel centres are at the corner pixels: checking those four is exact.
    @inline(always)
    func wholeTileInterior(_ clip: PixelRect) -> Bool {
        let xs = (Float(clip.x0) + 0.5, Float(clip.x1 - 1) + 0.5), ys = (Float(clip.y0) + 0.5, Float(clip.y1 - 1) + 0.5)
        for p in [SIMD2(xs.0, ys.0), SIMD2(xs.1, ys.0), SIMD2(xs.0, ys.1), SIMD2(xs.1, ys.1)] {
            let s = seg.along(p)
            if !(s > 0 && s < 1) { return false }
        }
        return true
    }

    @inline(always)
    func draw(color: UInt32, clip: PixelRect, target: TileTarget) {
        // Every pixel the stroke covers in a row lies within reach / |n.x| of where the axis crosses
        // the row; when that is at most 3 px, one 8-pixel window per row centred there holds them all.
        let h = reach / Swift.abs(seg.n.x) + 0.01
        if h <= 1.5 && clip.width >= 8 {
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
        // Axis crossing of row y: x = a.x + (py − a.y) · d.x / d.y (d.y ≠ 0 here: |n.x| > 0).
        let slope = seg.d.x / seg.d.y
        let lastGroup = Float(clip.x1 - 8), firstGroup = Float(clip.x0)
        let tileInterior = wholeTileInterior(clip)
        for y in y0..<y1 {
            let wya = (Float(y) + 0.5) - seg.a.y
            let xc = seg.a.x + wya * slope
            // floor(xc − 3.5), clamped into the tile (NaN-safe: both comparisons fail → first group).
            var b = (xc - 3.5).rounded(.down)
            b = b < lastGroup ? b : lastGroup
            b = b > firstGroup ? b : firstGroup
            let base = Int(b)
            let px = SIMD8(repeating: b) + Self.centres
            let inner = tileInterior || seg.along(SIMD2(b + 0.5, wya + seg.a.y)) > 0 && seg.along(SIMD2(b + 0.5, wya + seg.a.y)) < 1
                && seg.along(SIMD2(b + 7.5, wya + seg.a.y)) > 0 && seg.along(SIMD2(b + 7.5, wya + seg.a.y)) < 1
            let c = coverage(px: px, wy: SIMD8(repeating: wya), wyd: SIMD8(repeating: wya * seg.d.y),
                             nyw: SIMD8(repeating: seg.n.y * wya), lo: SIMD8(repeating: b), hi: SIMD8(repeating: b + 8),
                             interior: inner, masked: false)
            PixelBlend8.blend(into: target.row(y) + base, color, c)
        }
    }

    /// Two rows per group, a 4-pixel window each, starting at the first pixel whose centre lies
    /// past `xc − halfWidth` (the window then reaches past `xc + halfWidth` when that is ≤ 1.5).
    @inline(always)
    func drawSteepPairs(halfWidth h: Float, color: UInt32, clip: PixelRect, target: TileTarget) {
        let (y0, y1) = seg.rows(in: clip, reach: reach)
        guard y0 < y1 else { return }
        let slope = seg.d.x / seg.d.y
        let lastGroup = Float(clip.x1 - 4), firstGroup = Float(clip.x0)
        let half = Self.lowHalf
        let tileInterior = wholeTileInterior(clip)
        @inline(__always) func window(_ y: Int) -> (Float, Float) {
            let wy = (Float(y) + 0.5) - seg.a.y
            var b = (seg.a.x + wy * slope - h - 0.5).rounded(.up)
            b = b < lastGroup ? b : lastGroup
            b = b > firstGroup ? b : firstGroup
            return (b, wy)
        }
        @inline(__always) func inside(_ b: Float, _ wy: Float) -> Bool {
            let py = wy + seg.a.y
            let s0 = seg.along(SIMD2(b + 0.5, py)), s1 = seg.along(SIMD2(b + 3.5, py))
            return s0 > 0 && s0 < 1 && s1 > 0 && s1 < 1
        }
        var y = y0
        while y + 1 < y1 {
            let (ba, wya) = window(y), (bb, wyb) = window(y + 1)
            let wy = SIMD8(repeating: wyb) + (SIMD8(repeating: wya) - SIMD8(repeating: wyb)) * half
            let wyd = SIMD8(repeating: wyb * seg.d.y) + (SIMD8(repeating: wya * seg.d.y) - SIMD8(repeating: wyb * seg.d.y)) * half
            let nyw = SIMD8(repeating: seg.n.y * wyb) + (SIMD8(repeating: seg.n.y * wya) - SIMD8(repeating: seg.n.y * wyb)) * half
            let px = SIMD8(repeating: bb) + (SIMD8(repeating: ba) - SIMD8(repeating: bb)) * half + Self.pairCentres
            let inner = tileInterior || (inside(ba, wya) && inside(bb, wyb))
            let c = coverage(px: px, wy: wy, wyd: wyd, nyw: nyw, lo: px, hi: px, interior: inner, masked: false)
            let rowA = target.row(y) + Int(ba), rowB = target.row(y + 1) + Int(bb)
            let dst = SIMD8(
                lowHalf: UnsafeRawPointer(rowA).loadUnaligned(as: SIMD4<UInt32>.self),
                highHalf: UnsafeRawPointer(rowB).loadUnaligned(as: SIMD4<UInt32>.self))
            let out = PixelBlend8.blend(dst, color, c)
            UnsafeMutableRawPointer(rowA).storeBytes(of: out.lowHalf, as: SIMD4<UInt32>.self)
            UnsafeMutableRawPointer(rowB).storeBytes(of: out.highHalf, as: SIMD4<UInt32>.self)
            y += 2
        }
        if y < y1 {
            // The last odd row: its window in the low lanes (the high lanes are not stored).
            let (b, wya) = window(y)
            let px = SIMD8(repeating: b) + Self.pairCentres
            let c = coverage(px: px, wy: SIMD8(repeating: wya), wyd: SIMD8(repeating: wya * seg.d.y),
                             nyw: SIMD8(repeating: seg.n.y * wya), lo: px, hi: px, interior: false, masked: false)
            let row = target.row(y) + Int(b)
            let dst = UnsafeRawPointer(row).loadUnaligned(as: SIMD4<UInt32>.self)
            let out = PixelBlend8.blend(SIMD8(lowHalf: dst, highHalf: dst), color, c)
            UnsafeMutableRawPointer(row).storeBytes(of: out.lowHalf, as: SIMD4<UInt32>.self)
        }
    }

    /// Row spans from `StrokeSegment.columns`, 8 pixels at a time; short rows paired.
    @inline(always)
    func drawSpans(color: UInt32, clip: PixelRect, target: TileTarget) {
        let tileInterior = wholeTileInterior(clip)
        let (y0, y1) = seg.rows(in: clip, reach: reach)
        let lastGroup = clip.x1 - 8, lastHalf = clip.x1 - 4
        var y = y0
        var span = y < y1 ? seg.columns(row: y, reach: reach, clipX0: clip.x0, clipX1: clip.x1) : (0, 0)
        while y < y1 {
            let (x0, x1) = span
            let next = y + 1 < y1 ? seg.columns(row: y + 1, reach: reach, clipX0: clip.x0, clipX1: clip.x1) : (0, 0)
            let wya = (Float(y) + 0.5) - seg.a.y
            if x1 - x0 <= 4 && next.1 - next.0 <= 4 && (x0 < x1 || next.0 < next.1) {
                // Two short rows in one group: lanes 0–3 row y, lanes 4–7 row y + 1.
                let wyb = (Float(y + 1) + 0.5) - seg.a.y
                let baseA = Swift.min(x0, lastHalf), baseB = Swift.min(next.0, lastHalf)
                let half = Self.lowHalf
                let wy = SIMD8(repeating: wyb) + (SIMD8(repeating: wya) - SIMD8(repeating: wyb)) * half
                let wyd = SIMD8(repeating: wyb * seg.d.y) + (SIMD8(repeating: wya * seg.d.y) - SIMD8(repeating: wyb * seg.d.y)) * half
                let nyw = SIMD8(repeating: seg.n.y * wyb) + (SIMD8(repeating: seg.n.y * wya) - SIMD8(repeating: seg.n.y * wyb)) * half
                let base = SIMD8(repeating: Float(baseB)) + (SIMD8(repeating: Float(baseA)) - SIMD8(repeating: Float(baseB))) * half
                let px = base + Self.pairCentres
                let lo = SIMD8(repeating: Float(next.0)) + (SIMD8(repeating: Float(x0)) - SIMD8(repeating: Float(next.0))) * half
                let hi = SIMD8(repeating: Float(next.1)) + (SIMD8(repeating: Float(x1)) - SIMD8(repeating: Float(next.1))) * half
                let inner = tileInterior
                    || ((x0 >= x1 || interior(y, x0, x1)) && (next.0 >= next.1 || interior(y + 1, next.0, next.1)))
                let c = coverage(px: px, wy: wy, wyd: wyd, nyw: nyw, lo: lo, hi: hi, interior: inner)
                let rowA = target.row(y) + baseA, rowB = target.row(y + 1) + baseB
                let dst = SIMD8(
                    lowHalf: UnsafeRawPointer(rowA).loadUnaligned(as: SIMD4<UInt32>.self),
                    highHalf: UnsafeRawPointer(rowB).loadUnaligned(as: SIMD4<UInt32>.self))
                let out = PixelBlend8.blend(dst, color, c)
                UnsafeMutableRawPointer(rowA).storeBytes(of: out.lowHalf, as: SIMD4<UInt32>.self)
                UnsafeMutableRawPointer(rowB).storeBytes(of: out.highHalf, as: SIMD4<UInt32>.self)
                y += 2
                span = y < y1 ? seg.columns(row: y, reach: reach, clipX0: clip.x0, clipX1: clip.x1) : (0, 0)
                continue
            }
            if x0 < x1 {
                let row = target.row(y)
                let wy = SIMD8(repeating: wya)
                let wyd = SIMD8(repeating: wya * seg.d.y)
                let nyw = SIMD8(repeating: seg.n.y * wya)
                let hi = SIMD8(repeating: Float(x1))
                let inner = tileInterior || interior(y, x0, x1)
                var g = x0
                while g < x1 {
                    let base = Swift.min(g, lastGroup)
                    let px = SIMD8(repeating: Float(base)) + Self.centres
                    let c = coverage(px: px, wy: wy, wyd: wyd, nyw: nyw, lo: SIMD8(repeating: Float(g)), hi: hi, interior: inner)
                    PixelBlend8.blend(into: row + base, color, c)
                    g = base + 8
                }
            }
            y += 1
            span = next
        }
    }
}
