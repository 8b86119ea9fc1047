/// The lanes of a `TriangleBatch` whose samples lie in a box of at most 4 × 4 (nearly every
/// triangle of a mesh about as fine as the pixels). Coverage and depth are found at every sample
/// of the box for all 8 lanes at once; then each lane depth-tests only the samples it covers, one
/// by one. A fine mesh's triangles cover a sample or two each, so the work per triangle is a few
/// vector operations shared by 8 lanes plus a short loop over its covered samples.
struct TinyTriangles {
    /// Largest box side, in samples.
    static let maxSide: Int32 = 4

    /// Per box position (dy · 4 + dx) and lane, the depth there (16 × 8 floats); per lane, the
    /// bit mask of covered positions and the index of its first sample; per position, its index
    /// from the first sample (dy · side + dx).
    private let storage: UnsafeMutableRawPointer
    private static let masksOffset = 16 * 32
    private static let basesOffset = masksOffset + 32
    private static let positionsOffset = basesOffset + 32

    /// Bytes of storage needed (32-byte aligned).
    static let storageSize = positionsOffset + 64

    init(storage: UnsafeMutableRawPointer) { self.storage = storage }

    /// Finds coverage and depth over the box of every lane where `lanes` has its sign bit set
    /// (those lanes must have a box of 1…4 samples a side, inside the buffer).
    @inline(__always)
    func evaluate(_ s: TriangleBatch.Setup, lanes: SIMD8<Int32>, side: Int) {
        typealias Field = TriangleBatch.Setup
        let chosen = lanes &>> 31
        let width = s.ints(Field.width) & chosen, rows = s.ints(Field.rows) & chosen
        let columns = Int(width.max()), rowCount = Int(rows.max())
        var rowE0 = s.ints(Field.q0), rowE1 = s.ints(Field.q1), rowE2 = s.ints(Field.q2)
        var rowZ = s.floats(Field.z)
        let stepX0 = s.ints(Field.stepX0), stepX1 = s.ints(Field.stepX1), stepX2 = s.ints(Field.stepX2)
        let stepY0 = s.ints(Field.stepY0), stepY1 = s.ints(Field.stepY1), stepY2 = s.ints(Field.stepY2)
        let dzdx = s.floats(Field.dzdx), dzdy = s.floats(Field.dzdy)
        var masks = SIMD8<Int32>.zero
        let zs = storage.assumingMemoryBound(to: SIMD8<Float>.self)
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
        (storage + Self.masksOffset).storeBytes(of: masks, as: SIMD8<Int32>.self)
        let rowStep = Int32(truncatingIfNeeded: side)
        (storage + Self.basesOffset).storeBytes(of: s.ints(Field.j0) &* rowStep &+ s.ints(Field.i0), as: SIMD8<Int32>.self)
        let dx = SIMD8<Int32>(0, 1, 2, 3, 0, 1, 2, 3)
        (storage + Self.positionsOffset).storeBytes(of: dx &+ SIMD8(0, 0, 0, 0, 1, 1, 1, 1) &* rowStep, as: SIMD8<Int32>.self)
        (storage + Self.positionsOffset + 32).storeBytes(of: dx &+ SIMD8(2, 2, 2, 2, 3, 3, 3, 3) &* rowStep, as: SIMD8<Int32>.self)
    }

    /// Depth-tests lane `k`'s covered samples into `target` with sample id `id` (after `evaluate`).
    @inline(__always)
    func draw(lane k: Int, id: UInt32, into target: SampleTarget) {
        var covered = storage.load(fromByteOffset: Self.masksOffset &+ k &* 4, as: UInt32.self)
        let base = Int(storage.load(fromByteOffset: Self.basesOffset &+ k &* 4, as: Int32.self))
        let zs = storage.assumingMemoryBound(to: Float.self) + k
        let positions = (storage + Self.positionsOffset).assumingMemoryBound(to: Int32.self)
        let depth = target.depth, ids = target.ids
        while covered != 0 {
            let position = covered.trailingZeroBitCount
            covered &= covered &- 1
            let at = base &+ Int(positions[position])
            // Selects (whether a covered sample is nearer is as good as random; forced into bit
            // masks without a branch, it measured slower).
            let z = zs[position &* 8], old = depth[at]
            let nearer = z > old
            depth[at] = nearer ? z : old
            ids[at] = nearer ? id : ids[at]
        }
    }
}
