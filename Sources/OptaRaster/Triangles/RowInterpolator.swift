import CVectorOps

/// Perspective-correct varyings for one row of a tile's fragments, 8 fragments at a time.
///
/// The resolve records each fragment (its mesh triangle and the pixel's x); `interpolate` then
/// reads 8 fragments' clip-space corners as one vector per corner and coordinate
/// (`MeshBuffers.corner`), finds the 8 barycentrics per vector operation and weights the vertices'
/// varyings. A fragment's barycentrics are the triple products e_k = c_(k+1) · (c_(k+2) × p) over
/// (x, y, w), with p = (u, v, 1) the pixel in device coordinates, divided by their sum; they are
/// right for triangles the near plane cut, too. On a fine mesh each triangle shows a pixel or
/// two, so this costs less than preparing each triangle's planes first.
struct RowInterpolator {
    /// Fragments a row can hold (a multiple of 8).
    let capacity: Int
    /// Per fragment: its mesh triangle, and its pixel's x in frame pixels. Entries past the
    /// recorded ones hold mesh triangles too (0 at first), so whole groups of 8 can be read.
    private let triangles: UnsafeMutablePointer<UInt32>
    private let xs: UnsafeMutablePointer<Float>
    /// The barycentric weights, one run of `capacity` per corner.
    private let weights: UnsafeMutablePointer<Float>

    init(fragments: Int) {
        capacity = (fragments + 7) & ~7
        triangles = .allocate(capacity: capacity)
        triangles.initialize(repeating: 0, count: capacity)
        xs = .allocate(capacity: capacity)
        xs.initialize(repeating: 0, count: capacity)
        weights = .allocate(capacity: 3 * capacity)
        weights.initialize(repeating: 0, count: 3 * capacity)
    }

    func deallocate() {
        triangles.deallocate(); xs.deallocate(); weights.deallocate()
    }

    /// Records fragment `n`: mesh triangle `triangle` at the pixel centre with x `px`.
    @inline(__always)
    func record(_ n: Int, triangle: UInt32, px: Float) {
        triangles[n] = triangle
        xs[n] = px
    }

    /// Records fragments `n ..< n + 8`: the 8 pixels from x `x0` on, showing listed triangles
    /// `ids[0..<8]` of `listed`. (One pass of loads and stores, where `record` per pixel
    /// re-read the loop's state each time.)
    @inline(__always)
    func recordGroup(_ n: Int, ids: UnsafePointer<UInt32>, of listed: ListedTriangles, x0: Int) {
        var flags: UInt32 = 0
        for p in 0..<8 {
            let e = listed.entries[Int(ids[p])]
            triangles[n &+ p] = e
            flags |= e
        }
        if flags & TriangleBins.clippedFlag != 0 {
            for p in 0..<8 { triangles[n &+ p] = listed.triangle(Int(ids[p])) }
        }
        // The same values as Float(x0 + p) + 0.5: integers below 2^24 convert and add exactly.
        UnsafeMutableRawPointer(xs + n).storeBytes(
            of: SIMD8<Float>(repeating: Float(x0)) + SIMD8(0, 1, 2, 3, 4, 5, 6, 7) + 0.5, as: SIMD8<Float>.self)
    }

    /// Writes the varyings of fragments 0..<count, all on the row of pixel centres at `py`, to
    /// `varyings`. `ndcX`, `ndcY`: device units per pixel.
    @inline(__always)
    func interpolate(count: Int, py: Float, ndcX: Float, ndcY: Float, mesh: MeshBuffers,
                     into varyings: UnsafeMutablePointer<SIMD8<Float>>) {
        let run = capacity
        @inline(__always) func store(_ v: SIMD8<Float>, _ p: UnsafeMutablePointer<Float>) {
            UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD8<Float>.self)
        }
        let v = SIMD8<Float>(repeating: py * ndcY + 1)
        let indices = mesh.indices.buffer, vertexVaryings = mesh.varyings.buffer, clip = mesh.clip.buffer
        // The row's corners and vertex varyings are first read here, spread over the mesh: ask
        // for all their cache lines before the loops below wait on them one by one.
        for k in 0..<count {
            let t = Int(triangles[k]) &* 3
            for c in 0..<3 {
                let i = Int(indices[t &+ c])
                opta_prefetch(clip.baseAddress! + i)
                opta_prefetch(vertexVaryings.baseAddress! + i)
            }
        }
        var g = 0
        while g < count {
            let u = UnsafeRawPointer(xs + g).loadUnaligned(as: SIMD8<Float>.self) * ndcX - 1
            let (x0, y0, w0) = mesh.corner(0, of: triangles + g)
            let (x1, y1, w1) = mesh.corner(1, of: triangles + g)
            let (x2, y2, w2) = mesh.corner(2, of: triangles + g)
            /// c · (d × p) for corners c, d.
            @inline(__always) func triple(_ cx: SIMD8<Float>, _ cy: SIMD8<Float>, _ cw: SIMD8<Float>,
                                          _ dx: SIMD8<Float>, _ dy: SIMD8<Float>, _ dw: SIMD8<Float>) -> SIMD8<Float> {
                let px = dy - dw * v, py = dw * u - dx, pw = dx * v - dy * u
                return cx * px + cy * py + cw * pw
            }
            let e0 = triple(x1, y1, w1, x2, y2, w2)
            let e1 = triple(x2, y2, w2, x0, y0, w0)
            let e2 = triple(x0, y0, w0, x1, y1, w1)
            let inverse = 1 / (e0 + e1 + e2)
            store(e0 * inverse, weights + g)
            store(e1 * inverse, weights + (run &+ g))
            store(e2 * inverse, weights + (2 &* run &+ g))
            g &+= 8
        }
        for k in 0..<count {
            let t = Int(triangles[k])
            let a = vertexVaryings[Int(indices[3 &* t])], b = vertexVaryings[Int(indices[3 &* t &+ 1])]
            let c = vertexVaryings[Int(indices[3 &* t &+ 2])]
            // Fused multiply-adds: 8 lanes each (a separate product and sum compile to two instructions).
            varyings[k] = (a * weights[k]).addingProduct(b, weights[run &+ k]).addingProduct(c, weights[2 &* run &+ k])
        }
    }
}
