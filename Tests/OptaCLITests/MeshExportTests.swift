import Foundation
import Testing

/// `opta export --mesh`: each format read back by a small reader.
@Suite(.serialized) struct MeshExportTests {
    /// Himmelblau over [-5, 5]², four solvers, log colour scale.
    let scenario = OptaProcess.packageRoot.appendingPathComponent("Examples/solvers.json").path

    func export(_ name: String, resolution: Int = 32) throws -> String {
        let path = "\(temporaryFolder())/\(name)"
        let result = try OptaProcess.run(["export", scenario, "--mesh", path, "--resolution", "\(resolution)"])
        #expect(result.status == 0, "\(result.stderr)")
        return path
    }

    @Test func plyRoundTripsWithColoursValuesAndPathEdges() throws {
        let ply = try PLYFile(path: try export("surface.ply"))
        #expect(ply.faces == 2 * 31 * 31)
        #expect(ply.edges > 0, "solver paths as edges")
        #expect(ply.vertexCount == 32 * 32 + ply.edges + 4, "grid vertices, then each path's (4 solver paths)")
        let first = ply.vertex(0)
        #expect(first.x == -5 && first.y == -5)
        #expect(abs(first.value - 250) < 1e-3, "f(-5, -5) = 250 for Himmelblau")
        let last = ply.vertex(32 * 32 - 1)
        #expect(last.x == 5 && last.y == 5)
        let grid = (0..<(32 * 32)).map(ply.vertex)
        let zs = grid.map(\.z)
        #expect(zs.min()! == 0 && zs.max()! > 0.5, "heights from 0 up to the surface height")
        #expect(Set(grid.map { [$0.r, $0.g, $0.b] }).count > 20, "coloured by the colormap")
    }

    @Test func objHasNormalsFacesAndPathLines() throws {
        let text = try String(contentsOfFile: try export("surface.obj"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        let vertices = lines.filter { $0.hasPrefix("v ") }
        let normals = lines.filter { $0.hasPrefix("vn ") }
        #expect(normals.prefix(32 * 32).count == 32 * 32 && normals.dropFirst(32 * 32).allSatisfy { $0 == "vn 0 0 1" })
        #expect(normals.count == vertices.count, "a normal for every vertex, path vertices too (meshio needs as many)")
        #expect(lines.filter { $0.hasPrefix("f ") }.count == 2 * 31 * 31)
        #expect(lines.filter { $0.hasPrefix("l ") }.count == 4, "one polyline per solver")
        let first = vertices[0].split(separator: " ").dropFirst().compactMap { Double($0) }
        #expect(first.count == 3 && first[0] == -5 && first[1] == -5)
        let xs = vertices.prefix(32 * 32).compactMap { Double($0.split(separator: " ")[1]) }
        #expect(xs.min() == -5 && xs.max() == 5)
    }

    @Test func stlHoldsEveryTriangleFacingUp() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try export("surface.stl"))))
        let count = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 80, as: UInt32.self) }
        #expect(count == 2 * 31 * 31)
        #expect(bytes.count == 84 + 50 * Int(count))
        #expect(!bytes.starts(with: Array("solid".utf8)))
        let nz = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 84 + 8, as: Float.self) }
        #expect(nz > 0, "counter-clockwise from above: normals point up")
    }

    @Test func badMeshNamesAreUsageErrors() throws {
        let folder = temporaryFolder()
        let wrong = try OptaProcess.run(["export", scenario, "--mesh", "\(folder)/surface.fbx"])
        #expect(wrong.status == 64 && wrong.stderr.contains(".ply, .obj or .stl"))
        let graph = OptaProcess.packageRoot.appendingPathComponent("Examples/supply-chain.json").path
        let noSurface = try OptaProcess.run(["export", graph, "--mesh", "\(folder)/g.ply"])
        #expect(noSurface.status == 64 && noSurface.stderr.contains("graph"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}

/// A reader for the binary PLY files Opta writes (the header's vertex layout is checked).
struct PLYFile {
    struct Vertex { let x, y, z: Float; let r, g, b: UInt8; let value: Float }
    let vertexCount: Int
    let faces: Int
    let edges: Int
    private let bytes: [UInt8]
    private let bodyStart: Int

    init(path: String) throws {
        bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let end = try #require(bytes.firstRange(of: Array("end_header\n".utf8)))
        bodyStart = end.upperBound
        let header = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
        #expect(header.hasPrefix("ply\nformat binary_little_endian 1.0\n"))
        #expect(header.contains("property float x\nproperty float y\nproperty float z\nproperty float nx\nproperty float ny\nproperty float nz\nproperty uchar red\nproperty uchar green\nproperty uchar blue\nproperty float value\n"))
        func count(_ element: String) -> Int {
            header.split(separator: "\n").first { $0.hasPrefix("element \(element) ") }.flatMap { Int($0.split(separator: " ")[2]) } ?? -1
        }
        vertexCount = count("vertex")
        faces = count("face")
        edges = count("edge")
        #expect(bytes.count == bodyStart + vertexCount * 31 + faces * 13 + edges * 11, "body size matches the header")
    }

    func vertex(_ k: Int) -> Vertex {
        bytes.withUnsafeBytes { raw in
            let o = bodyStart + k * 31
            func f(_ i: Int) -> Float { raw.loadUnaligned(fromByteOffset: o + 4 * i, as: Float.self) }
            return Vertex(x: f(0), y: f(1), z: f(2), r: raw[o + 24], g: raw[o + 25], b: raw[o + 26],
                          value: raw.loadUnaligned(fromByteOffset: o + 27, as: Float.self))
        }
    }
}
