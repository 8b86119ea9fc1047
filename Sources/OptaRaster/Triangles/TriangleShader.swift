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
    @inlinable @inline(__always)
    public var barycentrics: SIMD3<Float> {
        let s = edge.x + edge.y + edge.z
        return edge * (1 / s)
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

/// A row's worth of fragments handed to a shader at once: each with its interpolated varyings
/// (the mesh's per-vertex `SIMD8` values, perspective-correct) and its geometry. The shader
/// writes one packed premultiplied RGBA8 pixel (`PackedColor`) per fragment.
public struct FragmentBatch {
    public let count: Int
    /// One per fragment; entries up to the next multiple of 8 past `count` are readable too (their
    /// values are meaningless), so a shader can always load whole groups of 8.
    public let varyings: UnsafePointer<SIMD8<Float>>
    public let fragments: UnsafePointer<TriangleFragment>
    public let colors: UnsafeMutablePointer<UInt32>

    @inlinable
    public init(count: Int, varyings: UnsafePointer<SIMD8<Float>>, fragments: UnsafePointer<TriangleFragment>,
                colors: UnsafeMutablePointer<UInt32>) {
        self.count = count; self.varyings = varyings; self.fragments = fragments; self.colors = colors
    }
}

/// Colours the pixels a triangle rasterizer resolved, a batch at a time (so a shader can work 8
/// fragments wide). A concrete generic parameter of the rasterizer, never an existential.
public protocol TriangleShader: Sendable {
    func shade(_ batch: FragmentBatch)
    /// Whether `shade` reads `batch.fragments` (false lets the rasterizer skip filling them in).
    var needsFragments: Bool { get }
}

extension TriangleShader {
    public var needsFragments: Bool { true }
}

/// A shader written one fragment at a time.
public protocol FragmentShader: TriangleShader {
    /// Premultiplied RGBA in 0…1 of the fragment's pixel; `varyings` interpolated there.
    func shade(_ fragment: TriangleFragment, varyings: SIMD8<Float>) -> SIMD4<Float>
}

extension FragmentShader {
    @inlinable
    public func shade(_ batch: FragmentBatch) {
        for k in 0..<batch.count {
            batch.colors[k] = PackedColor.packUnit(shade(batch.fragments[k], varyings: batch.varyings[k]))
        }
    }
}
