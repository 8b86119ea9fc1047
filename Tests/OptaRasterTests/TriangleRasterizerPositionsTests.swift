import Foundation
@testable import OptaRaster
import Testing

/// Colour from the first three varyings.
private struct VaryingColour: FragmentShader {
    func shade(_ f: TriangleFragment, varyings: SIMD8<Float>) -> SIMD4<Float> { SIMD4(varyings[0], varyings[1], varyings[2], 1) }
}

@Suite struct TriangleRasterizerPositionsTests {
    /// A 140 × 140 height-field grid (19,600 vertices: more than one block of the parallel
    /// transform) seen in perspective, its varyings a colour per vertex.
    private let side = 140
    private var positions: [SIMD3<Float>] {
        (0..<side * side).map { k in
            let x = Float(k % side) / Float(side - 1) * 2 - 1, y = Float(k / side) / Float(side - 1) * 2 - 1
            return SIMD3(x, y, 0.3 * sin(3 * x) * cos(2 * y))
        }
    }
    private var indices: [UInt32] {
        var out: [UInt32] = []
        for j in 0..<(side - 1) {
            for i in 0..<(side - 1) {
                let a = UInt32(j * side + i), b = a + 1, c = a + UInt32(side), d = c + 1
                out += [a, b, d, a, d, c]
            }
        }
        return out
    }
    /// Seen from above at a slant: clip x = 2 · world x, clip y = 1.2 · world y + 2 · world z,
    /// and w = 0.5 · world y + 3 (between 2.5 and 3.5): about a third of the frame.
    private let rows: [SIMD4<Float>] = [SIMD4(2, 0, 0, 0), SIMD4(0, 1.2, 2, 0), SIMD4(0, 0.1, 0, 0), SIMD4(0, 0.5, 0, 3)]

    @Test(arguments: [1, 2])
    func positionsAndTransformDrawWhatTheirClipPositionsDraw(threads: Int) {
        let positions = positions, indices = indices
        let varyings = positions.map { SIMD8<Float>(($0.x + 1) / 2, ($0.y + 1) / 2, $0.z + 0.5, 0, 0, 0, 0, 0) }
        // The transform as `ClipTransform` writes it: columns, three multiply-adds.
        let c0 = SIMD4(rows[0].x, rows[1].x, rows[2].x, rows[3].x), c1 = SIMD4(rows[0].y, rows[1].y, rows[2].y, rows[3].y)
        let c2 = SIMD4(rows[0].z, rows[1].z, rows[2].z, rows[3].z), c3 = SIMD4(rows[0].w, rows[1].w, rows[2].w, rows[3].w)
        let clip = positions.map { c0 * $0.x + c1 * $0.y + c2 * $0.z + c3 }

        let probes = stride(from: 0, to: 120, by: 7).flatMap { y in stride(from: 0, to: 160, by: 5).map { SIMD2<Int32>(Int32($0), Int32(y)) } }
        var fromClip = Framebuffer(width: 160, height: 120)
        var context = RenderContext()
        let clipDepth = TriangleRasterizer.render(clip: clip, indices: indices, varyings: varyings, shader: VaryingColour(),
                                                  background: 0, near: 0.1, far: 100, into: &fromClip, context: &context, threads: threads, depthAt: probes)
        var fromPositions = Framebuffer(width: 160, height: 120)
        let positionsDepth = TriangleRasterizer.render(
            positions: positions, transform: rows, indices: indices, varyings: varyings, shader: VaryingColour(),
            background: 0, near: 0.1, far: 100, into: &fromPositions, context: &context, threads: threads, depthAt: probes)

        #expect(fromClip.pixels.filter { $0 != 0 }.count > 160 * 120 / 10)
        #expect(fromPositions.pixels == fromClip.pixels)
        #expect(positionsDepth == clipDepth)
        #expect(clipDepth.filter { $0 > 0 }.count > probes.count / 10)
    }

