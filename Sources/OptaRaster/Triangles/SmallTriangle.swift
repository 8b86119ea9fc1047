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

    /// The lanes as floats, exactly, for |v| < 2^22: v added to the bits of 1.5 · 2^23 gives
    /// 1.5 · 2^23 + v (SIMD int → float conversion initializers get scalarized).
    @inline(__always)
    static func exactFloats(_ v: SIMD4<Int32>) -> SIMD4<Float> {
        unsafeBitCast(v &+ 0x4B40_0000, to: SIMD4<Float>.self) - 12_582_912
    }

    /// The bounding box of corners (`x`, `y`): lowest and highest x and y.
    @inline(__always)
    static func box(x: SIMD3<Int32>, y: SIMD3<Int32>) -> (lo: SIMD2<Int32>, hi: SIMD2<Int32>) {
        (SIMD2(Swift.min(x.x, x.y, x.z), Swift.min(y.x, y.y, y.z)), SIMD2(Swift.max(x.x, x.y, x.z), Swift.max(y.x, y.y, y.z)))
    }

    /// Whether a triangle with this bounding box is small.
    @inline(__always)
    static func fits(_ box: (lo: SIMD2<Int32>, hi: SIMD2<Int32>)) -> Bool {
        Int64(box.hi.x) &- Int64(box.lo.x) < maxSpan && Int64(box.hi.y) &- Int64(box.lo.y) < maxSpan
    }

    /// Draws the triangle with corners (`x`, `y`) in fixed point relative to the tile's corner
    /// (bounding box `box`, which `fits`) into the tile's samples; false when its bounding box
    /// holds no sample of the tile.
    @inline(__always)
    static func draw(x: SIMD3<Int32>, y: SIMD3<Int32>, box: (lo: SIMD2<Int32>, hi: SIMD2<Int32>), invW: SIMD3<Float>, id: UInt32,
                     sw: Int, sh: Int, side: Int, depth: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<UInt32>) -> Bool {
        let area0 = (x.y &- x.x) &* (y.z &- y.x) &- (y.y &- y.x) &* (x.z &- x.x)
        if area0 == 0 { return false }
        // Sample range inside the bounding box, clamped to the tile.
        let minX = box.lo.x &- quarter, maxX = box.hi.x &- quarter
        let minY = box.lo.y &- quarter, maxY = box.hi.y &- quarter
        let i0 = Int(Swift.max(0, 0 &- ((0 &- minX) &>> halfShift))), i1 = Swift.min(sw &- 1, Int(maxX &>> halfShift))
        let j0 = Int(Swift.max(0, 0 &- ((0 &- minY) &>> halfShift))), j1 = Swift.min(sh &- 1, Int(maxY &>> halfShift))
        if i0 > i1 || j0 > j1 { return false }
        // Corners in drawing order; the other winding swaps corners 1 and 2 so the inside is positive.
        // Lane k of the vectors below belongs to edge k, opposite corner k (from corner k+1 to k+2).
        let flip = area0 < 0
        let area = flip ? 0 &- area0 : area0
        let cx = flip ? SIMD4(x.x, x.z, x.y, 0) : SIMD4(x.x, x.y, x.z, 0)
        let cy = flip ? SIMD4(y.x, y.z, y.y, 0) : SIMD4(y.x, y.y, y.z, 0)
        let w = flip ? SIMD4(invW.x, invW.z, invW.y, 0) : SIMD4(invW.x, invW.y, invW.z, 0)
        let x1 = SIMD4(cx.y, cx.z, cx.x, 0), x2 = SIMD4(cx.z, cx.x, cx.y, 0)
        let y1 = SIMD4(cy.y, cy.z, cy.x, 0), y2 = SIMD4(cy.z, cy.x, cy.y, 0)
        // Edge functions E = A·x + B·y + C, positive inside.
        let a = y1 &- y2, b = x2 &- x1
        // Values at the first sample (i0, j0): it lies in the bounding box, so every difference
        // below is under 64 samples and every product under 2^27.
        let sx = quarter &+ Int32(truncatingIfNeeded: i0) &* half, sy = quarter &+ Int32(truncatingIfNeeded: j0) &* half
        let u = a &* (SIMD4(repeating: sx) &- x1) &+ b &* (SIMD4(repeating: sy) &- y1)
        // Top-left rule: a sample exactly on an edge belongs to the triangle only if the edge is a
        // left edge (inside to the right, A > 0) or a top edge (horizontal, inside below): that is
        // (A, B) > (0, 0) in lexicographic order, the sign of A·2^16 + B as |B| < 2^13 (branch-free:
        // the orientation of a mesh's edges is unpredictable). −1 where the edge's samples are out.
        let q = u &+ (((a &<< 16) &+ b &- 1) &>> 31)
        // 1/w is affine in screen space: interpolate it with the (unbiased) edge functions. The
        // same floating-point operations in the same order as one scalar expression per edge.
        let fa = exactFloats(a) * w, fb = exactFloats(b) * w
        let invArea = 1 / Float(area)
        let dzdx = (fa.x + fa.y + fa.z) * invArea * Float(half)
        let dzdy = (fb.x + fb.y + fb.z) * invArea * Float(half)
        let e0 = Float(u.x), e1 = Float(u.y)
        var zRow = (e0 * w.x + e1 * w.y) * invArea + (1 - (e0 + e1) * invArea) * w.z
        let stepX = a &* half, stepY = b &* half
        let stepX0 = stepX.x, stepX1 = stepX.y, stepX2 = stepX.z
        let stepY0 = stepY.x, stepY1 = stepY.y, stepY2 = stepY.z
        var q0 = q.x, q1 = q.y, q2 = q.z
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
        // Edge values of the row's first 8 samples, stepped down a row at a time.
        var row0 = SIMD8<Int32>(repeating: q0) &+ sx0, row1 = SIMD8<Int32>(repeating: q1) &+ sx1
        var row2 = SIMD8<Int32>(repeating: q2) &+ sx2
        let down0 = SIMD8<Int32>(repeating: stepY0), down1 = SIMD8<Int32>(repeating: stepY1)
        let down2 = SIMD8<Int32>(repeating: stepY2)
        for _ in j0...j1 {
            var e0 = row0, e1 = row1, e2 = row2
            var z = zx + zRow
            var limit = firstLimit
            var at = rowIndex
            for _ in 0..<blocks {
                let dp = UnsafeMutableRawPointer(depth + at), ip = UnsafeMutableRawPointer(ids + at)
                let old = dp.loadUnaligned(as: SIMD8<Float>.self)
                let write = unsafeBitCast(old - z, to: SIMD8<Int32>.self) & ~(e0 | e1 | e2) & limit
                // A comparison against 0 and `replacing` compile to blends on the sign bit.
                let m = write .< SIMD8<Int32>(repeating: 0)
                dp.storeBytes(of: old.replacing(with: z, where: m), as: SIMD8<Float>.self)
                let oldIds = ip.loadUnaligned(as: SIMD8<UInt32>.self)
                ip.storeBytes(of: oldIds.replacing(with: idv, where: m), as: SIMD8<UInt32>.self)
                e0 &+= step8x0; e1 &+= step8x1; e2 &+= step8x2; z += dz8
                limit &+= 8
                at &+= 8
            }
            row0 &+= down0; row1 &+= down1; row2 &+= down2
            zRow += dzdy
            rowIndex &+= side
        }
        return true
    }
}
