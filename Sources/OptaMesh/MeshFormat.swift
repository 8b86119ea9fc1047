import OptaImage

/// The mesh files Opta writes: binary PLY (ParaView, Blender, MeshLab; per-vertex colour and value,
/// paths as edges), Wavefront OBJ (normals, paths as `l` lines) and binary STL (triangles only).
public enum MeshFormat: String, Sendable, CaseIterable {
    case ply, obj, stl

    /// The format a file name asks for by its extension (case-insensitive), nil for any other.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// The file's bytes.
    public func encode(_ mesh: SurfaceMesh) -> [UInt8] {
        switch self {
        case .ply: PLYEncoder.encode(mesh)
        case .obj: OBJEncoder.encode(mesh)
        case .stl: STLEncoder.encode(mesh)
        }
    }

    /// Writes `mesh` to `path` atomically (a reader sees the old file or the whole new one).
    public func write(_ mesh: SurfaceMesh, to path: String) throws(PNGError) {
        try AtomicFile.write(encode(mesh), to: path)
    }
}

/// Little-endian binary output.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func float(_ value: Double) { float32(Float(value)) }
    mutating func float32(_ value: Float) { uint32(value.bitPattern) }
    mutating func uint32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func uint16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func uint8(_ value: UInt8) { bytes.append(value) }
    mutating func text(_ value: String) { bytes += Array(value.utf8) }
}

extension SurfaceMesh {
    /// The title as one line of plain text, safe in any format's comment.
    var commentTitle: String {
        String(title.map { $0.isNewline ? " " : $0 }).trimmingCharacters(in: .whitespaces)
    }
}

import Foundation
