/// Draws an indexed triangle mesh given in clip space: near-plane and guard-band clipping, tile
/// binning in parallel, fixed-point edge functions with the top-left rule, and per-tile depth
/// buffers: one sample per pixel, plus 2×2 samples per pixel where the surface has an edge
/// (silhouettes, the outline). A deferred resolve then shades each pixel once per visible surface
/// (twice at most, at edges) and blends edge pixels by sample coverage.
///
/// Both windings are drawn (two-sided). Depth is 1/w (larger is nearer); samples farther than
/// `far` are not drawn. Ties keep the earlier triangle, so the result only depends on the mesh.
public enum TriangleRasterizer {
    /// Fractional bits of the fixed-point vertex positions.
    public static let subpixelBits = 8
    public static let subpixelScale = 1 << subpixelBits
    /// Clip-space guard band: |x|, |y| ≤ guardBand · w (beyond it, triangles are clipped).
    public static let guardBand: Float = 8
    /// Samples farther than this fraction of the nearest one form a second surface in a pixel.
    public static let surfaceGap: Float = 0.015

    /// Renders the mesh into `framebuffer`, projecting into `context`'s vertex arrays; pixels no
    /// triangle covers get `background` (packed, premultiplied). `varyings` (one `SIMD8` per vertex) reach the shader interpolated
    /// perspective-correctly. Returns, per pixel of `probes`, the nearest 1/w drawn there (as a
    /// mesh layer's depth-tested items see it, `MeshTileDepth`): 0 where nothing is, or outside the frame.
    @discardableResult
    public static func render<S: TriangleShader>(
        clip: [SIMD4<Float>], indices: [UInt32], varyings: [SIMD8<Float>]? = nil, shader: S, background: UInt32,
        near: Float, far: Float, into framebuffer: inout Framebuffer, context: inout RenderContext, threads: Int,
        depthAt probes: [SIMD2<Int32>] = []
    ) -> [Float] {
        var buffers = RenderContext.taking(&context.vertices, leaving: VertexBuffers())
        defer { context.vertices = buffers }
        let (width, height) = (framebuffer.width, framebuffer.height)
        ClipTransform.project(clip, halfWidth: Float(width) / 2, halfHeight: Float(height) / 2,
                              near: near, guardBand: guardBand, threads: threads, into: &buffers.screen)
        let noted = ProbeDepths(probes, width: width, height: height)
        let finish: MeshTileFinish? = probes.isEmpty ? nil : noted.note
        _ = framebuffer.withFramePixels { frame in
            render(clip: clip, screen: buffers.screen, indices: indices, varyings: varyings, shader: shader, background: background,
                   near: near, far: far, into: frame, region: PixelRect(x0: 0, y0: 0, x1: width, y1: height), threads: threads,
                   scratch: &context.rasterScratch, finishTile: finish)
        }
        return noted.depths
    }

    /// `render` for world `positions` and the view-projection matrix `transform` (4 rows): each
    /// block of vertices is taken to clip space and projected in one parallel pass.
    @discardableResult
    public static func render<S: TriangleShader>(
        positions: [SIMD3<Float>], transform: [SIMD4<Float>], indices: [UInt32], varyings: [SIMD8<Float>]? = nil, shader: S,
        background: UInt32, near: Float, far: Float, into framebuffer: inout Framebuffer, context: inout RenderContext,
        threads: Int, depthAt probes: [SIMD2<Int32>] = []
    ) -> [Float] {
        let whole = PixelRect(x0: 0, y0: 0, x1: framebuffer.width, y1: framebuffer.height)
        let noted = ProbeDepths(probes, width: framebuffer.width, height: framebuffer.height)
        let finish: MeshTileFinish? = probes.isEmpty ? nil : noted.note
        _ = framebuffer.withFramePixels { frame in
            render(positions: positions, transform: transform, indices: indices, varyings: varyings, shader: shader,
                   background: background, near: near, far: far, into: frame, region: whole, context: &context, threads: threads,
                   finishTile: finish)
        }
        return noted.depths
    }

    /// `render` for world `positions` into `region` of `frame`, as if the region were a whole
    /// frame (a plan's mesh layer, `MeshLayer`). Each tile, once drawn, goes to `finishTile` with
    /// the depth the mesh left there (nil where it drew nothing) while it is in cache: the layers
    /// above the mesh are drawn there.
    static func render<S: TriangleShader>(
        positions: [SIMD3<Float>], transform: [SIMD4<Float>], indices: [UInt32], varyings: [SIMD8<Float>]?, shader: S,
        background: UInt32, near: Float, far: Float, into frame: FramePixels, region: PixelRect, context: inout RenderContext,
        threads: Int, finishTile: MeshTileFinish?
    ) {
        var buffers = RenderContext.taking(&context.vertices, leaving: VertexBuffers())
        defer { context.vertices = buffers }
        let plain = context.mode == .reference
        ClipTransform.applyAndProject(
            transform, to: positions, halfWidth: Float(region.width) / 2, halfHeight: Float(region.height) / 2,
            near: near, guardBand: guardBand, threads: threads, plain: plain, into: &buffers)
        render(clip: buffers.clip, screen: buffers.screen, indices: indices, varyings: varyings, shader: shader, background: background,
               near: near, far: far, into: frame, region: region, threads: threads, plain: plain, scratch: &context.rasterScratch,
               finishTile: finishTile)
    }

