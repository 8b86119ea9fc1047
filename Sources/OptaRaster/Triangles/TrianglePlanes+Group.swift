extension TrianglePlanes {
    /// The planes of listed triangles 0..<count, written to `planes`, 8 triangles at a time: their
    /// clip-space corners as one vector per corner and coordinate (`MeshBuffers.corner`) give
    /// the 8 triangles' edge planes in vector operations; then each triangle's vertex varyings are
    /// weighed. The same operations in the same order as `init`, so the same values.
    static func prepare(_ count: Int, of listed: ListedTriangles, mesh: MeshBuffers,
                        into planes: UnsafeMutablePointer<TrianglePlanes>) {
        let indices = mesh.indices.buffer, varyings = mesh.varyings.buffer
        withUnsafeTemporaryAllocation(of: SIMD8<Float>.self, capacity: 13) { scratch in
            // Rows 0…8: rx, ry, rz of edges 0…2 (one lane per triangle); 9…11: their sums; 12: the triangles.
            let rows = UnsafeMutableRawPointer(scratch.baseAddress!)
            let lanes = rows.assumingMemoryBound(to: Float.self)
            let triangles = (rows + 12 * 32).assumingMemoryBound(to: UInt32.self)
            var k = 0
            while k < count {
                let group = Swift.min(8, count &- k)
                // Lanes past the end repeat the last triangle.
                for p in 0..<8 { triangles[p] = listed.triangle(k &+ Swift.min(p, group &- 1)) }
                let (x0, y0, w0) = mesh.corner(0, of: triangles)
                let (x1, y1, w1) = mesh.corner(1, of: triangles)
                let (x2, y2, w2) = mesh.corner(2, of: triangles)
                @inline(__always) func store(_ v: SIMD8<Float>, _ row: Int) {
                    rows.storeBytes(of: v, toByteOffset: row &* 32, as: SIMD8<Float>.self)
                }
                // Edge k from corners P = c_(k+1), Q = c_(k+2), as `TriangleSetup` finds it.
                @inline(__always) func edge(_ k: Int, _ px: SIMD8<Float>, _ py: SIMD8<Float>, _ pw: SIMD8<Float>,
                                            _ qx: SIMD8<Float>, _ qy: SIMD8<Float>, _ qw: SIMD8<Float>) {
                    store(py * qw - pw * qy, k)
                    store(pw * qx - px * qw, 3 &+ k)
                    store(px * qy - py * qx, 6 &+ k)
                }
                edge(0, x1, y1, w1, x2, y2, w2)
                edge(1, x2, y2, w2, x0, y0, w0)
                edge(2, x0, y0, w0, x1, y1, w1)
                @inline(__always) func row(_ r: Int) -> SIMD8<Float> { rows.load(fromByteOffset: r &* 32, as: SIMD8<Float>.self) }
                store(row(0) + row(1) + row(2), 9)
                store(row(3) + row(4) + row(5), 10)
                store(row(6) + row(7) + row(8), 11)
                for p in 0..<group {
                    let t = Int(triangles[p]) &* 3
                    let a = varyings[Int(indices[t])], b = varyings[Int(indices[t &+ 1])], c = varyings[Int(indices[t &+ 2])]
                    @inline(__always) func lane(_ r: Int) -> Float { lanes[r &* 8 &+ p] }
                    (planes + (k &+ p)).initialize(to: TrianglePlanes(
                        vx: a * lane(0) + b * lane(1) + c * lane(2),
                        vy: a * lane(3) + b * lane(4) + c * lane(5),
                        v0: a * lane(6) + b * lane(7) + c * lane(8),
                        sum: SIMD3(lane(9), lane(10), lane(11))))
                }
                k &+= 8
            }
        }
    }
}
