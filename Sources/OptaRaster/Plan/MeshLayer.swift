/// A triangle mesh as the bottom layer of a `FramePlan` (the 3-D surface), drawn by
/// `TriangleRasterizer` into every pixel of the plan's frame, and the vector items over it that
/// depend on the depth it leaves: an overlay is depth-tested at its probes (pixels of paths and of
/// the box's edges, as if the plan's rectangle were a whole frame), and `overlay` makes its items
/// from the nearest 1/w found at each probe.
///
/// The render context draws the mesh in its own pass over 64 px tiles (binning every triangle
/// first), then the overlay and the plan's other vector layers in one pass over tiles.
public struct MeshLayer: Sendable {
    /// The items drawn over the mesh, from the depth at each probe (0 where nothing was drawn).
    public let overlay: @Sendable (_ depths: [Float]) -> DrawList
    /// Whether every pixel the mesh writes is opaque (an opaque background and shader).
    public let writesOpaquePixels: Bool
    /// Draws the mesh into a region of a frame, with the context's scratch memory; returns the
    /// probes' depths. Made generic over the shader at `init`, so the rasterizer is specialized.
    let draw: @Sendable (_ frame: FramePixels, _ region: PixelRect, _ context: inout RenderContext, _ threads: Int) -> [Float]

    /// The mesh of world `positions` under the view-projection rows `transform` (see
    /// `TriangleRasterizer.render(positions:transform:...)`), over `background` (packed,
    /// premultiplied). `opaqueShader`: whether `shader` writes only opaque colours.
    public init<S: TriangleShader>(positions: [SIMD3<Float>], transform: [SIMD4<Float>], indices: [UInt32], varyings: [SIMD8<Float>]?,
                                   shader: S, opaqueShader: Bool, background: UInt32, near: Float, far: Float,
                                   probes: [SIMD2<Int32>], overlay: @escaping @Sendable ([Float]) -> DrawList) {
        self.overlay = overlay
        writesOpaquePixels = opaqueShader && background >= 0xFF00_0000
        draw = { frame, region, context, threads in
            TriangleRasterizer.render(positions: positions, transform: transform, indices: indices, varyings: varyings, shader: shader,
                                      background: background, near: near, far: far, into: frame, region: region, context: &context,
                                      threads: threads, depthAt: probes)
        }
    }
}
