/// Binary little-endian PLY: grid vertices then path vertices, each with position, normal, colour
/// and f (`value`, which ParaView shows as a scalar field); faces are the triangles; each path is a
/// chain of `edge` elements between its vertices, drawn in its colour.
enum PLYEncoder {
    static func encode(_ mesh: SurfaceMesh) -> [UInt8] {
        let pathVertices = mesh.polylines.reduce(0) { $0 + $1.points.count }
        let edges = mesh.polylines.reduce(0) { $0 + $1.points.count - 1 }
        var out = ByteWriter()
        out.text("""
            ply
            format binary_little_endian 1.0
            comment \(mesh.commentTitle)
            comment written by Opta: x, y in the domain, z the surface height as drawn, value = f
            element vertex \(mesh.positions.count + pathVertices)
            property float x
            property float y
            property float z
            property float nx
            property float ny
            property float nz
            property uchar red
            property uchar green
            property uchar blue
            property float value
            element face \(mesh.triangles.count)
            property list uchar int vertex_indices
            element edge \(edges)
            property int vertex1
            property int vertex2
            property uchar red
            property uchar green
            property uchar blue
            end_header

            """)
        out.bytes.reserveCapacity(out.bytes.count + (mesh.positions.count + pathVertices) * 31 + mesh.triangles.count * 13)
        func vertex(_ p: SIMD3<Double>, _ n: SIMD3<Float>, _ c: SIMD3<UInt8>, _ f: Double) {
            out.float(p.x); out.float(p.y); out.float(p.z)
            out.float32(n.x); out.float32(n.y); out.float32(n.z)
            out.uint8(c.x); out.uint8(c.y); out.uint8(c.z)
            out.float(f)
        }
        for k in mesh.positions.indices { vertex(mesh.positions[k], mesh.normals[k], mesh.colors[k], mesh.values[k]) }
        for line in mesh.polylines {
            for p in line.points { vertex(p, SIMD3(0, 0, 1), line.color, .nan) }
        }
        for t in mesh.triangles {
            out.uint8(3)
            out.uint32(t.x); out.uint32(t.y); out.uint32(t.z)
        }
        var base = UInt32(mesh.positions.count)
        for line in mesh.polylines {
            for k in 1..<line.points.count {
                out.uint32(base + UInt32(k - 1)); out.uint32(base + UInt32(k))
                out.uint8(line.color.x); out.uint8(line.color.y); out.uint8(line.color.z)
            }
            base += UInt32(line.points.count)
        }
        return out.bytes
    }
}
