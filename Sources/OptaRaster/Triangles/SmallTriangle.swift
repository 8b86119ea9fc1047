/// The depth raster of a small triangle (bounding box under 64 samples a side: nearly every
/// triangle of a fine mesh) in 32-bit integer arithmetic: coordinates relative to the tile, edge
/// values relative to a sample in the box, so no product leaves the 32-bit range and nothing traps.
/// The samples written and their depths are exactly those of the general 64-bit path's rules
/// (same edge functions and top-left rule, same floating-point expressions for 1/w).
enum SmallTriangle {
    /// Largest bounding-box side (fixed point, exclusive): 64 samples.
    static let maxSpan = Int64(64 * TriangleRasterizer.subpixelScale / 2)
    static let half = Int32(TriangleRasterizer.subpixelScale / 2)
    static let quarter = Int32(TriangleRasterizer.subpixelScale / 4)
    static let halfShift = Int32(TriangleRasterizer.subpixelBits - 1)

    /// Draws the triangle with corners (`x`, `y`) in fixed point relative to the tile's corner
    /// (both spans under `maxSpan`) into the tile's samples; false when its bounding box holds no
    /// sample of the tile.
    @inline(__always)
    static func draw(x: SIMD3<Int32>, y: SIMD3<Int32>, invW: SIMD3<Float>, id: UInt32, sw: Int, sh: Int, side: Int,
                     depth: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<UInt32>) -> Bool {
        var x0 = x.x, x1 = x.y, x2 = x.z
        var y0 = y.x, y1 = y.y, y2 = y.z
        var w0 = invW.x, w1 = invW.y, w2 = invW.z
        var area = (x1 &- x0) &* (y2 &- y0) &- (y1 &- y0) &* (x2 &- x0)
        if area == 0 { return false }
        if area < 0 {  // the other winding: swap two corners so the inside is positive
            swap(&x1, &x2); swap(&y1, &y2); swap(&w1, &w2)
            area = 0 &- area
        }
        // Sample range inside the bounding box, clamped to the tile.
        let minX = Swift.min(x0, x1, x2) &- quarter, maxX = Swift.max(x0, x1, x2) &- quarter
        let minY = Swift.min(y0, y1, y2) &- quarter, maxY = Swift.max(y0, y1, y2) &- quarter
        let i0 = Int(Swift.max(0, 0 &- ((0 &- minX) &>> halfShift))), i1 = Swift.min(sw &- 1, Int(maxX &>> halfShift))
        let j0 = Int(Swift.max(0, 0 &- ((0 &- minY) &>> halfShift))), j1 = Swift.min(sh &- 1, Int(maxY &>> halfShift))
        if i0 > i1 || j0 > j1 { return false }
        // Edge functions E = A·x + B·y + C, positive inside; E_k is 0 on the edge opposite corner k.
        let a0 = y1 &- y2, b0 = x2 &- x1
        let a1 = y2 &- y0, b1 = x0 &- x2
        let a2 = y0 &- y1, b2 = x1 &- x0
        // Top-left rule: a sample exactly on an edge belongs to the triangle only if the edge is a
        // left edge (inside to the right, A > 0) or a top edge (horizontal, inside below).
        // That is (A, B) > (0, 0) in lexicographic order, which is the sign of A·2^16 + B as |B| < 2^13
        // (branch-free: the orientation of a mesh's edges is unpredictable).
        @inline(__always) func bias(_ a: Int32, _ b: Int32) -> Int32 { ((a &<< 16) &+ b &- 1) &>> 31 }
        // Values at the first sample (i0, j0): it lies in the bounding box, so every difference
        // below is under 64 samples and every product under 2^27.
        let sx = quarter &+ Int32(truncatingIfNeeded: i0) &* half, sy = quarter &+ Int32(truncatingIfNeeded: j0) &* half
        let u0 = a0 &* (sx &- x1) &+ b0 &* (sy &- y1)
        let u1 = a1 &* (sx &- x2) &+ b1 &* (sy &- y2)
        let u2 = a2 &* (sx &- x0) &+ b2 &* (sy &- y0)
        var q0 = u0 &+ bias(a0, b0), q1 = u1 &+ bias(a1, b1), q2 = u2 &+ bias(a2, b2)
        // 1/w is affine in screen space: interpolate it with the (unbiased) edge functions.
        let invArea = 1 / Float(area)
        let dzdx = (Float(a0) * w0 + Float(a1) * w1 + Float(a2) * w2) * invArea * Float(half)
        let dzdy = (Float(b0) * w0 + Float(b1) * w1 + Float(b2) * w2) * invArea * Float(half)
        let e0 = Float(u0), e1 = Float(u1)
        var zRow = (e0 * w0 + e1 * w1) * invArea + (1 - (e0 + e1) * invArea) * w2
        let stepX0 = a0 &* half, stepX1 = a1 &* half, stepX2 = a2 &* half
        let stepY0 = b0 &* half, stepY1 = b1 &* half, stepY2 = b2 &* half
        let width = i1 &- i0 &+ 1
        var rowIndex = j0 &* side &+ i0
        if width <= 3 {
            // Narrow: scalar, so neighbouring triangles' stores never overlap an 8-wide load.
            for _ in j0...j1 {
                var e0 = q0, e1 = q1, e2 = q2, z = zRow
                var at = rowIndex
                for _ in 0..<width {
                    if (e0 | e1 | e2) >= 0 && z > depth[at] { depth[at] = z; ids[at] = id }
                    e0 &+= stepX0; e1 &+= stepX1; e2 &+= stepX2; z += dzdx; at &+= 1
                }
                q0 &+= stepY0; q1 &+= stepY1; q2 &+= stepY2
                zRow += dzdy
                rowIndex &+= side
            }
            return true
        }
        // 8 samples of a row at once. All lane logic in integer sign bits (SIMDMask operations get
        // scalarized): a sample is written where it is inside (no edge value negative), within the
        // row's samples (`limit` negative) and nearer than the stored one (old − z negative: IEEE
        // subtraction of distinct values is never 0).
        let lanes = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
        let lanesF = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
        let sx0 = SIMD8<Int32>(repeating: stepX0) &* lanes
        let sx1 = SIMD8<Int32>(repeating: stepX1) &* lanes
        let sx2 = SIMD8<Int32>(repeating: stepX2) &* lanes
        let zx = lanesF * dzdx
        let dz8 = dzdx * 8
        let step8x0 = stepX0 &* 8, step8x1 = stepX1 &* 8, step8x2 = stepX2 &* 8
        let firstLimit = lanes &- Int32(truncatingIfNeeded: width)
        let blocks = (width &+ 7) &>> 3
        let idv = SIMD8<UInt32>(repeating: id)
        for _ in j0...j1 {
            var e0 = SIMD8<Int32>(repeating: q0) &+ sx0, e1 = SIMD8<Int32>(repeating: q1) &+ sx1
            var e2 = SIMD8<Int32>(repeating: q2) &+ sx2
            var z = zx + zRow
            var limit = firstLimit
            var at = rowIndex
            for _ in 0..<blocks {
                let dp = UnsafeMutableRawPointer(depth + at), ip = UnsafeMutableRawPointer(ids + at)
                let old = dp.loadUnaligned(as: SIMD8<Float>.self)
                let write = unsafeBitCast(old - z, to: SIMD8<Int32>.self) & ~(e0 | e1 | e2) & limit
                let m = unsafeBitCast(write &>> 31, to: SIMD8<UInt32>.self)
                let oldBits = unsafeBitCast(old, to: SIMD8<UInt32>.self), zBits = unsafeBitCast(z, to: SIMD8<UInt32>.self)
                dp.storeBytes(of: (oldBits & ~m) | (zBits & m), as: SIMD8<UInt32>.self)
                let oldIds = ip.loadUnaligned(as: SIMD8<UInt32>.self)
                ip.storeBytes(of: (oldIds & ~m) | (idv & m), as: SIMD8<UInt32>.self)
                e0 &+= step8x0; e1 &+= step8x1; e2 &+= step8x2; z += dz8
                limit &+= 8
                at &+= 8
            }
            q0 &+= stepY0; q1 &+= stepY1; q2 &+= stepY2
            zRow += dzdy
            rowIndex &+= side
        }
        return true
    }
}
