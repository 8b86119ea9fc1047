/// The pixel a triangle shows, handed to a `TriangleShader` once per pixel and surface.
///
/// Barycentrics are perspective-correct and come from the triangle's clip-space vertices, so they
/// are right for triangles the near plane cut. `edge` holds the unnormalized homogeneous edge
/// values e, `dx`/`dy` their change per pixel: λ = e / Σe and ∂λ/∂x = (dx·Σe − e·Σdx) / (Σe)².
public struct TriangleFragment: Sendable {
    /// Index of the triangle in the mesh (index-buffer order).
    public let triangle: Int
    /// Its three vertex indices.
    public let vertices: SIMD3<UInt32>
    /// Pixel centre in frame pixels.
    public let x: Float
    public let y: Float
    public let edge: SIMD3<Float>
    public let dx: SIMD3<Float>
    public let dy: SIMD3<Float>

    @inlinable
    public init(triangle: Int, vertices: SIMD3<UInt32>, x: Float, y: Float,
                edge: SIMD3<Float>, dx: SIMD3<Float>, dy: SIMD3<Float>) {
        self.triangle = triangle; self.vertices = vertices; self.x = x; self.y = y
        self.edge = edge; self.dx = dx; self.dy = dy
    }

    /// Perspective-correct barycentric coordinates (they sum to 1).
    @inlinable
    public var barycentrics: SIMD3<Float> {
        let s = edge.x + edge.y + edge.z
        return edge / s
    }

    /// Screen-space derivatives of an attribute with vertex values `v`: (∂/∂x, ∂/∂y) per pixel.
    @inlinable
    public func derivatives(of v: SIMD3<Float>) -> SIMD2<Float> {
        let s = edge.x + edge.y + edge.z
        let value = (edge * v).sum() / s
        let sx = dx.x + dx.y + dx.z, sy = dy.x + dy.y + dy.z
        return SIMD2(((dx * v).sum() - value * sx) / s, ((dy * v).sum() - value * sy) / s)
    }
}

/// Colours the pixels a triangle rasterizer resolved. A concrete generic parameter of the
/// rasterizer, so `shade` is specialized and inlined into the resolve loop.
public protocol TriangleShader: Sendable {
    /// Premultiplied RGBA in 0…1 of the fragment's pixel.
    func shade(_ fragment: TriangleFragment) -> SIMD4<Float>
}
