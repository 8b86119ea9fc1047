/// Rasterizes disks (with outline) and rings into one tile, row span by row span.
enum DiskRaster {
    /// The rows of `clip` whose pixel centres lie within `reach` of `center.y`, and per row the
    /// columns within `reach` of `center`; calls `body(row, y, x0, x1, dy)`.
    @inline(__always)
    static func forEachSpan(
        center c: SIMD2<Float>, reach r: Float, clip: PixelRect, target: TileTarget,
        _ body: (UnsafeMutablePointer<UInt32>, Int, Int, Float) -> Void
    ) {
        let y0 = SafeIndex.ceil(c.y - r - 0.5, clip.y0, clip.y1)
        let y1 = SafeIndex.floor(c.y + r - 0.5, clip.y0 - 1, clip.y1 - 1) + 1
        var y = y0
        while y < y1 {
            let dy = Float(y) + 0.5 - c.y
            let h2 = r * r - dy * dy
            if h2 > 0 {
                let h = h2.squareRoot()
                let x0 = SafeIndex.ceil(c.x - h - 0.5, clip.x0, clip.x1)
                let x1 = SafeIndex.floor(c.x + h - 0.5, clip.x0 - 1, clip.x1 - 1) + 1
                if x0 < x1 { body(target.row(y), x0, x1, dy) }
            }
            y += 1
        }
    }

    @inline(__always)
    static func draw(_ disk: DiskShape, clip: PixelRect, target: TileTarget) {
        if clip.width >= 8 && disk.outlineColor != 0 {
            drawOutlined8(disk, clip: clip, target: target)
            return
        }
        let c = disk.center
        let outlined = disk.outlineColor != 0
        forEachSpan(center: c, reach: disk.outerReach, clip: clip, target: target) { row, x0, x1, dy in
            let dy2 = dy * dy
            for x in x0..<x1 {
                let dx = Float(x) + 0.5 - c.x
                let d = (dx * dx + dy2).squareRoot()
                let cf = disk.fill.coverage(distance: d)
                if outlined {
                    let co = disk.outline.coverage(distance: Swift.abs(d - disk.radius))
                    let fill = PixelBlend.scale(disk.fillColor, PixelBlend.coverage256(cf))
                    let line = PixelBlend.scale(disk.outlineColor, PixelBlend.coverage256(co))
                    let src = PixelBlend.over(line, fill)
                    if src != 0 { row[x] = PixelBlend.over(src, row[x]) }
                } else {
                    PixelBlend.put(row, x, disk.fillColor, cf)
                }
            }
        }
    }

    @inline(__always)
    static func draw(_ ring: RingShape, clip: PixelRect, target: TileTarget) {
        let c = ring.center
        forEachSpan(center: c, reach: ring.outerReach, clip: clip, target: target) { row, x0, x1, dy in
            let dy2 = dy * dy
            for x in x0..<x1 {
                let dx = Float(x) + 0.5 - c.x
                let d = (dx * dx + dy2).squareRoot()
                PixelBlend.put(row, x, ring.color, ring.profile.coverage(distance: Swift.abs(d - ring.radius)))
            }
        }
    }

    /// An outlined disk 8 pixels at a time: the scalar path's arithmetic lane by lane (fill and
    /// outline composed, then blended once), lanes outside the row's span left unchanged.
    @inline(__always)
    static func drawOutlined8(_ disk: DiskShape, clip: PixelRect, target: TileTarget) {
        let c = disk.center
        let centres = SIMD8<Float>(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5)
        let cx = SIMD8<Float>(repeating: c.x)
        let fillReach = SIMD8<Float>(repeating: disk.fill.reach), lineReach = SIMD8<Float>(repeating: disk.outline.reach)
        let radius = SIMD8<Float>(repeating: disk.radius)
        let lastGroup = clip.x1 - 8
        forEachSpan(center: c, reach: disk.outerReach, clip: clip, target: target) { row, x0, x1, dy in
            let dy2 = SIMD8<Float>(repeating: dy * dy)
            let hi = SIMD8<Float>(repeating: Float(x1))
            var g = x0
            while g < x1 {
                let base = Swift.min(g, lastGroup)
                let px = SIMD8<Float>(repeating: Float(base)) + centres
                let dx = px - cx
                let d = (dx * dx + dy2).squareRoot()
                let valid = ((px - SIMD8(repeating: Float(g))) * 2).clamped01 * ((hi - px) * 2).clamped01
                let cf = (fillReach - d).clamped01 * valid
                let ring = d - radius
                let absRing = unsafeBitCast(unsafeBitCast(ring, to: SIMD8<UInt32>.self) & 0x7FFF_FFFF, to: SIMD8<Float>.self)
                let co = (lineReach - absRing).clamped01 * valid
                let fill = PixelBlend8.scale(SIMD8(repeating: disk.fillColor), PixelBlend8.coverage256(cf))
                let line = PixelBlend8.scale(SIMD8(repeating: disk.outlineColor), PixelBlend8.coverage256(co))
                let inv = 255 &- (line &>> 24)
                let src = line &+ PixelBlend8.scale(fill, inv &+ (inv &>> 7))
                let raw = UnsafeMutableRawPointer(row + base)
                let dst = raw.loadUnaligned(as: SIMD8<UInt32>.self)
                let inv2 = 255 &- (src &>> 24)
                raw.storeBytes(of: src &+ PixelBlend8.scale(dst, inv2 &+ (inv2 &>> 7)), as: SIMD8<UInt32>.self)
                g = base + 8
            }
        }
    }
}
