@testable import OptaRaster
import Testing

/// Opaque white everywhere a triangle is drawn.
private struct WhiteShader: FragmentShader {
    func shade(_ f: TriangleFragment, varyings: SIMD8<Float>) -> SIMD4<Float> { SIMD4(1, 1, 1, 1) }
}

/// Clip-space vertex at pixel (x, y) of a `w × h` frame with clip w = `depth`.
private func vertex(_ x: Float, _ y: Float, w: Int, h: Int, depth: Float) -> SIMD4<Float> {
    SIMD4((x / Float(w) * 2 - 1) * depth, (1 - y / Float(h) * 2) * depth, 0, depth)
}

@Suite struct FrameDepthTests {
    /// A 200 × 150 frame (4 × 3 tiles of 64) with one triangle in the first tile at w = 2 and
    /// one in the last tile at w = 4.
    private func render(threads: Int) -> FrameDepth {
        let (w, h) = (200, 150)
        let clip = [vertex(4, 4, w: w, h: h, depth: 2), vertex(40, 4, w: w, h: h, depth: 2), vertex(4, 40, w: w, h: h, depth: 2),
                    vertex(150, 100, w: w, h: h, depth: 4), vertex(190, 100, w: w, h: h, depth: 4), vertex(150, 140, w: w, h: h, depth: 4)]
        var fb = Framebuffer(width: w, height: h)
        let depth = TriangleRasterizer.render(clip: clip, indices: [0, 1, 2, 3, 4, 5], shader: WhiteShader(), background: 0,
                                              near: 0.1, far: 100, into: &fb, threads: threads, depth: true)
        return depth!
    }

    @Test(arguments: [1, 2])
    func depthIsNearestInverseWWhereDrawnAndZeroElsewhere(threads: Int) {
        let depth = render(threads: threads)
        #expect(depth.width == 200 && depth.height == 150)
        // Inside each triangle: its 1/w.
        #expect(depth[10, 10] == 0.5)
        #expect(depth[160, 110] == 0.25)
        // In a drawn tile, outside the triangle.
        #expect(depth[50, 50] == 0)
        #expect(depth[195, 140] == 0)
        // Tiles no triangle touched (their storage is never written).
        for (x, y) in [(100, 10), (10, 100), (100, 100), (199, 0), (0, 149)] { #expect(depth[x, y] == 0) }
    }

    @Test func noDepthUnlessAskedFor() {
        var fb = Framebuffer(width: 16, height: 16)
        let depth = TriangleRasterizer.render(clip: [vertex(1, 1, w: 16, h: 16, depth: 1), vertex(14, 1, w: 16, h: 16, depth: 1),
                                                     vertex(1, 14, w: 16, h: 16, depth: 1)],
                                              indices: [0, 1, 2], shader: WhiteShader(), background: 0, near: 0.1, far: 100,
                                              into: &fb, threads: 1)
        #expect(depth == nil)
    }
}
