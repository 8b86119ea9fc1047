/// Binary STL: an 80-byte header, the triangle count, then per triangle its face normal, three
/// corners and a zero attribute word. STL has no colours, values or lines: the paths are left out.
enum STLEncoder {
    static func encode(_ mesh: SurfaceMesh) -> [UInt8] {
        var out = ByteWriter()
        var header = Array("Opta surface: \(mesh.commentTitle)".utf8.prefix(80))
        // A binary STL header must not begin with "solid" (readers would take it for ASCII STL).
        header += [UInt8](repeating: 0x20, count: 80 - header.count)
        out.bytes = header
        out.uint32(UInt32(mesh.triangles.count))
        out.bytes.reserveCapacity(84 + mesh.triangles.count * 50)
        for t in mesh.triangles {
            let a = mesh.positions[Int(t.x)], b = mesh.positions[Int(t.y)], c = mesh.positions[Int(t.z)]
            let u = b - a, v = c - a
            var n = SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
            let length = (n * n).sum().squareRoot()
            n = length > 0 ? n / length : SIMD3(0, 0, 1)
            for p in [n, a, b, c] { out.float(p.x); out.float(p.y); out.float(p.z) }
            out.uint16(0)
        }
        return out.bytes
    }
}