    /// A plan's mesh layer draws what `render` draws into a frame of its own, wherever the plan
    /// is placed: a whole frame, a panel's rectangle of a larger one, or caller rows with padding;
    /// the layers above it are drawn over it in the same pass.
    @Test(arguments: [1, 2])
    func aMeshLayerDrawsWhatTheRasterizerDrawsInAnyRectangle(threads: Int) {
        let positions = positions, indices = indices, rows = rows
        let varyings = positions.map { SIMD8<Float>(($0.x + 1) / 2, ($0.y + 1) / 2, $0.z + 0.5, 0, 0, 0, 0, 0) }
        let probes = stride(from: 0, to: 120, by: 7).flatMap { y in stride(from: 0, to: 160, by: 5).map { SIMD2<Int32>(Int32($0), Int32(y)) } }
        let background: UInt32 = 0xFF20_1008
        var alone = Framebuffer(width: 160, height: 120)
        var context = RenderContext()
        let depths = TriangleRasterizer.render(
            positions: positions, transform: rows, indices: indices, varyings: varyings, shader: VaryingColour(),
            background: background, near: 0.1, far: 100, into: &alone, context: &context, threads: threads, depthAt: probes)
        // Over it: a dot at each probe the mesh covers.
        var dots: [DrawItem] = []
        for (probe, depth) in zip(probes, depths) where depth > 0 {
            let x = Float(probe.x), y = Float(probe.y)
            dots.append(.rect(PixelRectF(x0: x, y0: y, x1: x + 1, y1: y + 1), fill: RGBA(1, 1, 1)))
        }
        let overlay = DrawList(dots)
        let mesh = MeshLayer(positions: positions, transform: rows, indices: indices, varyings: varyings, shader: VaryingColour(),
                             opaqueShader: true, background: background, near: 0.1, far: 100)
        var expected = alone
        expected.draw(overlay, threads: 1)
        #expect(expected != alone)

        var whole = Framebuffer(width: 160, height: 120)
        context.run(FramePlan([.mesh(mesh), .vector(overlay)]), into: &whole, threads: threads)
        #expect(whole.pixels == expected.pixels)
        // The reference mode's plain paths draw the same.
        var plainContext = RenderContext()
        plainContext.mode = .reference
        var plain = Framebuffer(width: 160, height: 120)
        plainContext.run(FramePlan([.mesh(mesh), .vector(overlay)]), into: &plain, threads: threads)
        #expect(plain.pixels == expected.pixels)

        // In a panel's rectangle, beside a filled one.
        let panel = PixelRect(x0: 30, y0: 20, x1: 190, y1: 140)
        let plan = FramePlan([.subplan(PixelRect(x0: 0, y0: 0, x1: 30, y1: 160), FramePlan([.fill(0xFF00_00FF)])),
                              .subplan(PixelRect(x0: 30, y0: 0, x1: 200, y1: 20), FramePlan([.fill(0xFF00_00FF)])),
                              .subplan(PixelRect(x0: 30, y0: 140, x1: 200, y1: 160), FramePlan([.fill(0xFF00_00FF)])),
                              .subplan(PixelRect(x0: 190, y0: 20, x1: 200, y1: 140), FramePlan([.fill(0xFF00_00FF)])),
                              .subplan(panel, FramePlan([.mesh(mesh), .vector(overlay)]))])
        #expect(plan.isOpaque(width: 200, height: 160))
        var framed = Framebuffer(width: 200, height: 160)
        context.run(plan, into: &framed, threads: threads)
        var inPanel = 0
        for y in 0..<120 {
            for x in 0..<160 where framed[panel.x0 + x, panel.y0 + y] != expected[x, y] { inPanel += 1 }
        }
        #expect(inPanel == 0)

        // Caller rows with padding, in straight alpha (the frame is opaque: the same bytes).
        let bytesPerRow = 160 * 4 + 28
        var bytes = [UInt8](repeating: 7, count: bytesPerRow * 120)
        bytes.withUnsafeMutableBytes { raw in
            context.run(FramePlan([.mesh(mesh), .vector(overlay)]), intoStraightRGBA: raw.baseAddress!, width: 160, height: 120,
                        bytesPerRow: bytesPerRow, threads: threads)
        }
        let straight = expected.straightRGBA()
        var inRows = 0
        for y in 0..<120 where Array(bytes[(y * bytesPerRow)..<(y * bytesPerRow + 160 * 4)]) != Array(straight[(y * 640)..<((y + 1) * 640)]) {
            inRows += 1
        }
        #expect(inRows == 0)
    }
}
