@testable import OptaRaster
import Foundation
import Testing

@Suite struct RenderContextTests {
    /// A long list (binned in chunks on several threads) of lines, disks, polygons and text-like masks.
    static func list(count: Int, seed: Float) -> DrawList {
        var list = DrawList()
        for i in 0..<count {
            let t = Float(i) * 0.37 + seed
            let p = SIMD2<Float>(160 + 150 * sin(t), 120 + 110 * cos(t * 1.3))
            let q = p + SIMD2(20 * cos(t * 2), 20 * sin(t * 3))
            switch i % 4 {
            case 0: list.append(.line(from: p, to: q, width: 1.5, color: RGBA(0.2, 0.4, 0.9, 0.5)))
            case 1: list.append(.disk(center: p, radius: 3, fill: RGBA(0.9, 0.3, 0.1, 0.7), outlineWidth: 1, outline: RGBA(0, 0, 0, 1)))
            case 2: list.append(.convexPolygon(points: [p, q, p + SIMD2(5, -7)], fill: RGBA(0.1, 0.8, 0.3, 0.4)))
            default: list.append(.mask(x: Int(p.x), y: Int(p.y), width: 3, height: 2, coverage: [255, 128, 0, 64, 255, 32],
                                       color: RGBA(0, 0, 0, 1)))
            }
        }
        return list
    }

    @Test(arguments: [1, 2, 3])
    func framesDrawnWithAUsedContextMatchFramesDrawnWithANewOne(threads: Int) {
        var context = RenderContext()
        // Lists of different lengths in turn, so each frame takes arrays another frame left.
        for (count, seed) in [(9000, Float(0)), (300, 1), (5000, 2), (9000, 0)] {
            let list = Self.list(count: count, seed: seed)
            var used = Framebuffer(width: 320, height: 240)
            used.draw(list, context: &context, threads: threads)
            var fresh = Framebuffer(width: 320, height: 240)
            var newContext = RenderContext()
            fresh.draw(list, context: &newContext, threads: threads)
            #expect(used == fresh)
        }
    }

    @Test func theContextKeepsBinningArraysForTheNextFrame() {
        var context = RenderContext()
        var frame = Framebuffer(width: 320, height: 240)
        frame.draw(Self.list(count: 9000, seed: 0), context: &context, threads: 2)
        var buffers = context.binning
        let storage = buffers.takeBinnerStorage()
        #expect(storage.shapes.isEmpty && storage.shapes.capacity > 0)
        #expect(storage.segments.capacity > 0 && storage.pending.capacity > 0)
        #expect(buffers.takeEntries().capacity > 0)
    }
}
