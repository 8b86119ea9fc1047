@testable import OptaRaster
import Testing

/// `RenderContext.run(_:intoStraightRGBA:...)`: a plan drawn into caller rows gives the bytes of
/// the same plan drawn into a framebuffer and converted with `straightRGBA()`.
@Suite struct StraightRGBARunTests {
    static let width = 150, height = 100

    /// Half-transparent ground, translucent strokes, an opaque band: rows that are all opaque,
    /// rows that are not, pixels of alpha 0 and of partial alpha.
    static var translucent: FramePlan {
        FramePlan([
            .fill(PackedColor.premultiplied(0.2, 0.6, 0.9, 0.5)),
            .vector(DrawList([
                .polyline(points: [SIMD2(5, 10), SIMD2(140, 90), SIMD2(20, 80)], width: 3, color: RGBA(1, 0.5, 0, 0.6)),
                .polyline(points: [SIMD2(0, 50), SIMD2(150, 50)], width: 12, color: RGBA(0.1, 0.2, 0.3, 1)),
            ])),
        ])
    }

    /// Panels only (no layers of its own), one of them clear: the conversion takes a pass of its own.
    static var panels: FramePlan {
        FramePlan([
            .subplan(PixelRect(x0: 0, y0: 0, x1: 70, y1: 100), translucent),
            .subplan(PixelRect(x0: 70, y0: 0, x1: 150, y1: 100), FramePlan([.fill(0)])),
        ])
    }

    static func expected(_ plan: FramePlan) -> [UInt8] {
        var context = RenderContext()
        var frame = Framebuffer(width: width, height: height)
        context.run(plan, into: &frame, threads: 1)
        return frame.straightRGBA()
    }

    /// The plan drawn into rows of `bytesPerRow` bytes filled with 0xAB first; returns the rows'
    /// pixels and whether every padding byte was left alone.
    static func drawn(_ plan: FramePlan, bytesPerRow: Int, threads: Int, context: inout RenderContext) -> (pixels: [UInt8], paddingKept: Bool) {
        var memory = [UInt8](repeating: 0xAB, count: bytesPerRow * height)
        memory.withUnsafeMutableBytes { raw in
            context.run(plan, intoStraightRGBA: raw.baseAddress!, width: width, height: height, bytesPerRow: bytesPerRow, threads: threads)
        }
        var pixels: [UInt8] = []
        var paddingKept = true
        for y in 0..<height {
            pixels += memory[(y * bytesPerRow)..<(y * bytesPerRow + 4 * width)]
            paddingKept = paddingKept && memory[(y * bytesPerRow + 4 * width)..<((y + 1) * bytesPerRow)].allSatisfy { $0 == 0xAB }
        }
        return (pixels, paddingKept)
    }

    @Test(arguments: [1, 3], [150 * 4, 150 * 4 + 36])
    func theSameBytesAsAFramebufferConverted(threads: Int, bytesPerRow: Int) {
        for plan in [Self.translucent, Self.panels] {
            var context = RenderContext()
            let expected = Self.expected(plan)
            // Twice with one context: the second frame is drawn into memory holding the first.
            for _ in 0..<2 {
                let (pixels, paddingKept) = Self.drawn(plan, bytesPerRow: bytesPerRow, threads: threads, context: &context)
                // Counted, so that a failure reports a number rather than two whole frames.
                let differing = zip(pixels, expected).filter { $0 != $1 }.count
                #expect(pixels.count == expected.count && differing == 0)
                #expect(paddingKept)
            }
        }
        // The plans do hold what the conversion changes: partial alpha and alpha 0.
        let alphas = Set(Self.expected(Self.panels).enumerated().filter { $0.offset % 4 == 3 }.map(\.element))
        #expect(alphas.contains(0) && alphas.contains(255) && alphas.contains { $0 != 0 && $0 != 255 })
    }

    @Test func aKeptLayerIsCopiedIntoCallerRowsWithTheSameBytes() {
        let counter = FramePlanTests.Counter()
        let plan = FramePlanTests.plan(tint: 0x40, step: 6, counter: counter)
        let expected = Self.expected(FramePlanTests.plan(tint: 0x40, step: 6, counter: FramePlanTests.Counter()))
        var context = RenderContext()
        for _ in 0..<4 {
            let same = Self.drawn(plan, bytesPerRow: 4 * Self.width, threads: 2, context: &context).pixels == expected
            #expect(same)
        }
        // Shaded, shaded and kept, then copied from the kept layer: 6 tiles of 64 pixels, twice.
        #expect(counter.count == 2 * 6)
    }
}
