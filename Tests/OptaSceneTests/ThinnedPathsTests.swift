import Foundation
import OptaCore
@testable import OptaScene
import Testing

/// A figure thins its long paths once and reuses them only while they are the same paths.
@Suite("ThinnedPaths")
struct ThinnedPathsTests {
    static func frame(_ p: SIMD2<Double>) -> SIMD2<Float> { SIMD2(Float(p.x * 100), Float(p.y * 100)) }
    /// A plot that cuts off the spiral's right side (x > 2.2), which its first two turns cross.
    static let lo = SIMD2<Float>(0, 0), hi = SIMD2<Float>(220, 400)

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
        let paths = ThinnedPaths([long, short], lo: Self.lo, hi: Self.hi, framePoint: Self.frame)
        #expect(paths.entries.keys.sorted() == ["#1 GD"])
        let expected = PolylineThinning.thinned(long.points.map(Self.frame))
        #expect(expected.count < long.points.count)
        #expect(paths.line(of: long, Self.frame).points == expected)
        #expect(paths.line(of: short, Self.frame).points == short.points.map(Self.frame))
        // The line is cut to the plot once, into pieces of two points or more.
        let pieces = paths.line(of: long, Self.frame).pieces
        #expect(pieces == PathClipping.clip(expected, lo: Self.lo, hi: Self.hi).filter { $0.count >= 2 })
        #expect(pieces.count > 1 && pieces.allSatisfy { $0.allSatisfy { $0.x <= Self.hi.x } })
    }

    @Test func aChangedPathOfTheSameNameIsThinnedAnew() {
        let long = PathSpec(name: "adam", points: Self.spiral(10_000))
        let paths = ThinnedPaths([long], lo: Self.lo, hi: Self.hi, framePoint: Self.frame)
        var grown = long
        grown.points.append(SIMD2(0, 0))
        #expect(paths.line(of: grown, Self.frame).points == PolylineThinning.thinned(grown.points.map(Self.frame)))
        var moved = long
        moved.points[moved.points.count - 1] = SIMD2(3, 3)
        let line = paths.line(of: moved, Self.frame)
        #expect(line.points.last == Self.frame(SIMD2(3, 3)))
        #expect(line.pieces == PathClipping.clip(line.points, lo: Self.lo, hi: Self.hi).filter { $0.count >= 2 })
    }
}
