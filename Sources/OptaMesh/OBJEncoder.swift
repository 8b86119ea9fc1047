import Foundation

/// Wavefront OBJ (text): `v` positions, `vn` normals, `f a//a b//b c//c` triangles, and each path
/// as an object `o NAME` with its own vertices and one `l` line through them. Indices are 1-based.
/// Every `v` has a `vn` (a path's vertices point up): readers such as Python's meshio refuse a file
/// with fewer normals than vertices.
enum OBJEncoder {
    static func encode(_ mesh: SurfaceMesh) -> [UInt8] {
        var text = "# \(mesh.commentTitle)\n# written by Opta: x, y in the domain, z the surface height as drawn\n"
        text.reserveCapacity(mesh.positions.count * 80 + mesh.triangles.count * 40)
        text += "o surface\n"
        for p in mesh.positions { text += "v \(number(p.x)) \(number(p.y)) \(number(p.z))\n" }
        for n in mesh.normals { text += "vn \(number(Double(n.x))) \(number(Double(n.y))) \(number(Double(n.z)))\n" }
        for t in mesh.triangles {
            let a = t.x + 1, b = t.y + 1, c = t.z + 1
            text += "f \(a)//\(a) \(b)//\(b) \(c)//\(c)\n"
        }
        var next = mesh.positions.count + 1
        for line in mesh.polylines {
            text += "o \(line.name.filter { !$0.isWhitespace && !$0.isNewline })\n"
            for p in line.points { text += "v \(number(p.x)) \(number(p.y)) \(number(p.z))\n" }
            text += String(repeating: "vn 0 0 1\n", count: line.points.count)
            text += "l " + (next..<(next + line.points.count)).map(String.init).joined(separator: " ") + "\n"
            next += line.points.count
        }
        return Array(text.utf8)
    }

    /// Seven significant digits: what a float keeps, and what readers parse.
    static func number(_ value: Double) -> String { String(format: "%.7g", value) }
}
