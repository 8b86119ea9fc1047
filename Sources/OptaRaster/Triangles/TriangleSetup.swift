/// What a tile's resolve needs of one triangle, prepared once per tile before its pixels: the
/// homogeneous edge planes over normalized device coordinates (u, v) and the varyings' planes.
///
/// With e_k(u, v) = rx_k·u + ry_k·v + rz_k the edge values (rows of the adjugate of the clip-space
/// vertex matrix), the perspective-correct varyings are Σ e_k V_k / Σ e_k. Both sums are affine in
/// (u, v), so a pixel costs two multiply-adds per plane and one division.
struct TriangleSetup {
    /// The mesh triangle and its vertices.
    var triangle: UInt32
    var vertices: SIMD3<UInt32>
    /// Edge planes (one lane per edge).
    var rx: SIMD3<Float>
    var ry: SIMD3<Float>
    var rz: SIMD3<Float>
    /// Σ e_k V_k = vx·u + vy·v + v0.
    var vx: SIMD8<Float>
    var vy: SIMD8<Float>
    var v0: SIMD8<Float>
    /// Σ e_k = (sum.x)·u + (sum.y)·v + sum.z.
    var sum: SIMD3<Float>

    @inline(__always)
    init(triangle: UInt32, mesh: MeshBuffers) {
        let t = Int(triangle)
        let indices = mesh.indices.buffer, clip = mesh.clip.buffer, varyings = mesh.varyings.buffer
        let i = SIMD3<UInt32>(indices[3 * t], indices[3 * t + 1], indices[3 * t + 2])
        let c0 = clip[Int(i.x)], c1 = clip[Int(i.y)], c2 = clip[Int(i.z)]
        // Rows of the adjugate of [c0 c1 c2] (x, y, w columns): e_k = (c_(k+1) × c_(k+2)) · (u, v, 1).
        let x1 = SIMD3(c1.x, c2.x, c0.x), y1 = SIMD3(c1.y, c2.y, c0.y), w1 = SIMD3(c1.w, c2.w, c0.w)
        let x2 = SIMD3(c2.x, c0.x, c1.x), y2 = SIMD3(c2.y, c0.y, c1.y), w2 = SIMD3(c2.w, c0.w, c1.w)
        let rx = y1 * w2 - w1 * y2, ry = w1 * x2 - x1 * w2, rz = x1 * y2 - y1 * x2
        let a = varyings[Int(i.x)], b = varyings[Int(i.y)], c = varyings[Int(i.z)]
        self.triangle = triangle
        vertices = i
        self.rx = rx; self.ry = ry; self.rz = rz
        vx = a * rx.x + b * rx.y + c * rx.z
        vy = a * ry.x + b * ry.y + c * ry.z
        v0 = a * rz.x + b * rz.y + c * rz.z
        sum = SIMD3(rx.x + rx.y + rx.z, ry.x + ry.y + ry.z, rz.x + rz.y + rz.z)
    }

    /// The perspective-correct varyings at (u, v).
    @inline(__always)
    func varyings(u: Float, v: Float) -> SIMD8<Float> {
        let s = sum.x * u + sum.y * v + sum.z
        // Fused multiply-adds: 8 lanes each (a separate product and sum compile to two instructions).
        return v0.addingProduct(vx, u).addingProduct(vy, v) * (1 / s)
    }

    /// The fragment at pixel centre (px, py), which is (u, v) in device coordinates.
    @inline(__always)
    func fragment(px: Float, py: Float, u: Float, v: Float, ndcX: Float, ndcY: Float) -> TriangleFragment {
        TriangleFragment(triangle: Int(triangle), vertices: vertices, x: px, y: py,
                         edge: rx * u + ry * v + rz, dx: rx * ndcX, dy: ry * ndcY)
    }
}
