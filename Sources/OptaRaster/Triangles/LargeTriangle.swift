/// The depth raster of a large triangle (bounding box 32 pixels or more a side, where 32-bit edge
/// products could overflow): 64-bit edge functions, one sample at a time. Rare in a fine mesh.
enum LargeTriangle {
    /// Draws a triangle with corners (`x`, `y`) in fixed point (frame coordinates) into `target`
    /// with sample id `id`, in 64-bit arithmetic (the same edge functions and top-left rule as
    /// `TriangleBatch`).
    @inline(never)
    static func draw(x: SIMD3<Int32>, y: SIMD3<Int32>, invW: SIMD3<Float>, id: UInt32, into target: SampleTarget) {
        let grid = target.grid
        let originX = Int64(target.origin.x), originY = Int64(target.origin.y)
        let sw = target.width, sh = target.height, side = target.side, depth = target.depth, ids = target.ids
        let half = Int64(grid.spacing), quarter = Int64(grid.offset), shift = Int64(grid.shift)
        /// ⌊a / half⌋ and ⌈a / half⌉ (half is a power of two: arithmetic shifts).
        @inline(__always) func floorHalf(_ a: Int64) -> Int64 { a >> shift }
        @inline(__always) func ceilHalf(_ a: Int64) -> Int64 { 0 &- ((0 &- a) >> shift) }
        var x0 = Int64(x.x), x1 = Int64(x.y), x2 = Int64(x.z)
        var y0 = Int64(y.x), y1 = Int64(y.y), y2 = Int64(y.z)
        var w0 = invW.x, w1 = invW.y, w2 = invW.z
        var area = (x1 &- x0) &* (y2 &- y0) &- (y1 &- y0) &* (x2 &- x0)
        if area == 0 { return }
        if area < 0 {  // the other winding: swap two corners so the inside is positive
            swap(&x1, &x2); swap(&y1, &y2); swap(&w1, &w2)
            area = 0 &- area
        }
        // Sample range inside the bounding box, clamped to the buffer.
        let minX = Swift.min(x0, x1, x2) &- originX &- quarter, maxX = Swift.max(x0, x1, x2) &- originX &- quarter
        let minY = Swift.min(y0, y1, y2) &- originY &- quarter, maxY = Swift.max(y0, y1, y2) &- originY &- quarter
        let i0 = Int(Swift.max(0, ceilHalf(minX))), i1 = Int(Swift.min(Int64(sw - 1), floorHalf(maxX)))
        let j0 = Int(Swift.max(0, ceilHalf(minY))), j1 = Int(Swift.min(Int64(sh - 1), floorHalf(maxY)))
        if i0 > i1 || j0 > j1 { return }
        // Edge functions E = A·x + B·y + C, positive inside; E_k is 0 on the edge opposite corner k.
        let a0 = y1 &- y2, b0 = x2 &- x1
        let a1 = y2 &- y0, b1 = x0 &- x2
        let a2 = y0 &- y1, b2 = x1 &- x0
        // Top-left rule: a sample exactly on an edge belongs to the triangle only if the edge is a
        // left edge (inside to the right, A > 0) or a top edge (horizontal, inside below).
        @inline(__always) func bias(_ a: Int64, _ b: Int64) -> Int64 { (a > 0 || (a == 0 && b > 0)) ? 0 : -1 }
        // Values at the first sample (i0, j0).
        let sx = originX &+ quarter &+ Int64(i0) &* half, sy = originY &+ quarter &+ Int64(j0) &* half
        var r0 = a0 &* (sx &- x1) &+ b0 &* (sy &- y1) &+ bias(a0, b0)
        var r1 = a1 &* (sx &- x2) &+ b1 &* (sy &- y2) &+ bias(a1, b1)
        var r2 = a2 &* (sx &- x0) &+ b2 &* (sy &- y0) &+ bias(a2, b2)
        // 1/w is affine in screen space: interpolate it with the (unbiased) edge functions.
        let invArea = 1 / Float(area)
        let dzdx = (Float(a0) * w0 + Float(a1) * w1 + Float(a2) * w2) * invArea * Float(half)
        let dzdy = (Float(b0) * w0 + Float(b1) * w1 + Float(b2) * w2) * invArea * Float(half)
        let e0 = Float(a0 &* (sx &- x1) &+ b0 &* (sy &- y1)), e1 = Float(a1 &* (sx &- x2) &+ b1 &* (sy &- y2))
        var zRow = (e0 * w0 + e1 * w1) * invArea + (1 - (e0 + e1) * invArea) * w2
        let stepX0 = a0 &* half, stepX1 = a1 &* half, stepX2 = a2 &* half
        let stepY0 = b0 &* half, stepY1 = b1 &* half, stepY2 = b2 &* half
        var rowIndex = j0 * side
        for _ in j0...j1 {
            var e0 = r0, e1 = r1, e2 = r2, z = zRow
            for i in i0...i1 {
                if (e0 | e1 | e2) >= 0 {
                    let s = rowIndex + i
                    if z > depth[s] { depth[s] = z; ids[s] = id }
                }
                e0 &+= stepX0; e1 &+= stepX1; e2 &+= stepX2; z += dzdx
            }
            r0 &+= stepY0; r1 &+= stepY1; r2 &+= stepY2; zRow += dzdy
            rowIndex += side
        }
    }
}
