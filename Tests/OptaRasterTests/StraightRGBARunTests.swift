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

    /// An opaque ground under translucent items of every kind, anti-aliased edges and all.
    static var opaque: FramePlan {
        let glass = RGBA(0.9, 0.3, 0.1, 0.35)
        let coverage = (0..<(30 * 12)).map { UInt8(($0 * 37) % 256) }
        let picture = (0..<(6 * 5)).map { PackedColor.premultiplied(0.2, 0.8, 0.4, Float($0 % 5) / 4) }
        return FramePlan([
            .fill(PackedColor.opaque(0.1, 0.1, 0.2)),
            .vector(DrawList([
                .polyline(points: [SIMD2(5, 10), SIMD2(140, 90), SIMD2(20, 80)], width: 3.3, color: glass),
                .disk(center: SIMD2(40.3, 30.6), radius: 9.2, fill: glass, outlineWidth: 1.5, outline: RGBA(1, 1, 1, 0.5)),
                .ring(center: SIMD2(100.5, 60.2), radius: 14, width: 0.7, color: glass),
                .rect(PixelRectF(x0: 60.4, y0: 5.5, x1: 90.2, y1: 20.7), fill: glass),
                .segment(from: SIMD2(0, 95.3), to: SIMD2(150, 70.1), width: 0.6, color: RGBA(0, 0, 0, 0.8)),
                .mask(x: 110, y: 10, width: 30, height: 12, coverage: coverage, color: RGBA(1, 1, 0, 0.9)),
                .line(from: SIMD2(10, 60), to: SIMD2(70, 40.5), width: 2.2, color: glass),
                .convexPolygon(points: [SIMD2(120, 80), SIMD2(145, 95), SIMD2(118, 98.5)], fill: glass),
                .roundedRect(PixelRectF(x0: 15.5, y0: 40.2, x1: 55.7, y1: 70.9), radius: 6, fill: RGBA(1, 1, 1, 0.2),
                             outlineWidth: 1, outline: glass),
                .styledStroke(points: [SIMD2(70, 90), SIMD2(90, 75), SIMD2(110, 92)], width: 4, color: glass,
                              cap: .square, join: .miter, miterLimit: 4),
                .image(PixelRectF(x0: 80.3, y0: 30.6, x1: 95.1, y1: 42.2), width: 6, height: 5, pixels: picture),
            ])),
        ])
    }

    /// An opaque plan is drawn without the conversion, and that changes no byte: its items blend
    /// source-over, so every pixel stays opaque, where straight and premultiplied are the same.
    @Test(arguments: [1, 3], [150 * 4, 150 * 4 + 36])
    func anOpaquePlanNeedsNoConversion(threads: Int, bytesPerRow: Int) {
        #expect(Self.opaque.isOpaque(width: 150, height: 100))
        let expected = Self.expected(Self.opaque)
        #expect(expected.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
        var context = RenderContext()
        let (pixels, paddingKept) = Self.drawn(Self.opaque, bytesPerRow: bytesPerRow, threads: threads, context: &context)
        let differing = zip(pixels, expected).filter { $0 != $1 }.count
        #expect(pixels.count == expected.count && differing == 0)
        #expect(paddingKept)
    }

    /// Source-over onto an opaque pixel leaves it opaque for every source alpha, at every coverage.
    @Test func blendingOntoAnOpaquePixelKeepsItOpaque() {
        var notOpaque = 0
        for alpha in 0...255 {
            let color = PackedColor.premultiplied(r: 255, g: 128, b: 3, a: UInt8(alpha))
            for coverage in UInt32(0)...256 {
                for under: UInt32 in [0xFF00_0000, 0xFFFF_FFFF, 0xFF12_3456] where PixelBlend.blend(under, color, coverage) >> 24 != 255 {
                    notOpaque += 1
                }
            }
        }
        #expect(notOpaque == 0)
    }

    /// Which plans count as opaque.
    @Test func opaquePlans() {
        struct Shader: TileShader {
            let opaque: Bool
            var writesOpaquePixels: Bool { opaque }
            func shade(_ target: inout TileTarget) {}
        }
        struct UnsaidShader: TileShader {
            func shade(_ target: inout TileTarget) {}
        }
        let solid = FrameLayer.fill(0xFF33_2211), clear = FrameLayer.fill(0x8011_1111)
        let items = FrameLayer.vector(DrawList([.rect(PixelRectF(x0: 0, y0: 0, x1: 5, y1: 5), fill: RGBA(1, 0, 0, 0.5))]))
        let half = PixelRect(x0: 0, y0: 0, x1: 75, y1: 100), otherHalf = PixelRect(x0: 75, y0: 0, x1: 150, y1: 100)
        #expect(FramePlan([solid, items]).isOpaque(width: 150, height: 100))
        #expect(FramePlan([.shaded(Shader(opaque: true)), items]).isOpaque(width: 150, height: 100))
        #expect(FramePlan([.subplan(half, FramePlan([solid])), .subplan(otherHalf, FramePlan([solid, items])), items]).isOpaque(width: 150, height: 100))
        #expect(!FramePlan([clear, items]).isOpaque(width: 150, height: 100))
        #expect(!FramePlan([.shaded(Shader(opaque: false)), items]).isOpaque(width: 150, height: 100))
        #expect(!FramePlan([.shaded(UnsaidShader())]).isOpaque(width: 150, height: 100))
        #expect(!FramePlan([solid, items, clear]).isOpaque(width: 150, height: 100))
        #expect(!FramePlan([items]).isOpaque(width: 150, height: 100))
        #expect(!FramePlan([]).isOpaque(width: 150, height: 100))
        #expect(!Self.panels.isOpaque(width: 150, height: 100) && !Self.translucent.isOpaque(width: 150, height: 100))
        // Sub-plans that leave a gap, or that cover the frame only together with one that overlaps.
        let top = PixelRect(x0: 0, y0: 0, x1: 150, y1: 60), lowerLeft = PixelRect(x0: 0, y0: 50, x1: 80, y1: 100)
        let lowerRight = PixelRect(x0: 80, y0: 60, x1: 150, y1: 100)
        #expect(!FramePlan([.subplan(half, FramePlan([solid]))]).isOpaque(width: 150, height: 100))
        #expect(!FramePlan([.subplan(top, FramePlan([solid])), .subplan(lowerLeft, FramePlan([solid]))]).isOpaque(width: 150, height: 100))
        #expect(FramePlan([.subplan(top, FramePlan([solid])), .subplan(lowerLeft, FramePlan([solid])),
                           .subplan(lowerRight, FramePlan([solid]))]).isOpaque(width: 150, height: 100))
        #expect(!FramePlan([.subplan(half, FramePlan([solid])), .subplan(otherHalf, FramePlan([items]))]).isOpaque(width: 150, height: 100))
    }

    /// Sub-plans that leave a gap leave it transparent, not as the frame before left it.
    @Test(arguments: [1, 2])
    func aGapBetweenSubplansIsCleared(threads: Int) {
        var framebuffer = Framebuffer(width: 150, height: 100, fill: 0xFF12_3456)
        var context = RenderContext()
        let left = PixelRect(x0: 0, y0: 0, x1: 75, y1: 100)
        context.run(FramePlan([.subplan(left, FramePlan([.fill(0xFF33_2211)]))]), into: &framebuffer, threads: threads)
        var wrong = 0
        for y in 0..<100 {
            for x in 0..<150 where framebuffer[x, y] != (x < 75 ? 0xFF33_2211 : 0) { wrong += 1 }
        }
        #expect(wrong == 0)
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
