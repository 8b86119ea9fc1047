/// Rasterizes rounded rectangles into one tile from their signed distance `d` (negative
/// inside): fill coverage `clamp(0.5 − d)`, outline coverage from `|d|` with the outline's profile;
/// the outline is composed over the fill and the pair blends once.
enum RoundedRectRaster {
    /// Signed distance from `p` to the rounded rectangle's edge.
    @inline(__always)
    static func distance(_ s: RoundedRectShape, _ p: SIMD2<Float>) -> Float {
        let qx = Swift.abs(p.x - s.center.x) - (s.half.x - s.radius)
        let qy = Swift.abs(p.y - s.center.y) - (s.half.y - s.radius)
        let ox = Swift.max(qx, 0), oy = Swift.max(qy, 0)
        return (ox * ox + oy * oy).squareRoot() + Swift.min(Swift.max(qx, qy), 0) - s.radius
    }

    @inline(__always)
    static func draw(_ s: RoundedRectShape, clip: PixelRect, target: TileTarget) {
        let lo = s.center - s.half - s.reach, hi = s.center + s.half + s.reach
        let y0 = SafeIndex.floor(lo.y, clip.y0, clip.y1), y1 = SafeIndex.ceil(hi.y, clip.y0, clip.y1)
        let x0 = SafeIndex.floor(lo.x, clip.x0, clip.x1), x1 = SafeIndex.ceil(hi.x, clip.x0, clip.x1)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            let row = target.row(y)
            for x in x0..<x1 {
                let d = distance(s, SIMD2(Float(x) + 0.5, Float(y) + 0.5))
                var src: UInt32 = 0
                if s.fill != 0 {
                    src = PixelBlend.scale(s.fill, PixelBlend.coverage256(Swift.min(Swift.max(0.5 - d, 0), 1)))
                }
                if s.outline != 0 {
                    let line = PixelBlend.scale(s.outline, PixelBlend.coverage256(s.outlineProfile.coverage(distance: Swift.abs(d))))
                    src = PixelBlend.over(line, src)
                }
                if src != 0 { row[x] = PixelBlend.over(src, row[x]) }
            }
        }
    }
}
