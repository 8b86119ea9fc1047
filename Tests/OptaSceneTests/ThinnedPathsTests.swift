import Foundation
import OptaCore
@testable import OptaScene
import Testing

/// A figure thins its long paths once and reuses them only while they are the same paths.
@Suite("ThinnedPaths")
struct ThinnedPathsTests {
    static func frame(_ p: SIMD2<Double>) -> SIMD2<Float> { SIMD2(Float(p.x * 100), Float(p.y * 100)) }

    static func spiral(_ count: Int) -> [SIMD2<Double>] {
        (0..<count).map { (i: Int) -> SIMD2<Double> in
            let t = Double(i) / Double(count) * 12
            let r: Double = exp(-t / 6)
            return SIMD2(2 + r * cos(t), 2 + r * sin(t))
        }
    }

    @Test func longPathsAreThinnedOnceAndReusedWhileUnchanged() {
        let long = PathSpec(name: "#1 GD", points: Self.spiral(10_000))
        let short = PathSpec(name: "short", points: Self.spiral(100))
        let paths = ThinnedPaths([long, short], framePoint: Self.frame)
        #expect(paths.entries.keys.sorted() == ["#1 GD"])
        let expected = PolylineThinning.thinned(long.points.map(Self.frame))
        #expect(expected.count < long.points.count)
        #expect(paths.framePoints(of: long, Self.frame) == expected)
        #expect(paths.framePoints(of: short, Self.frame) == short.points.map(Self.frame))
    }

    @Test func aChangedPathOfTheSameNameIsThinnedAnew() {
        let long = PathSpec(name: "adam", points: Self.spiral(10_000))
        let paths = ThinnedPaths([long], framePoint: Self.frame)
        var grown = long
        grown.points.append(SIMD2(0, 0))
        #expect(paths.framePoints(of: grown, Self.frame) == PolylineThinning.thinned(grown.points.map(Self.frame)))
        var moved = long
        moved.points[moved.points.count - 1] = SIMD2(3, 3)
        #expect(paths.framePoints(of: moved, Self.frame).last == Self.frame(SIMD2(3, 3)))
    }
}
