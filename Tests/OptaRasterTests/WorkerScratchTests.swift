@testable import OptaRaster
import Testing

/// A render context keeps the triangle rasterizer's per-worker buffers (tiles, binning) from frame
/// to frame, and a copy of a context never shares them with the original.
@Suite struct WorkerScratchTests {
    private struct Flat: FragmentShader {
        func shade(_ f: TriangleFragment, varyings: SIMD8<Float>) -> SIMD4<Float> { SIMD4(0.2, 0.6, 0.4, 1) }
    }

    private func draw(_ context: inout RenderContext) -> PixelBuffer {
        let clip: [SIMD4<Float>] = [SIMD4(-0.9, -0.9, 0, 1), SIMD4(0.9, -0.8, 0, 1), SIMD4(0, 0.9, 0, 1)]
        var frame = Framebuffer(width: 300, height: 200)
        TriangleRasterizer.render(clip: clip, indices: [0, 1, 2], shader: Flat(), background: 0xFF00_0000, near: 0.1, far: 100,
                                  into: &frame, context: &context, threads: 2)
        return frame.pixels
    }

    private func identities(_ context: RenderContext) -> [ObjectIdentifier] { context.rasterScratch.tileSamples.sets.map(ObjectIdentifier.init) + context.rasterScratch.binWriters.sets.map(ObjectIdentifier.init) }

    @Test func aContextKeepsItsTileBuffers() {
        var context = RenderContext()
        let first = draw(&context)
        let kept = identities(context)
        #expect(kept.count == 2 + 1)  // tile buffers for 2 workers; one chunk of triangles to bin
        #expect(draw(&context) == first)
        #expect(identities(context) == kept)

        var copy = context
        #expect(draw(&copy) == first)
        #expect(Set(identities(copy)).isDisjoint(with: kept))
        #expect(identities(context) == kept)
    }
}
