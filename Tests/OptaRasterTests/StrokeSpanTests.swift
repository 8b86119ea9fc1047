import Foundation
import OptaRaster
import Testing

/// The 8-lane stroke kernels against the scalar path (tiles narrower than 8 pixels use it).
@Suite struct StrokeSpanTests {
    @Test func vectorAndScalarPathsGiveTheSameBytes() {
        var rng = SplitMix(seed: 7)
        var items: [DrawItem] = []
        for i in 0..<300 {
            let a = SIMD2<Float>(Float.random(in: -10...170, using: &rng), Float.random(in: -10...130, using: &rng))
            let b = a + SIMD2<Float>(Float.random(in: -60...60, using: &rng), Float.random(in: -60...60, using: &rng))
            let width: Float = [0.3, 1, 1.25, 2.5, 6][i % 5]
            items.append(.polyline(points: [a, b], width: width, color: RGBA(0.2, 0.3, 0.5, 0.5)))
        }
        let vector = render(items, width: 160, height: 120, tileSize: 64, background: 0xFFFF_FFFF)
        let scalar = render(items, width: 160, height: 120, tileSize: 4, background: 0xFFFF_FFFF)
        let different = zip(vector.pixels, scalar.pixels).filter { $0 != $1 }.count
        #expect(different == 0)
        #expect(vector.pixels.contains { $0 != 0xFFFF_FFFF })
    }

    /// The interior-row shortcut and the row windows against the scalar path for every kind of
    /// line: exactly and nearly horizontal or vertical, diagonal, sub-pixel short, long across
    /// many tiles, ends on and off pixel boundaries, for several tile sizes.
    @Test func vectorPathsMatchTheScalarPathForAllDirections() {
        var rng = SplitMix(seed: 23)
        var items: [DrawItem] = []
        for i in 0..<1200 {
            let a = SIMD2<Float>(Float.random(in: -8...308, using: &rng), Float.random(in: -8...208, using: &rng))
            let angle: Float
            switch i % 6 {
            case 0: angle = [0, .pi / 2, .pi, -.pi / 2][i / 6 % 4]
            case 1: angle = [0, .pi / 2, .pi, -.pi / 2][i / 6 % 4] + Float.random(in: -0.02...0.02, using: &rng)
            case 2: angle = .pi / 4 * Float(i / 6 % 8)
            default: angle = Float.random(in: -.pi ... .pi, using: &rng)
            }
            let length: Float = [0.3, 2, 9, 40, 160, 400][i % 6 == 5 ? 5 : Int.random(in: 0...4, using: &rng)]
            var b = a + SIMD2(cos(angle), sin(angle)) * length
            if i % 7 == 0 { b = (b * 2).rounded(.toNearestOrEven) / 2 }
            let width: Float = [0.5, 1, 1.25, 2, 3.5][i % 5]
            items.append(.line(from: i % 11 == 0 ? a.rounded(.toNearestOrEven) : a, to: b, width: width, color: RGBA(0.2, 0.3, 0.5, 0.5)))
        }
        let scalar = render(items, width: 300, height: 200, tileSize: 4, background: 0xFFFF_FFFF)
        for tileSize in [16, 64, 128] {
            let vector = render(items, width: 300, height: 200, tileSize: tileSize, background: 0xFFFF_FFFF)
            #expect(zip(vector.pixels, scalar.pixels).filter { $0 != $1 }.count == 0, "tile size \(tileSize)")
        }
    }

    @Test func steepAndShallowLinesKeepTheirInk() {
        // A 1.25 px line's ink per unit length is its width, whatever its direction.
        for angle in stride(from: Float(0), to: .pi, by: .pi / 13) {
            let c = SIMD2<Float>(80, 60), u = SIMD2<Float>(cos(angle), sin(angle)) * 40
            let fb = render([.polyline(points: [c - u, c + u], width: 1.25, color: .white)], width: 160, height: 120)
            let expected: Float = 80 * 1.25 + .pi * 0.625 * 0.625
            #expect(abs(fb.alphaSum - expected) < expected * 0.03, "angle \(angle): \(fb.alphaSum) vs \(expected)")
        }
    }
}

/// Binning long lists in chunks on several threads gives the same bins as one binner.
@Suite struct ParallelBinningTests {
    @Test func chunkedBinningMatchesOneBinner() {
        var rng = SplitMix(seed: 11)
        var items: [DrawItem] = []
        for i in 0..<7000 {
            let a = SIMD2<Float>(Float.random(in: -10...330, using: &rng), Float.random(in: -10...250, using: &rng))
            let b = a + SIMD2<Float>(Float.random(in: -40...40, using: &rng), Float.random(in: -40...40, using: &rng))
            switch i % 6 {
            case 5: items.append(DrawItem.stroke(points: [a, b, a + [9, 4]], width: 3, color: RGBA(0.5, 0.1, 0.3, 0.6),
                                                 cap: .square, join: .miter))
            case 0: items.append(.line(from: a, to: b, width: 1.25, color: RGBA(0.2, 0.3, 0.5, 0.5)))
            case 1: items.append(.disk(center: a, radius: 3, fill: RGBA(0.9, 0.6, 0.1), outlineWidth: 1, outline: .black))
            case 2: items.append(.convexPolygon(points: [a, b, a + [5, -3]], fill: RGBA(0, 0, 0, 0.3)))
            case 3: items.append(.mask(x: Int(a.x), y: Int(a.y), width: 3, height: 2, coverage: [0, 128, 255, 255, 64, 0], color: .black))
            default: items.append(.polyline(points: [a, b, a + [7, 9]], width: 2, color: RGBA(0.1, 0.6, 0.3, 0.6)))
            }
        }
        let list = DrawList(items)
        let one = BinnedDrawList(list, width: 320, height: 240, threads: 1)
        let two = BinnedDrawList(list, width: 320, height: 240, threads: 2)
        let three = BinnedDrawList(list, width: 320, height: 240, threads: 3)
        #expect(one.entryCount == two.entryCount && one.entryCount == three.entryCount)
        var a = Framebuffer(width: 320, height: 240, fill: 0xFFFF_FFFF), b = a, c = a
        a.draw(one, threads: 1); b.draw(two, threads: 1); c.draw(three, threads: 2)
        #expect(a.pixels == b.pixels)
        #expect(a.pixels == c.pixels)
    }
}

@Suite struct DiskSpanTests {
    @Test func vectorAndScalarOutlinedDisksGiveTheSameBytes() {
        var rng = SplitMix(seed: 5)
        var items: [DrawItem] = []
        for i in 0..<200 {
            let c = SIMD2<Float>(Float.random(in: -6...166, using: &rng), Float.random(in: -6...126, using: &rng))
            let r: Float = [0.3, 2, 4, 4.5, 9][i % 5]
            items.append(.disk(center: c, radius: r, fill: RGBA(0.95, 0.6, 0.1, i % 3 == 0 ? 0.6 : 1),
                               outlineWidth: [0.5, 1, 2.5][i % 3], outline: RGBA(0.1, 0.1, 0.1)))
        }
        let vector = render(items, width: 160, height: 120, tileSize: 64, background: 0xFFFF_FFFF)
        let scalar = render(items, width: 160, height: 120, tileSize: 4, background: 0xFFFF_FFFF)
        #expect(zip(vector.pixels, scalar.pixels).filter { $0 != $1 }.count == 0)
    }
}
