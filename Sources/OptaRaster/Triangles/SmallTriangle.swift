/// The depth raster of one small triangle (bounding box under 32 pixels a side: nearly every
/// triangle of a fine mesh) from its lane of a `TriangleBatch.Setup`, in 32-bit integer
/// arithmetic: edge values start at the first sample in the bounding box, so no value leaves the
/// 32-bit range and nothing traps.
enum SmallTriangle {
    /// Draws the triangle set up in lane `k` of `setup` (the bytes of a `TriangleBatch.Setup`)
    /// into `target` with sample id `id`.
    @inline(__always)
    static func draw(lane k: Int, of setup: UnsafeRawBufferPointer, id: UInt32, into target: SampleTarget) {
        let p = setup.baseAddress! + k &* 4
        @inline(__always) func int(_ field: Int) -> Int32 { p.load(fromByteOffset: field &* 32, as: Int32.self) }
        @inline(__always) func float(_ field: Int) -> Float { p.load(fromByteOffset: field &* 32, as: Float.self) }
        let i0 = Int(int(0)), j0 = Int(int(1)), width = Int(int(2)), rows = Int(int(3))
        var q0 = int(4), q1 = int(5), q2 = int(6)
        let stepX0 = int(7), stepX1 = int(8), stepX2 = int(9)
        let stepY0 = int(10), stepY1 = int(11), stepY2 = int(12)
        var zRow = float(13)
        let dzdx = float(14), dzdy = float(15)
        let side = target.side, depth = target.depth, ids = target.ids
        var rowIndex = j0 &* side &+ i0
        if width <= 3 {
            // Narrow: scalar, so neighbouring triangles' stores never overlap an 8-wide load.
            for _ in 0..<rows {
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
            return
        }
        // 8 samples of a row at once. All lane logic in integer sign bits (SIMDMask operations get
        // scalarized): a sample is written where it is inside (no edge value negative), within the
        // row's samples (`limit` negative) and nearer than the stored one (old − z negative: IEEE
        // subtraction of distinct values is never 0).
        let lanes = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
        let lanesF = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
        let zx = lanesF * dzdx
        let dz8 = dzdx * 8
        let step8x0 = stepX0 &* 8, step8x1 = stepX1 &* 8, step8x2 = stepX2 &* 8
        let firstLimit = lanes &- Int32(truncatingIfNeeded: width)
        let blocks = (width &+ 7) &>> 3
        let idv = SIMD8<UInt32>(repeating: id)
        // Edge values of the row's first 8 samples, stepped down a row at a time.
        var row0 = SIMD8<Int32>(repeating: q0) &+ SIMD8<Int32>(repeating: stepX0) &* lanes
        var row1 = SIMD8<Int32>(repeating: q1) &+ SIMD8<Int32>(repeating: stepX1) &* lanes
        var row2 = SIMD8<Int32>(repeating: q2) &+ SIMD8<Int32>(repeating: stepX2) &* lanes
        let down0 = SIMD8<Int32>(repeating: stepY0), down1 = SIMD8<Int32>(repeating: stepY1)
        let down2 = SIMD8<Int32>(repeating: stepY2)
        /// The 8 samples from `at`: edge values `e0`…`e2`, depths `z`, lanes with `limit` negative.
        @inline(__always) func block(_ at: Int, _ e0: SIMD8<Int32>, _ e1: SIMD8<Int32>, _ e2: SIMD8<Int32>,
                                     _ z: SIMD8<Float>, _ limit: SIMD8<Int32>) {
            let dp = UnsafeMutableRawPointer(depth + at), ip = UnsafeMutableRawPointer(ids + at)
            let old = dp.loadUnaligned(as: SIMD8<Float>.self)
            let write = unsafeBitCast(old - z, to: SIMD8<Int32>.self) & ~(e0 | e1 | e2) & limit
            // A comparison against 0 and `replacing` compile to blends on the sign bit.
            let m = write .< SIMD8<Int32>(repeating: 0)
            dp.storeBytes(of: old.replacing(with: z, where: m), as: SIMD8<Float>.self)
            let oldIds = ip.loadUnaligned(as: SIMD8<UInt32>.self)
            ip.storeBytes(of: oldIds.replacing(with: idv, where: m), as: SIMD8<UInt32>.self)
        }
        if width <= 8 {
            // One block per row (most triangles of a fine mesh): the row's vectors step in registers.
            var z = zx + zRow
            let zDown = SIMD8<Float>(repeating: dzdy)
            for _ in 0..<rows {
                block(rowIndex, row0, row1, row2, z, firstLimit)
                row0 &+= down0; row1 &+= down1; row2 &+= down2
                z += zDown
                rowIndex &+= side
            }
            return
        }
        if width <= 16 {
            // Two blocks per row, both stepped in registers (the same values as the loop below).
            let limit2 = firstLimit &+ 8
            for _ in 0..<rows {
                let z = zx + zRow
                block(rowIndex, row0, row1, row2, z, firstLimit)
                block(rowIndex &+ 8, row0 &+ step8x0, row1 &+ step8x1, row2 &+ step8x2, z + dz8, limit2)
                row0 &+= down0; row1 &+= down1; row2 &+= down2
                zRow += dzdy
                rowIndex &+= side
            }
            return
        }
        for _ in 0..<rows {
            var e0 = row0, e1 = row1, e2 = row2
            var z = zx + zRow
            var limit = firstLimit
            var at = rowIndex
            for _ in 0..<blocks {
                block(at, e0, e1, e2, z, limit)
                e0 &+= step8x0; e1 &+= step8x1; e2 &+= step8x2; z += dz8
                limit &+= 8
                at &+= 8
            }
            row0 &+= down0; row1 &+= down1; row2 &+= down2
            zRow += dzdy
            rowIndex &+= side
        }
    }
}
