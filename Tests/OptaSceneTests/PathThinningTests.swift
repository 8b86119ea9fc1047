import Foundation
@testable import OptaScene
import Testing

/// Long paths are drawn with fewer points, never further than the tolerance from what they were.
@Suite("PathThinning")
struct PathThinningTests {
    /// Distance from `p` to the segment a–b.
    static func distance(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let ab = b - a, ap = p - a
        let t = (ab * ab).sum() > 0 ? min(1, max(0, (ap * ab).sum() / (ab * ab).sum())) : 0
        let d = ap - t * ab
        return (d * d).sum().squareRoot()
    }

    /// A smooth spiral with a small random wobble, in pixels (one domain unit a pixel).
    static func spiral(_ count: Int, wobble: Double, seed: UInt64) -> [SIMD2<Double>] {
        var state = seed
        func random() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53) - 0.5
        }
        return (0..<count).map { i in
            let t = Double(i) / Double(count) * 12
            return SIMD2(200 + 150 * exp(-t / 6) * cos(t), 200 + 150 * exp(-t / 6) * sin(t)) + wobble * SIMD2(random(), random())
        }
    }

    @Test(arguments: [0.0, 0.05, 0.5, 3.0])
    func everyPointStaysWithinTheToleranceOfTheDrawnPath(wobble: Double) {
        let points = Self.spiral(20_000, wobble: wobble, seed: 7)
        let thinned = PathThinning.thinned(points, unitsPerPixel: SIMD2(1, 1))
        #expect(thinned.first == points.first && thinned.last == points.last)
        #expect(thinned.count < points.count)
        // Kept points are points of the path, in order.
        var index = 0
        for p in thinned {
            while index < points.count && points[index] != p { index += 1 }
            #expect(index < points.count, "a kept point is not on the path")
        }
        // Every point is near one of the drawn segments.
        var worst = 0.0
        for p in points {
            var nearest = Double.infinity
            for k in 0..<(thinned.count - 1) { nearest = min(nearest, Self.distance(p, thinned[k], thinned[k + 1])) }
            worst = max(worst, nearest)
        }
        #expect(worst <= PathThinning.tolerance * 2, "a point is \(worst) px from the drawn path")
        if wobble == 0 { #expect(thinned.count * 10 < points.count, "a smooth path keeps \(thinned.count) points") }
    }

    @Test func shortPathsAreDrawnPointForPoint() {
        let points = Self.spiral(PathThinning.minimumCount, wobble: 0, seed: 1)
        #expect(PathThinning.thinned(points, unitsPerPixel: SIMD2(1, 1)) == points)
    }

    @Test func nonFinitePointsAndTheirNeighboursAreKept() {
        var points = Self.spiral(10_000, wobble: 0, seed: 1)
        points[5000] = SIMD2(.nan, 0)
        let thinned = PathThinning.thinned(points, unitsPerPixel: SIMD2(0.5, 0.5))
        let at = thinned.firstIndex { !$0.x.isFinite }
        #expect(at != nil)
        if let at {
            #expect(thinned[at - 1] == points[4999])
            #expect(thinned[at + 1] == points[5001])
        }
    }
}
