@testable import OptaRaster
import Testing

/// `RenderMode.reference` runs each layer's scalar path and keeps nothing between frames.
@Suite struct ReferenceModeTests {
    /// Writes `fast` from `shade` and `reference` from `shadeReference`, so a frame shows which ran.
    struct TwoPathShader: TileShader, Equatable {
        let fast: UInt32, reference: UInt32

        func shade(_ target: inout TileTarget) { paint(&target, fast) }
        func shadeReference(_ target: inout TileTarget) { paint(&target, reference) }

        func paint(_ target: inout TileTarget, _ color: UInt32) {
            for y in target.rect.y0..<target.rect.y1 {
                let row = target.row(y)
                for x in target.rect.x0..<target.rect.x1 { row[x] = color }
            }
        }
    }

    static func frame(_ plan: FramePlan, context: inout RenderContext, width: Int = 150, height: Int = 110) -> Framebuffer {
        var frame = Framebuffer(width: width, height: height)
        context.run(plan, into: &frame, threads: 2)
        return frame
    }

    @Test func shadedLayersRunTheirReferencePathAndAreNotKept() {
        let shader = TwoPathShader(fast: 0xFF00_00FF, reference: 0xFF00_FF00)
        let plan = FramePlan([.shaded(shader, cacheKey: LayerKey(shader))])
        var context = RenderContext()
        for _ in 0..<3 { #expect(Self.frame(plan, context: &context).pixels.allSatisfy { $0 == shader.fast }) }
        #expect(!context.layerCache.keys.isEmpty, "the fast path keeps a layer seen twice")
        context.mode = .reference
        #expect(context.layerCache.keys.isEmpty, "switching to the reference drops the kept layer")
        for _ in 0..<3 { #expect(Self.frame(plan, context: &context).pixels.allSatisfy { $0 == shader.reference }) }
        #expect(context.layerCache.keys.isEmpty)
    }

    /// Fills written row by row give the same bytes as fills that skip rows already right, under
    /// vector items and in panels too.
    @Test func fillsGiveTheSameBytesUnderVectorItemsAndInPanels() {
        var glyph = [UInt8](repeating: 255, count: 12 * 9)
        for i in stride(from: 0, to: glyph.count, by: 5) { glyph[i] = UInt8(i * 7 % 256) }
        let items = randomScene(width: 150, height: 110, seed: 11)
            + [.mask(x: 30, y: 40, width: 12, height: 9, coverage: glyph, color: .white)]
        let vector = FramePlan([.fill(0xFF20_3040), .vector(DrawList(items))])
        let panels = FramePlan([.subplan(PixelRect(x0: 0, y0: 0, x1: 70, y1: 110), vector),
                                .subplan(PixelRect(x0: 70, y0: 0, x1: 150, y1: 110), vector)])
        for plan in [vector, panels] {
            var fast = RenderContext(), reference = RenderContext()
            reference.mode = .reference
            let expected = Self.frame(plan, context: &fast)
            #expect(expected.pixels.contains { $0 != 0xFF20_3040 })
            #expect(Self.frame(plan, context: &reference) == expected)
        }
    }
}
