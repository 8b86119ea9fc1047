/// The geometry of the mesh triangle a pixel shows, for shaders that read `TriangleFragment`s:
/// its vertices and its homogeneous edge planes over normalized device coordinates (u, v), from
/// its clip-space corners.
///
/// With e_k(u, v) = rx_k·u + ry_k·v + rz_k the edge values (rows of the adjugate of the clip-space
/// vertex matrix), the perspective-correct barycentrics are e_k / Σ e_k. They are right for
/// triangles the near plane cut, too.
struct TriangleSetup {
    /// The mesh triangle and its vertices.
    var triangle: UInt32
    var vertices: SIMD3<UInt32>
    /// Edge planes (one lane per edge).
    var rx: SIMD3<Float>
    var ry: SIMD3<Float>
    var rz: SIMD3<Float>

    @inline(__always)
    init(triangle: UInt32, mesh: MeshBuffers) {
        let t = Int(triangle)
        let indices = mesh.indices.buffer, clip = mesh.clip.buffer
        let i = SIMD3<UInt32>(indices[3 * t], indices[3 * t + 1], indices[3 * t + 2])
        let c0 = clip[Int(i.x)], c1 = clip[Int(i.y)], c2 = clip[Int(i.z)]
        // Rows of the adjugate of [c0 c1 c2] (x, y, w columns): e_k = (c_(k+1) × c_(k+2)) · (u, v, 1).
        let x1 = SIMD3(c1.x, c2.x, c0.x), y1 = SIMD3(c1.y, c2.y, c0.y), w1 = SIMD3(c1.w, c2.w, c0.w)
        let x2 = SIMD3(c2.x, c0.x, c1.x), y2 = SIMD3(c2.y, c0.y, c1.y), w2 = SIMD3(c2.w, c0.w, c1.w)
        self.triangle = triangle
        vertices = i
        rx = y1 * w2 - w1 * y2
        ry = w1 * x2 - x1 * w2
        rz = x1 * y2 - y1 * x2
    }

    /// The fragment at pixel centre (px, py); `ndcX`, `ndcY`: device units per pixel.
    @inline(__always)
    func fragment(px: Float, py: Float, ndcX: Float, ndcY: Float) -> TriangleFragment {
        let u = px * ndcX - 1, v = py * ndcY + 1
        return TriangleFragment(triangle: Int(triangle), vertices: vertices, x: px, y: py,
                         edge: rx * u + ry * v + rz, dx: rx * ndcX, dy: ry * ndcY)
    }
}

/// A triangle's varyings as planes over device coordinates, prepared once per tile when its
/// triangles are large enough to show several pixels each (on finer meshes the resolve uses a
/// `RowInterpolator` instead): Σ e_k V_k and Σ e_k are affine in (u, v), so a pixel costs two
/// multiply-adds per plane and one division.
struct TrianglePlanes {
    /// Σ e_k V_k = vx·u + vy·v + v0.
    var vx: SIMD8<Float>
    var vy: SIMD8<Float>
    var v0: SIMD8<Float>
    /// Σ e_k = (sum.x)·u + (sum.y)·v + sum.z.
    var sum: SIMD3<Float>

    @inline(__always)
    init(vx: SIMD8<Float>, vy: SIMD8<Float>, v0: SIMD8<Float>, sum: SIMD3<Float>) {
        self.vx = vx; self.vy = vy; self.v0 = v0; self.sum = sum
    }

    /// The planes of one triangle (the resolve prepares 8 at a time with `prepare`, which the
    /// tests hold to this).
    @inline(__always)
    init(_ s: TriangleSetup, mesh: MeshBuffers) {
        let varyings = mesh.varyings.buffer
        let a = varyings[Int(s.vertices.x)], b = varyings[Int(s.vertices.y)], c = varyings[Int(s.vertices.z)]
        vx = a * s.rx.x + b * s.rx.y + c * s.rx.z
        vy = a * s.ry.x + b * s.ry.y + c * s.ry.z
        v0 = a * s.rz.x + b * s.rz.y + c * s.rz.z
        sum = SIMD3(s.rx.x + s.rx.y + s.rx.z, s.ry.x + s.ry.y + s.ry.z, s.rz.x + s.rz.y + s.rz.z)
    }

    /// The `sum` of the planes at `plane` as 4 lanes (the fourth is padding), in one load.
    @inline(__always)
    static func sumLanes(_ plane: UnsafePointer<TrianglePlanes>) -> SIMD4<Float> {
        UnsafeRawPointer(plane).load(fromByteOffset: MemoryLayout<TrianglePlanes>.offset(of: \.sum)!, as: SIMD4<Float>.self)
    }

    /// The perspective-correct varyings at (u, v).
    @inline(__always)
    func varyings(u: Float, v: Float) -> SIMD8<Float> {
        let w = weighted(u: u, v: v)
        return w.varyings * (1 / w.weight)
    }

    /// Σ e_k V_k and Σ e_k at (u, v): the varyings before the division by the weight.
    @inline(__always)
    func weighted(u: Float, v: Float) -> (varyings: SIMD8<Float>, weight: Float) {
        let s = sum.x * u + sum.y * v + sum.z
        // Fused multiply-adds: 8 lanes each (a separate product and sum compile to two instructions).
        return (v0.addingProduct(vx, u).addingProduct(vy, v), s)
    }
}
