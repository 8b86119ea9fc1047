/// The lanes of a `TriangleBatch` whose samples lie in a box of at most 4 × 4 (nearly every
/// triangle of a mesh about as fine as the pixels). Coverage and depth are found at every sample
/// of the box for all 8 lanes at once; then each lane depth-tests only the samples it covers, one
/// by one. A fine mesh's triangles cover a sample or two each, so the work per triangle is a few
/// vector operations shared by 8 lanes plus a short loop over its covered samples.
struct TinyTriangles {
    /// Largest box side, in samples.
    static let maxSide: Int32 = 4

    /// What `evaluate` finds and `draw` reads. A box position is p = dy · 4 + dx.
    struct Lanes {
        /// Row p: each lane's depth at box position p.
        var depths: InlineArray<16, SIMD8<Float>>
        /// Per lane, bit p set where the lane covers box position p (none outside its box).
        var covered: SIMD8<Int32>
        /// Per lane, the index in the target of its box's first sample.
        var firstSample: SIMD8<Int32>
        /// Per box position p (not per lane), its sample's index from the first sample:
        /// dy · side + dx.
        var positionOffsets: SIMD16<Int32>
    }

    private let lanes: UnsafeMutablePointer<Lanes>

    init(lanes: UnsafeMutablePointer<Lanes>) { self.lanes = lanes }

    /// Row p of `Lanes.depths` (an `InlineArray`'s elements lie one stride apart).
    private var depthRows: UnsafeMutablePointer<SIMD8<Float>> {
        UnsafeMutableRawPointer(lanes.pointer(to: \.depths)!).assumingMemoryBound(to: SIMD8<Float>.self)
    }

    /// Finds coverage and depth over the box of every lane where `lanes` has its sign bit set
    /// (those lanes must have a box of 1…4 samples a side, inside the buffer).
    @inline(__always)
    func evaluate(_ setup: UnsafeMutablePointer<TriangleBatch.Setup>, lanes chosenLanes: SIMD8<Int32>, side: Int) {
        let chosen = chosenLanes &>> 31
        let width = setup.pointee.box.width & chosen, rows = setup.pointee.box.rows & chosen
        let columns = Int(width.max()), rowCount = Int(rows.max())
        var rowE0 = setup.pointee.edge0.value, rowE1 = setup.pointee.edge1.value, rowE2 = setup.pointee.edge2.value
        var rowZ = setup.pointee.depth.z
        let stepX0 = setup.pointee.edge0.stepX, stepX1 = setup.pointee.edge1.stepX, stepX2 = setup.pointee.edge2.stepX
        let stepY0 = setup.pointee.edge0.stepY, stepY1 = setup.pointee.edge1.stepY, stepY2 = setup.pointee.edge2.stepY
        let dzdx = setup.pointee.depth.dzdx, dzdy = setup.pointee.depth.dzdy
        var masks = SIMD8<Int32>.zero
        let zs = depthRows
        // Each position's bit (dy · 4 + dx), stepped in vector lanes; positions outside a lane's
        // box are cleared once at the end.
        var rowBit = SIMD8<Int32>(repeating: 1)
        for dy in 0..<rowCount {
            var e0 = rowE0, e1 = rowE1, e2 = rowE2, z = rowZ
            var bit = rowBit
            for dx in 0..<columns {
                // Sign bits: inside all three edges.
                masks |= (~(e0 | e1 | e2) &>> 31) & bit
                zs[dy &* 4 &+ dx] = z
                e0 &+= stepX0; e1 &+= stepX1; e2 &+= stepX2
                z += dzdx
                bit &+= bit
            }
            rowE0 &+= stepY0; rowE1 &+= stepY1; rowE2 &+= stepY2
            rowZ += dzdy
            rowBit &<<= 4
        }
        // The lane's box: `width` bits a row (1 to 4), repeated for `rows` rows (1 to 4).
        let one = SIMD8<Int32>(repeating: 1)
        let rowBits = (one &<< width) &- one
        let box = rowBits &* (SIMD8<Int32>(repeating: 0x1111) &>> ((SIMD8<Int32>(repeating: 4) &- rows) &<< 2))
        masks &= box
        lanes.pointee.covered = masks
        let rowStep = Int32(truncatingIfNeeded: side)
        lanes.pointee.firstSample = setup.pointee.box.j0 &* rowStep &+ setup.pointee.box.i0
        let dx = SIMD8<Int32>(0, 1, 2, 3, 0, 1, 2, 3)
        lanes.pointee.positionOffsets = SIMD16(lowHalf: dx &+ SIMD8(0, 0, 0, 0, 1, 1, 1, 1) &* rowStep,
                                               highHalf: dx &+ SIMD8(2, 2, 2, 2, 3, 3, 3, 3) &* rowStep)
    }

    /// Depth-tests lane `k`'s covered samples into `target` with sample id `id` (after `evaluate`).
    @inline(__always)
    func draw(lane k: Int, id: UInt32, into target: SampleTarget) {
        let lane = RowLane(lanes, lane: k)
        var covered = UInt32(bitPattern: lane[\.covered])
        let base = Int(lane[\.firstSample])
        // Lane k of depth row p is float 8 · p + k.
        let zs = UnsafeMutableRawPointer(depthRows).assumingMemoryBound(to: Float.self) + k
        let positions = lanes.scalars(of: \.positionOffsets)
        let depth = target.depth, ids = target.ids
        while covered != 0 {
            let position = covered.trailingZeroBitCount
            covered &= covered &- 1
            let at = base &+ Int(positions[position])
            // Selects, not a branch: whether a covered sample is nearer is as good as random.
            let z = zs[position &* 8], old = depth[at]
            let nearer = z > old
            depth[at] = nearer ? z : old
            ids[at] = nearer ? id : ids[at]
        }
    }
}
