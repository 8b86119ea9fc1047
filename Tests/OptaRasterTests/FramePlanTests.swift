@testable import OptaRaster
import Synchronization
import Testing

@Suite struct FramePlanTests {
    /// Colours a pixel from its position and `tint`, counting the tiles it shades.
    struct CountingShader: TileShader, Equatable {
        let tint: UInt32
        let counter: Counter

        func shade(_ target: inout TileTarget) {
            counter.tiles.add(1, ordering: .relaxed)
            for y in target.rect.y0..<target.rect.y1 {
                let row = target.row(y)
                for x in target.rect.x0..<target.rect.x1 { row[x] = 0xFF00_0000 | UInt32((x * 7 + y * 13) & 0xFF) << 8 | tint }
            }
        }

        static func == (a: Self, b: Self) -> Bool { a.tint == b.tint }
    }

    final class Counter: Sendable {
        let tiles = Atomic<Int>(0)
        var count: Int { tiles.load(ordering: .relaxed) }
    }

    static func overlay(_ step: Int) -> DrawList {
        DrawList([.polyline(points: (0...step).map { SIMD2(Float($0 * 9), 20 + Float(($0 * 37) % 60)) }, width: 2,
                            color: RGBA(1, 1, 1, 0.8))])
    }

    static func plan(tint: UInt32, step: Int, counter: Counter) -> FramePlan {
        let shader = CountingShader(tint: tint, counter: counter)
        return FramePlan([.shaded(shader, cacheKey: LayerKey(shader)), .vector(overlay(step))])
    }

    /// The frame drawn with a new context: the shader runs on every tile.
    static func fresh(_ plan: FramePlan, threads: Int) -> Framebuffer {
        var context = RenderContext()
        var frame = Framebuffer(width: 200, height: 150)
        context.run(plan, into: &frame, threads: threads)
        return frame
    }

    @Test(arguments: [1, 2])
    func aLayerSeenTwiceInARowIsCopiedAfterwardsWithTheSameBytes(threads: Int) {
        let counter = Counter()
        var context = RenderContext()
        var frame = Framebuffer(width: 200, height: 150)
        let tiles = 4 * 3  // 64-pixel tiles of 200 × 150
        var shadedTiles: [Int] = []
        for step in 1...4 {
            let before = counter.count
            context.run(Self.plan(tint: 0x40, step: step, counter: counter), into: &frame, threads: threads)
            shadedTiles.append(counter.count - before)
            #expect(frame == Self.fresh(Self.plan(tint: 0x40, step: step, counter: Counter()), threads: threads))
        }
        // Shaded, shaded and kept, then copied.
        #expect(shadedTiles == [tiles, tiles, 0, 0])
        // Another layer is shaded and leaves the kept one alone; it is kept in turn once it is seen
        // twice in a row.
        var again: [Int] = []
        for tint: UInt32 in [0x80, 0x40, 0x80, 0x80, 0x80] {
            let before = counter.count
            context.run(Self.plan(tint: tint, step: 5, counter: counter), into: &frame, threads: threads)
            again.append(counter.count - before)
            #expect(frame == Self.fresh(Self.plan(tint: tint, step: 5, counter: Counter()), threads: threads))
        }
        #expect(again == [tiles, 0, tiles, tiles, 0])
    }

    /// A context told that frames stay as drawn leaves the tiles that show only the kept layer,
    /// this frame and the last, as they are: the same bytes as a frame drawn anew, and a mark put
    /// into such a tile (which the promise forbids, to see it) is still there after the next frame.
    @Test(arguments: [1, 2])
    func tilesShowingOnlyTheKeptLayerAreLeftInAFrameThatStaysAsDrawn(threads: Int) {
        let counter = Counter()
        var context = RenderContext()
        context.leavesFramesIntact = true
        var frame = Framebuffer(width: 200, height: 150)
        for step in 1...8 {
            context.run(Self.plan(tint: 0x40, step: step, counter: counter), into: &frame, threads: threads)
            #expect(frame == Self.fresh(Self.plan(tint: 0x40, step: step, counter: Counter()), threads: threads), "step \(step)")
        }
        // The overlay (a polyline near the top) never reaches the bottom row of tiles.
        frame[10, 140] = 0x1234_5678
        context.run(Self.plan(tint: 0x40, step: 9, counter: counter), into: &frame, threads: threads)
        #expect(frame[10, 140] == 0x1234_5678, "the untouched tile was left alone")
        frame[10, 140] = Self.fresh(Self.plan(tint: 0x40, step: 9, counter: Counter()), threads: threads)[10, 140]
        #expect(frame == Self.fresh(Self.plan(tint: 0x40, step: 9, counter: Counter()), threads: threads))
        // Another frame's memory, or the promise withdrawn: every tile is drawn again.
        var other = frame
        other[10, 140] = 0x1234_5678
        context.run(Self.plan(tint: 0x40, step: 9, counter: counter), into: &other, threads: threads)
        #expect(other == frame, "a frame in other memory is drawn whole")
        context.leavesFramesIntact = false
        frame[10, 140] = 0x1234_5678
        context.run(Self.plan(tint: 0x40, step: 9, counter: counter), into: &frame, threads: threads)
        #expect(frame == other)
    }

