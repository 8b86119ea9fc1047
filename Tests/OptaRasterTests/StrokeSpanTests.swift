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