    /// Bins, rasterizes, resolves and shades projected vertices (`screen`, from `clip`). With
    /// `plain` (`RenderMode.reference`), triangles are binned one by one and each is drawn
    /// through the plain raster path (`TriangleBatch.plain`).
    private static func render<S: TriangleShader>(
        clip: [SIMD4<Float>], screen: [ScreenVertex], indices: [UInt32], varyings: [SIMD8<Float>]?, shader: S, background: UInt32,
        near: Float, far: Float, into pixels: FramePixels, region: PixelRect, threads: Int, plain: Bool = false,
        scratch: inout WorkerScratch, finishTile: MeshTileFinish?
    ) {
        precondition(indices.count % 3 == 0, "indices come three per triangle")
        let varyings = varyings ?? [SIMD8<Float>](repeating: .zero, count: clip.count)
        precondition(varyings.count == clip.count, "one set of varyings per vertex")
        precondition(region.intersection(PixelRect(x0: 0, y0: 0, x1: pixels.width, y1: pixels.height)) == region && !region.isEmpty,
                     "a mesh is drawn into a region inside the frame")
        let width = region.width, height = region.height
        let tileSize = TileScheduler.defaultTileSize
        // Bin the triangles into tiles.
        let bins = screen.withUnsafeBufferPointer { s in
            clip.withUnsafeBufferPointer { c in
                indices.withUnsafeBufferPointer { i in
                    TriangleBins(screen: s, clip: c, indices: i, width: width, height: height, tileSize: tileSize,
                                 near: near, guardBand: guardBand, threads: threads, clusters: !plain, memory: &scratch.binWriters)
                }
            }
        }
        // Per tile: rasterize depth samples, resolve and shade, then finish the tile.
        let tiles = TileScheduler.tiles(width: width, height: height, tileSize: tileSize)
        let frame = FrameGeometry(width: width, height: height, near: near, far: far)
        let workers = scratch.tileSamples.forWorkers(Swift.max(1, Swift.min(threads, tiles.count)),
                                                     make: { TileSamples(tileSize: tileSize) }, fits: { $0.tileSize == tileSize })
        screen.withUnsafeBufferPointer { screenBuffer in
            clip.withUnsafeBufferPointer { clipBuffer in
                indices.withUnsafeBufferPointer { indexBuffer in
                    varyings.withUnsafeBufferPointer { varyingBuffer in
                        // The region's pixel (0, 0); tiles address the region as a whole frame.
                        let pixelBase = SharedMutablePointer(pixels.base + region.y0 * pixels.stride + region.x0)
                        let stride = pixels.stride
                        let mesh = MeshBuffers(screen: SendableBuffer(screenBuffer), clip: SendableBuffer(clipBuffer),
                                               indices: SendableBuffer(indexBuffer), varyings: SendableBuffer(varyingBuffer))
                        ParallelWork.run(count: tiles.count, threads: threads, scratch: { workers[$0] }) { t, samples in
                            let rect = tiles[t]
                            var target = TileTarget(rect: rect, stride: stride, base: pixelBase.base)
                            samples.plainPaths = plain
                            guard samples.rasterize(tile: t, rect: rect, bins: bins, mesh: mesh, farInvW: frame.farInvW) else {
                                // No triangle here: the background, and no depth.
                                target.fill(background)
                                finishTile?(&target, nil)
                                return
                            }
                            samples.resolve(into: &target, mesh: mesh, frame: frame, shader: shader, background: background)
                            finishTile?(&target, MeshTileDepth(samples: samples, rect: rect, farInvW: frame.farInvW))
                        }
                    }
                }
            }
        }
    }
}

/// Frame size and depth range, as the per-tile passes need them.
struct FrameGeometry: Sendable {
    let width: Int
    let height: Int
    let near: Float
    let far: Float
    var farInvW: Float { 1 / far }
}

/// The mesh buffers shared by the tile workers of one frame.
struct MeshBuffers: Sendable {
    let screen: SendableBuffer<ScreenVertex>
    let clip: SendableBuffer<SIMD4<Float>>
    let indices: SendableBuffer<UInt32>
    let varyings: SendableBuffer<SIMD8<Float>>
}

extension MeshBuffers {
    /// Corner `k` (0, 1 or 2) of 8 mesh triangles (`triangles[0…7]`) in clip space, as one vector
    /// per coordinate: lane p is triangle `triangles[p]`'s. The 8 corners are turned into columns
    /// by `LaneTranspose`.
    @inline(__always)
    func corner(_ k: Int, of triangles: UnsafePointer<UInt32>) -> (x: SIMD8<Float>, y: SIMD8<Float>, w: SIMD8<Float>) {
        let indices = indices.buffer, clip = clip.buffer
        /// The corners of triangles p and p + 4.
        @inline(__always) func pair(_ p: Int) -> SIMD8<Float> {
            SIMD8(lowHalf: clip[Int(indices[Int(triangles[p]) &* 3 &+ k])],
                  highHalf: clip[Int(indices[Int(triangles[p &+ 4]) &* 3 &+ k])])
        }
        let (x, y, _, w) = LaneTranspose.columns(pair(0), pair(1), pair(2), pair(3))
        return (x, y, w)
    }
}