    /// Items the plan draws over its sub-plans (a viewer's HUD over panels) land on tiles the
    /// sub-plan would leave alone: such a frame leaves no tile alone the next time, so a
    /// translucent item is never blended twice.
    @Test func itemsOverSubPlansAreNeverBlendedTwice() {
        func plan(_ step: Int) -> FramePlan {
            let shader = CountingShader(tint: 0x40, counter: Counter())
            let panel = FramePlan([.shaded(shader, cacheKey: LayerKey(shader)), .vector(Self.overlay(step))])
            let hud = DrawList([.disk(center: SIMD2(30, 130), radius: 10, fill: RGBA(1, 0, 0, 0.5), outlineWidth: 0,
                                      outline: RGBA(0, 0, 0, 0))])
            return FramePlan([.subplan(PixelRect(x0: 0, y0: 0, x1: 200, y1: 150), panel), .vector(hud)])
        }
        var context = RenderContext()
        context.leavesFramesIntact = true
        var frame = Framebuffer(width: 200, height: 150)
        for step in 1...6 {
            context.run(plan(step), into: &frame, threads: 2)
            #expect(frame == Self.fresh(plan(step), threads: 2), "step \(step)")
        }
    }

    /// Static items (stored runs) right above the shaded layer, keyed by themselves, then items
    /// that change every frame.
    static func plan(tint: UInt32, settled: Int, step: Int, counter: Counter) -> FramePlan {
        let shader = CountingShader(tint: tint, counter: counter)
        let bottom = DrawList((0..<3).map { run in
            .polyline(points: (0...40).map { SIMD2(Float($0 * 5), Float(10 + 30 * run + ($0 * (settled + run)) % 25)) }, width: 3,
                      color: RGBA(0.9, 0.3, Float(run) / 3, 0.7))
        })
        return FramePlan([.shaded(shader, cacheKey: LayerKey(shader)), .vector(bottom, cacheKey: LayerKey(bottom)),
                          .vector(overlay(step))])
    }

    @Test(arguments: [1, 2])
    func keyedItemsAboveTheLayerAreKeptWithIt(threads: Int) {
        let counter = Counter()
        var context = RenderContext()
        var frame = Framebuffer(width: 200, height: 150)
        let tiles = 4 * 3
        var shadedTiles: [Int] = []
        var keptLayers: [Int] = []
        func draw(settled: Int, step: Int) {
            let before = counter.count
            context.run(Self.plan(tint: 0x40, settled: settled, step: step, counter: counter), into: &frame, threads: threads)
            shadedTiles.append(counter.count - before)
            keptLayers.append(context.layerCache.keys.count)
            #expect(frame == Self.fresh(Self.plan(tint: 0x40, settled: settled, step: step, counter: Counter()), threads: threads))
        }
        // The live items grow: the landscape and the static items are kept together, then copied.
        for step in 1...4 { draw(settled: 1, step: step) }
        #expect(shadedTiles == [tiles, tiles, 0, 0])
        #expect(keptLayers == [0, 2, 2, 2])
        // The static items change once: the landscape alone is kept again, then the new items over
        // its copy, without shading it.
        for step in 5...8 { draw(settled: 2, step: step) }
        #expect(shadedTiles.suffix(4) == [tiles, 0, 0, 0])
        #expect(keptLayers.suffix(4) == [1, 2, 2, 2])
        // Static items that change every frame leave the landscape under them kept.
        for settled in 3...6 { draw(settled: settled, step: 9) }
        #expect(shadedTiles.suffix(4) == [tiles, 0, 0, 0])
        #expect(keptLayers.suffix(4) == [1, 1, 1, 1])
    }

    @Test func keyedItemsAreKeptOnlyRightAboveAKeptLayer() {
        let counter = Counter()
        let shader = CountingShader(tint: 3, counter: counter)
        let items = Self.overlay(6)
        var context = RenderContext()
        var frame = Framebuffer(width: 200, height: 150)
        // Keyed items over an unkeyed shaded layer, and over an unkeyed vector layer: nothing kept.
        for layers: [FrameLayer] in [[.shaded(shader), .vector(items, cacheKey: LayerKey(items))],
                                     [.shaded(shader, cacheKey: LayerKey(shader)), .vector(items), .vector(items, cacheKey: LayerKey(items))]] {
            for _ in 0..<3 { context.run(FramePlan(layers), into: &frame, threads: 1) }
            #expect(context.layerCache.keys.count == (layers.count == 2 ? 0 : 1))
            #expect(frame == Self.fresh(FramePlan(layers), threads: 1))
        }
    }

    @Test func aNewFrameSizeIsShadedAgain() {
        let counter = Counter()
        var context = RenderContext()
        for _ in 0..<3 {
            var frame = Framebuffer(width: 200, height: 150)
            context.run(Self.plan(tint: 1, step: 3, counter: counter), into: &frame, threads: 1)
        }
        let before = counter.count
        var small = Framebuffer(width: 100, height: 60)
        context.run(Self.plan(tint: 1, step: 3, counter: counter), into: &small, threads: 1)
        #expect(counter.count - before == 2 * 1)
        var expected = Framebuffer(width: 100, height: 60)
        var newContext = RenderContext()
        newContext.run(Self.plan(tint: 1, step: 3, counter: Counter()), into: &expected, threads: 1)
        #expect(small == expected)
    }

    @Test func withoutLayerCachingEveryFrameIsShaded() {
        let counter = Counter()
        var context = RenderContext()
        context.cachesLayers = false
        var frame = Framebuffer(width: 200, height: 150)
        for _ in 0..<3 { context.run(Self.plan(tint: 1, step: 3, counter: counter), into: &frame, threads: 2) }
        #expect(counter.count == 3 * 12)
    }
}
