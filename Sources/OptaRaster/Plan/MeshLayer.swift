/// A triangle mesh as the bottom layer of a `FramePlan` (the 3-D surface), drawn by
/// `TriangleRasterizer` into every pixel of the plan's frame.
///
/// The render context runs the plan's other layers on each 64 px tile right after the mesh is
/// drawn there, in the same pass: the depth-tested items among them (paths and the box over a
/// surface: `DrawItem.depthTestedPolyline`, `.depthTested`) read the depth the mesh left in the
/// tile pixel by pixel (`MeshTileDepth`), and no depth buffer of the whole frame is written.
public struct MeshLayer: Sendable {
    /// Whether every pixel the mesh writes is opaque (an opaque background and shader).
    public let writesOpaquePixels: Bool
    /// Draws the mesh into a region of a frame, with the context's scratch memory, handing each
    /// tile to `finishTile` once drawn. Made generic over the shader at `init`, so the rasterizer
    /// is specialized.
    let draw: @Sendable (_ frame: FramePixels, _ region: PixelRect, _ context: inout RenderContext, _ threads: Int,
                         _ finishTile: MeshTileFinish?) -> Void

    /// The mesh of world `positions` under the view-projection rows `transform` (see
    /// `TriangleRasterizer.render(positions:transform:...)`), over `background` (packed,
    /// premultiplied). `opaqueShader`: whether `shader` writes only opaque colours.
    public init<S: TriangleShader>(positions: [SIMD3<Float>], transform: [SIMD4<Float>], indices: [UInt32], varyings: [SIMD8<Float>]?,
                                   shader: S, opaqueShader: Bool, background: UInt32, near: Float, far: Float) {
        writesOpaquePixels = opaqueShader && background >= 0xFF00_0000
        draw = { frame, region, context, threads, finishTile in
            TriangleRasterizer.render(positions: positions, transform: transform, indices: indices, varyings: varyings, shader: shader,
                                      background: background, near: near, far: far, into: frame, region: region, context: &context,
                                      threads: threads, finishTile: finishTile)
        }
    }
}

/// What runs on a tile of a mesh layer right after the mesh is drawn there (the layers above
/// it), given the depth the mesh left in the tile, or nil where it drew nothing.
typealias MeshTileFinish = @Sendable (_ target: inout TileTarget, _ depth: MeshTileDepth?) -> Void
