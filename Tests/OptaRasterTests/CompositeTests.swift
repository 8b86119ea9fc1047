import OptaRaster
import Testing

@Suite struct CompositeTests {
    @Test func laterItemsAreOnTop() {
        let red = RGBA(1, 0, 0), blue = RGBA(0, 0, 1)
        let a = PixelRectF(x0: 5, y0: 5, x1: 30, y1: 30), b = PixelRectF(x0: 20, y0: 20, x1: 40, y1: 40)
        let redFirst = render([.rect(a, fill: red), .rect(b, fill: blue)])
        let blueFirst = render([.rect(b, fill: blue), .rect(a, fill: red)])
        #expect(redFirst[25, 25] == blue.premultipliedPacked)
        #expect(blueFirst[25, 25] == red.premultipliedPacked)
        // Translucent items composite in order too.
        let half = RGBA(0, 1, 0, 0.5)
        let over = render([.rect(a, fill: red), .disk(center: [25, 25], radius: 4, fill: half, outlineWidth: 0, outline: .clear)])
        #expect(over.channel(25, 25, 1) == 128 && over.channel(25, 25, 0) == 127 && over.channel(25, 25, 3) == 255)
    }

    @Test func resultDoesNotDependOnTilesOrThreads() {
        let items = randomScene(width: 150, height: 110, seed: 7)
        let reference = render(items, width: 150, height: 110, threads: 1, tileSize: 64)
        #expect(reference.inkedPixels > 1000)
        for (threads, tile) in [(4, 16), (2, 32), (3, 7), (2, 200)] {
            let other = render(items, width: 150, height: 110, threads: threads, tileSize: tile)
            #expect(other.pixels == reference.pixels, "threads \(threads), tile \(tile)")
        }
    }

    @Test func offScreenAndNonFiniteItemsAreSkipped() {
        let nan = Float.nan, inf = Float.infinity
        let items: [DrawItem] = [
            .polyline(points: [[-100, -100], [-50, -80]], width: 3, color: .white),
            .polyline(points: [[nan, 3], [4, nan]], width: 3, color: .white),
            .polyline(points: [[3, 3], [30, 30]], width: nan, color: .white),
            .polyline(points: [[3, 3], [30, 30]], width: 2, color: RGBA(nan, 0, 0)),
            .segment(from: [inf, 3], to: [4, 5], width: 1, color: .white),
            .segment(from: [200, 200], to: [300, 300], width: 1, color: .white),
            .disk(center: [nan, 10], radius: 4, fill: .white, outlineWidth: 1, outline: .black),
            .disk(center: [10, 10], radius: -4, fill: .white, outlineWidth: 1, outline: .black),
            .disk(center: [500, 10], radius: 4, fill: .white, outlineWidth: 1, outline: .black),
            .ring(center: [10, 10], radius: inf, width: 1, color: .white),
            .rect(PixelRectF(x0: nan, y0: 0, x1: 10, y1: 10), fill: .white),
            .rect(PixelRectF(x0: 70, y0: 0, x1: 80, y1: 10), fill: .white),
            .mask(x: 100, y: 0, width: 2, height: 2, coverage: [255, 255, 255, 255], color: .white),
            .mask(x: Int.max - 1, y: Int.min, width: 2, height: 2, coverage: [255, 255, 255, 255], color: .white),
            .mask(x: 0, y: 0, width: 4, height: 4, coverage: [255], color: .white),
        ]
        #expect(render(items).inkedPixels == 0)
        var list = DrawList()
        for item in items { list.append(item) }
        #expect(BinnedDrawList(list, width: 64, height: 64).entryCount == 0)
    }

    @Test func absurdCoordinatesDoNotCrash() {
        let items: [DrawItem] = [
            .polyline(points: [[-1e30, -1e30], [1e30, 1e30], [3e38, -3e38]], width: 1, color: .white),
            .segment(from: [30.5, -1e30], to: [-1e38, 1e30], width: 1, color: .white),
            .disk(center: [10, 10], radius: 1e30, fill: .white, outlineWidth: 1e30, outline: .black),
            .ring(center: [1e30, 10], radius: 1e30, width: 3, color: .white),
        ]
        _ = render(items)
    }

    @Test func farCoordinatesAreClippedNotLost() {
        let items: [DrawItem] = [
            .polyline(points: [[-1e9, 20.5], [1e9, 20.5]], width: 1, color: .white),
            .segment(from: [30.5, -1e8], to: [30.5, 1e8], width: 1, color: .white),
            .rect(PixelRectF(x0: -1e30, y0: 50, x1: 1e30, y1: 51), fill: .white),
        ]
        let fb = render(items)
        for i in 0..<64 {
            #expect(fb.alpha(i, 20) == 1)
            #expect(fb.alpha(30, i) == 1)
            #expect(fb.alpha(i, 50) == 1)
        }
        #expect(fb.inkedPixels == 3 * 64 - 2)
    }
}

/// A seeded scene with every kind of item, overlapping, translucent, partly off-screen.
func randomScene(width: Int, height: Int, seed: UInt64) -> [DrawItem] {
    var rng = SplitMix(seed: seed)
    func p() -> SIMD2<Float> {
        [Float.random(in: -10...Float(width + 10), using: &rng), Float.random(in: -10...Float(height + 10), using: &rng)]
    }
    func c() -> RGBA {
        RGBA(Float.random(in: 0...1, using: &rng), Float.random(in: 0...1, using: &rng),
             Float.random(in: 0...1, using: &rng), Float.random(in: 0.2...1, using: &rng))
    }
    var items: [DrawItem] = []
    for i in 0..<60 {
        switch i % 6 {
        case 0: items.append(.polyline(points: (0..<Int.random(in: 1...12, using: &rng)).map { _ in p() },
                                       width: Float.random(in: 0.3...6, using: &rng), color: c()))
        case 1: items.append(.segment(from: p(), to: p(), width: Float.random(in: 0.3...3, using: &rng), color: c()))
        case 2: items.append(.disk(center: p(), radius: Float.random(in: 0.5...12, using: &rng), fill: c(),
                                   outlineWidth: Float.random(in: 0...2, using: &rng), outline: c()))
        case 3: items.append(.ring(center: p(), radius: Float.random(in: 1...20, using: &rng),
                                   width: Float.random(in: 0.4...3, using: &rng), color: c()))
        case 4:
            let a = p(), b = p()
            items.append(.rect(PixelRectF(x0: a.x, y0: a.y, x1: b.x, y1: b.y), fill: c()))
        default:
            let w = Int.random(in: 1...20, using: &rng), h = Int.random(in: 1...20, using: &rng)
            let cov = (0..<(w * h)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let o = p()
            items.append(.mask(x: Int(o.x), y: Int(o.y), width: w, height: h, coverage: cov, color: c()))
        }
    }
    return items
}
