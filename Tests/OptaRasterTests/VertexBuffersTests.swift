@testable import OptaRaster
import Testing

@Suite struct VertexBuffersTests {
    @Test func resizingToTheSameCountKeepsTheStorage() {
        var clip = [SIMD4<Float>](repeating: SIMD4(1, 2, 3, 4), count: 1000)
        let before = clip.withUnsafeBufferPointer { $0.baseAddress }
        VertexBuffers.resize(&clip, to: 1000, filler: .zero)
        #expect(clip.withUnsafeBufferPointer { $0.baseAddress } == before)
        // Its contents are stale, not cleared: every element is overwritten before it is read.
        #expect(clip[999] == SIMD4(1, 2, 3, 4))
        VertexBuffers.resize(&clip, to: 10, filler: .zero)
        #expect(clip.count == 10 && clip.allSatisfy { $0 == .zero })
    }

    @Test(arguments: [1, 2])
    func renderingAgainWithReusedBuffersGivesTheSamePixels(threads: Int) {
        // A 30 × 30 grid of quads under a slanted camera; the second and third renders take the
        // buffers the ones before them left in the context, the fourth buffers of another mesh's size.
        var positions: [SIMD3<Float>] = []
        var indices: [UInt32] = []
        for j in 0...30 { for i in 0...30 { positions.append(SIMD3(Float(i) / 15 - 1, Float(j) / 15 - 1, Float((i * j) % 7) / 20)) } }
        for j in 0..<30 { for i in 0..<30 {
            let a = UInt32(j * 31 + i), b = a + 1, c = a + 31, d = c + 1
            indices += [a, b, d, a, d, c]
        } }
        let rows: [SIMD4<Float>] = [SIMD4(1.5, 0, 0, 0), SIMD4(0, 1, 1.5, 0), SIMD4(0, 0.1, 0, 0), SIMD4(0, 0.5, 0, 3)]
        let varyings = positions.map { SIMD8<Float>(($0.x + 1) / 2, ($0.y + 1) / 2, $0.z, 0, 0, 0, 0, 0) }
        var context = RenderContext()
        func render() -> [UInt32] {
            var fb = Framebuffer(width: 120, height: 90)
            TriangleRasterizer.render(positions: positions, transform: rows, indices: indices, varyings: varyings,
                                      shader: Gradient(), background: 0, near: 0.1, far: 100, into: &fb, context: &context, threads: threads)
            return Array(fb.pixels)
        }
        let first = render()
        #expect(first.filter { $0 != 0 }.count > 120 * 90 / 6)
        #expect(render() == first)
        #expect(render() == first)
        #expect(context.vertices.clip.count == positions.count)
        var other = Framebuffer(width: 64, height: 48)
        TriangleRasterizer.render(clip: [SIMD4(-1, -1, 0, 1), SIMD4(1, -1, 0, 1), SIMD4(0, 1, 0, 1)], indices: [0, 1, 2],
                                  shader: Gradient(), background: 0, near: 0.1, far: 100, into: &other, context: &context,
                                  threads: threads)
        #expect(render() == first)
    }
}

/// Colours a pixel by its first two varyings.
private struct Gradient: FragmentShader {
    func shade(_ f: TriangleFragment, varyings: SIMD8<Float>) -> SIMD4<Float> { SIMD4(varyings[0], varyings[1], 0.5, 1) }
}
