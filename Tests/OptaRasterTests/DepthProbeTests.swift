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

@Suite struct DepthProbeTests {
    /// A 200 × 150 frame (4 × 3 tiles of 64) with one triangle in the first tile at w = 2, one in
    /// the last tile at w = 4, and a third at w = 5 partly behind the first.
    private func render(probes: [SIMD2<Int32>], threads: Int) -> [Float] { renderFrame(probes: probes, threads: threads).depths }

    private func renderFrame(probes: [SIMD2<Int32>], threads: Int) -> (depths: [Float], frame: Framebuffer) {
        let (w, h) = (200, 150)
        let clip = [vertex(4, 4, w: w, h: h, depth: 2), vertex(40, 4, w: w, h: h, depth: 2), vertex(4, 40, w: w, h: h, depth: 2),
                    vertex(150, 100, w: w, h: h, depth: 4), vertex(190, 100, w: w, h: h, depth: 4), vertex(150, 140, w: w, h: h, depth: 4),
                    vertex(2, 2, w: w, h: h, depth: 5), vertex(60, 2, w: w, h: h, depth: 5), vertex(2, 60, w: w, h: h, depth: 5)]
        var fb = Framebuffer(width: w, height: h)
        var context = RenderContext()
        let depths = TriangleRasterizer.render(clip: clip, indices: Array(0..<9), shader: WhiteShader(), background: 0,
                                               near: 0.1, far: 100, into: &fb, context: &context, threads: threads, depthAt: probes)
        return (depths, fb)
    }

    @Test(arguments: [1, 2])
    func probesReadTheNearestInverseWWhereDrawnAndZeroElsewhere(threads: Int) {
        let probes: [SIMD2<Int32>] = [
            SIMD2(10, 10), SIMD2(160, 110),  // inside the nearest triangle there
            SIMD2(45, 5),  // only the far triangle
            SIMD2(50, 50), SIMD2(195, 140),  // in a drawn tile, outside every triangle
            SIMD2(100, 10), SIMD2(10, 100), SIMD2(199, 0), SIMD2(0, 149),  // tiles no triangle touched
            SIMD2(-1, 10), SIMD2(10, -1), SIMD2(200, 10), SIMD2(10, 150),  // outside the frame
            SIMD2(10, 10),  // asked twice
        ]
        let depths = render(probes: probes, threads: threads)
        #expect(depths == [0.5, 0.25, 0.2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.5])
    }

    @Test(arguments: [1, 2])
    func everyPixelWithAnyCoverageReportsASurfaceDepth(threads: Int) {
        // Probing every pixel: a pixel shows something exactly where it reports a depth, and that
        // depth is one of the triangles' (edge pixels report their front surface).
        let all = (0..<150).flatMap { y in (0..<200).map { x in SIMD2<Int32>(Int32(x), Int32(y)) } }
        let (depths, frame) = renderFrame(probes: all, threads: threads)
        var edgePixels = 0
        for (k, p) in all.enumerated() {
            let pixel = frame.pixels[Int(p.y) * 200 + Int(p.x)]
            #expect((depths[k] == 0) == (pixel == 0), "pixel \(p)")
            // (1/w is stepped across a triangle in floats: within a few ulps of the corners'.)
            #expect([0, 0.5, 0.25, 0.2].contains { abs(depths[k] - $0) <= 1e-6 }, "pixel \(p)")
            if pixel != 0 && pixel != 0xFFFF_FFFF { edgePixels += 1 }
        }
        #expect(edgePixels > 50)
    }

    @Test func noProbesNoDepths() {
        #expect(render(probes: [], threads: 2).isEmpty)
    }
}
