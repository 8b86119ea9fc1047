import CVectorOps

/// The depth raster of one small triangle (bounding box under 32 pixels a side: nearly every
/// triangle of a fine mesh) from its lane of a `TriangleBatch.Setup`, in 32-bit integer
/// arithmetic: edge values start at the first sample in the bounding box, so no value leaves the
/// 32-bit range and nothing traps.
///
/// 8 samples of a row are drawn at once. All lane logic is in integer sign bits (SIMDMask
/// operations get scalarized): a sample is written where it is inside (no edge value negative),
/// within the row's samples (`limit` negative) and nearer than the stored one (old − z negative:
/// IEEE subtraction of distinct values is never 0).
enum SmallTriangle {
    typealias Lane = RowLane<TriangleBatch.Setup>

    /// Draws the triangle set up in `lane` into `target` with sample id `id`.
    ///
    /// Boxes 4 to 8 samples wide (most triangles of a fine mesh) are drawn here; narrower and
    /// wider ones in functions of their own, so this common path holds only its own state. Out of
    /// line: inlined, it made the compiler outline pass 1's batch drawing instead.
    @inline(never)
    static func draw(_ lane: Lane, id: UInt32, into target: SampleTarget) {
        let width = lane[\.box.width]
        if width <= 3 { return drawNarrow(lane, id: id, into: target) }
        if width > 8 { return drawWide(lane, id: id, into: target) }
        // A box 4 to 8 samples wide: one block per row.
        let side = target.side
        var at = Int(lane[\.box.j0]) &* side &+ Int(lane[\.box.i0])
        let end = at &+ Int(lane[\.box.rows]) &* side
        // Lane numbers kept opaque, so each `q + step · lane` stays one vector multiply and add
        // (seeing them, the compiler computes every lane on its own and inserts it; so below).
        let laneNumbers = opta_opaque_int(SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7))
        let limit = laneNumbers &- width
        var e0 = SIMD8(repeating: lane[\.edge0.value]) &+ SIMD8(repeating: lane[\.edge0.stepX]) &* laneNumbers
        var e1 = SIMD8(repeating: lane[\.edge1.value]) &+ SIMD8(repeating: lane[\.edge1.stepX]) &* laneNumbers
        var e2 = SIMD8(repeating: lane[\.edge2.value]) &+ SIMD8(repeating: lane[\.edge2.stepX]) &* laneNumbers
        let down0 = SIMD8(repeating: lane[\.edge0.stepY]), down1 = SIMD8(repeating: lane[\.edge1.stepY])
        let down2 = SIMD8(repeating: lane[\.edge2.stepY])
        var z = opta_opaque(SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)) * lane[\.depth.dzdx] + lane[\.depth.z]
        let zDown = SIMD8<Float>(repeating: lane[\.depth.dzdy])
        let idv = SIMD8<UInt32>(repeating: id)
        // Stepped by `side` until `end` (not counted), so the loop is not unrolled: most boxes
        // have 1 to 4 rows.
        repeat {
            block(target, at, e0, e1, e2, z, limit, idv)
            e0 &+= down0; e1 &+= down1; e2 &+= down2
            z += zDown
            at &+= side
        } while at != end
    }

    /// The 8 samples from index `at` of `target`: edge values `e0`…`e2`, depths `z`, laneNumbers with
    /// `limit` negative.
    @inline(__always)
    private static func block(_ target: SampleTarget, _ at: Int, _ e0: SIMD8<Int32>, _ e1: SIMD8<Int32>, _ e2: SIMD8<Int32>,
                              _ z: SIMD8<Float>, _ limit: SIMD8<Int32>, _ idv: SIMD8<UInt32>) {
        let dp = UnsafeMutableRawPointer(target.depth + at), ip = UnsafeMutableRawPointer(target.ids + at)
        let old = dp.loadUnaligned(as: SIMD8<Float>.self)
        let write = unsafeBitCast(old - z, to: SIMD8<Int32>.self) & ~(e0 | e1 | e2) & limit
        // A comparison against 0 and `replacing` compile to blends on the sign bit.
        let m = write .< SIMD8<Int32>(repeating: 0)
        dp.storeBytes(of: old.replacing(with: z, where: m), as: SIMD8<Float>.self)
        let oldIds = ip.loadUnaligned(as: SIMD8<UInt32>.self)
        ip.storeBytes(of: oldIds.replacing(with: idv, where: m), as: SIMD8<UInt32>.self)
    }

    /// `draw` for a box more than 8 samples wide.
    @inline(never)
    private static func drawWide(_ lane: Lane, id: UInt32, into target: SampleTarget) {
        let width = Int(lane[\.box.width]), rows = Int(lane[\.box.rows])
        let stepX0 = lane[\.edge0.stepX], stepX1 = lane[\.edge1.stepX], stepX2 = lane[\.edge2.stepX]
        var zRow = lane[\.depth.z]
        let dzdx = lane[\.depth.dzdx], dzdy = lane[\.depth.dzdy]
        let side = target.side
        var rowIndex = Int(lane[\.box.j0]) &* side &+ Int(lane[\.box.i0])
        let laneNumbers = opta_opaque_int(SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7))
        let zx = opta_opaque(SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)) * dzdx
        let dz8 = dzdx * 8
        let step8x0 = stepX0 &* 8, step8x1 = stepX1 &* 8, step8x2 = stepX2 &* 8
        let firstLimit = laneNumbers &- Int32(truncatingIfNeeded: width)
        let idv = SIMD8<UInt32>(repeating: id)
        // Edge values of the row's first 8 samples, stepped down a row at a time.
        var row0 = SIMD8(repeating: lane[\.edge0.value]) &+ SIMD8(repeating: stepX0) &* laneNumbers
        var row1 = SIMD8(repeating: lane[\.edge1.value]) &+ SIMD8(repeating: stepX1) &* laneNumbers
        var row2 = SIMD8(repeating: lane[\.edge2.value]) &+ SIMD8(repeating: stepX2) &* laneNumbers
        let down0 = SIMD8(repeating: lane[\.edge0.stepY]), down1 = SIMD8(repeating: lane[\.edge1.stepY])
        let down2 = SIMD8(repeating: lane[\.edge2.stepY])
        if width <= 16 {
            // Two blocks per row, both stepped in registers (the same values as the loop below).
            let limit2 = firstLimit &+ 8
            for _ in 0..<rows {
                let z = zx + zRow
                block(target, rowIndex, row0, row1, row2, z, firstLimit, idv)
                block(target, rowIndex &+ 8, row0 &+ step8x0, row1 &+ step8x1, row2 &+ step8x2, z + dz8, limit2, idv)
                row0 &+= down0; row1 &+= down1; row2 &+= down2
                zRow += dzdy
                rowIndex &+= side
            }
            return
        }
        let blocks = (width &+ 7) &>> 3
        for _ in 0..<rows {
            var e0 = row0, e1 = row1, e2 = row2
            var z = zx + zRow
            var limit = firstLimit
            var at = rowIndex
            for _ in 0..<blocks {
                block(target, at, e0, e1, e2, z, limit, idv)
                e0 &+= step8x0; e1 &+= step8x1; e2 &+= step8x2; z += dz8
                limit &+= 8
                at &+= 8
            }
            row0 &+= down0; row1 &+= down1; row2 &+= down2
            zRow += dzdy
            rowIndex &+= side
        }
    }

    /// `draw` for a box at most 3 samples wide: scalar, so neighbouring triangles' stores never
    /// overlap an 8-wide load.
    @inline(never)
    private static func drawNarrow(_ lane: Lane, id: UInt32, into target: SampleTarget) {
        let width = Int(lane[\.box.width]), rows = Int(lane[\.box.rows])
        var q0 = lane[\.edge0.value], q1 = lane[\.edge1.value], q2 = lane[\.edge2.value]
        let stepX0 = lane[\.edge0.stepX], stepX1 = lane[\.edge1.stepX], stepX2 = lane[\.edge2.stepX]
        let stepY0 = lane[\.edge0.stepY], stepY1 = lane[\.edge1.stepY], stepY2 = lane[\.edge2.stepY]
        var zRow = lane[\.depth.z]
        let dzdx = lane[\.depth.dzdx], dzdy = lane[\.depth.dzdy]
        let side = target.side, depth = target.depth, ids = target.ids
        var rowIndex = Int(lane[\.box.j0]) &* side &+ Int(lane[\.box.i0])
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
    }
}
