extension TrianglePlanes {
    /// The planes of listed triangles 0..<count, written to `planes`, 8 triangles at a time: their
    /// clip-space corners as one vector per corner and coordinate (`MeshBuffers.corner`) give
    /// the 8 triangles' edge planes in vector operations; then each triangle's vertex varyings are
    /// weighed. The same operations in the same order as `init`, so the same values.
    static func prepare(_ count: Int, of listed: ListedTriangles, mesh: MeshBuffers,
                        into planes: UnsafeMutablePointer<TrianglePlanes>) {
        let indices = mesh.indices.buffer, varyings = mesh.varyings.buffer
        withUnsafeTemporaryAllocation(of: PlaneGroup.self, capacity: 1) { scratch in
            let group = scratch.baseAddress!
            let triangles = group.scalars(of: \.triangles)
            var k = 0
            while k < count {
                let size = Swift.min(8, count &- k)
                // Lanes past the end repeat the last triangle.
                for p in 0..<8 { triangles[p] = listed.triangle(k &+ Swift.min(p, size &- 1)) }
                let (x0, y0, w0) = mesh.corner(0, of: triangles)
                let (x1, y1, w1) = mesh.corner(1, of: triangles)
                let (x2, y2, w2) = mesh.corner(2, of: triangles)
                // Edge k from corners P = c_(k+1), Q = c_(k+2): P × Q over (x, y, w), as
                // `TriangleSetup` finds it. Each edge is stored as soon as it is found.
                @inline(__always) func cross(_ px: SIMD8<Float>, _ py: SIMD8<Float>, _ pw: SIMD8<Float>,
                                             _ qx: SIMD8<Float>, _ qy: SIMD8<Float>, _ qw: SIMD8<Float>)
                    -> (x: SIMD8<Float>, y: SIMD8<Float>, z: SIMD8<Float>) {
                    (py * qw - pw * qy, pw * qx - px * qw, px * qy - py * qx)
                }
                let e0 = cross(x1, y1, w1, x2, y2, w2)
                group.pointee.rx.edge0 = e0.x; group.pointee.ry.edge0 = e0.y; group.pointee.rz.edge0 = e0.z
                let e1 = cross(x2, y2, w2, x0, y0, w0)
                group.pointee.rx.edge1 = e1.x; group.pointee.ry.edge1 = e1.y; group.pointee.rz.edge1 = e1.z
                let e2 = cross(x0, y0, w0, x1, y1, w1)
                group.pointee.rx.edge2 = e2.x; group.pointee.ry.edge2 = e2.y; group.pointee.rz.edge2 = e2.z
                group.pointee.sumX = group.pointee.rx.sum
                group.pointee.sumY = group.pointee.ry.sum
                group.pointee.sumZ = group.pointee.rz.sum
                for p in 0..<size {
                    let t = Int(triangles[p]) &* 3
                    let a = varyings[Int(indices[t])], b = varyings[Int(indices[t &+ 1])], c = varyings[Int(indices[t &+ 2])]
                    let lane = RowLane(group, lane: p)
                    (planes + (k &+ p)).initialize(to: TrianglePlanes(
                        vx: a * lane[\.rx.edge0] + b * lane[\.rx.edge1] + c * lane[\.rx.edge2],
                        vy: a * lane[\.ry.edge0] + b * lane[\.ry.edge1] + c * lane[\.ry.edge2],
                        v0: a * lane[\.rz.edge0] + b * lane[\.rz.edge1] + c * lane[\.rz.edge2],
                        sum: SIMD3(lane[\.sumX], lane[\.sumY], lane[\.sumZ])))
                }
                k &+= 8
            }
        }
    }
}

/// 8 triangles' edge planes as `TrianglePlanes.prepare` finds them, one lane per triangle.
/// Edge k's plane is r_k = c_(k+1) × c_(k+2) over clip-space (x, y, w); r_k · (u, v, 1) is e_k.
struct PlaneGroup {
    /// A value for each of the three edges.
    struct Edges {
        var edge0: SIMD8<Float>
        var edge1: SIMD8<Float>
        var edge2: SIMD8<Float>

        /// edge0 + edge1 + edge2.
        var sum: SIMD8<Float> { edge0 + edge1 + edge2 }
    }

    /// The planes' x, y and w components (the coefficients of u, of v, and the constant).
    var rx: Edges
    var ry: Edges
    var rz: Edges
    /// Σ e_k = sumX·u + sumY·v + sumZ: the sums of `rx`, `ry` and `rz` over the edges.
    var sumX: SIMD8<Float>
    var sumY: SIMD8<Float>
    var sumZ: SIMD8<Float>
    /// The triangles (listed triangles' mesh triangles; lanes past the group repeat the last).
    var triangles: SIMD8<UInt32>
}
