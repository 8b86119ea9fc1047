import Foundation
import OptaCore
@testable import OptaScene
import Testing

/// A figure keeps its paths thinned from frame to frame: a growing path is thinned only in its new
/// points, to the same points as thinning it whole, and a path that is not the one thinned before
/// is thinned anew.
@Suite("GrowingPaths")
struct GrowingPathsTests {
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

    /// A noisy walk (0.3 px steps in frame pixels), as a training run's coordinates move.
    static func walk(_ count: Int, seed: UInt64 = 7) -> [SIMD2<Double>] {
        var state = seed, p = SIMD2<Double>(2, 2)
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let angle = Double(state >> 40) / Double(1 << 24) * 2 * .pi
            p += SIMD2(cos(angle), sin(angle)) * 0.003
            return p
        }
    }

    @Test func aPathIsThinnedOnceAndReusedWhileUnchanged() {
        let long = PathSpec(name: "#1 GD", points: Self.spiral(10_000))
        let short = PathSpec(name: "short", points: Self.spiral(100))
        let paths = GrowingPaths<ThinnedLine>()
        let expected = PolylineThinning.thinned(long.points.map(Self.frame))
        #expect(expected.count < long.points.count)
        #expect(paths.line(of: long, at: 0, Self.frame, lo: Self.lo, hi: Self.hi).points == expected)
        #expect(paths.line(of: short, at: 1, Self.frame, lo: Self.lo, hi: Self.hi).points == short.points.map(Self.frame))
        #expect(paths.line(of: long, at: 0, { _ in .zero }, lo: Self.lo, hi: Self.hi).points == expected, "not mapped again")
    }

    /// The line is cut to the plot into pieces of two points or more, once: an unchanged path
    /// gives the same arrays every frame (which is what lets a kept layer of stored runs compare
    /// equal at once), and pieces are cut again when it grows.
    @Test func aPathIsCutToThePlotOnceWhileUnchanged() {
        let long = PathSpec(name: "#1 GD", points: Self.spiral(10_000))
        let paths = GrowingPaths<ThinnedLine>()
        let line = paths.line(of: long, at: 0, Self.frame, lo: Self.lo, hi: Self.hi)
        #expect(line.pieces == PathClipping.clip(line.points, lo: Self.lo, hi: Self.hi).filter { $0.count >= 2 })
        #expect(line.pieces.count > 1 && line.pieces.allSatisfy { $0.allSatisfy { $0.x <= Self.hi.x } })
        let again = paths.line(of: long, at: 0, Self.frame, lo: Self.lo, hi: Self.hi)
        let address = { (piece: [SIMD2<Float>]) in piece.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        #expect(address(again.pieces[0]) == address(line.pieces[0]), "the same array, not a new cut")
        var grown = long
        grown.points.append(SIMD2(2.1, 2.1))
        let longer = paths.line(of: grown, at: 0, Self.frame, lo: Self.lo, hi: Self.hi)
        #expect(longer.pieces == PathClipping.clip(longer.points, lo: Self.lo, hi: Self.hi).filter { $0.count >= 2 })
        #expect(longer.pieces.last?.last == Self.frame(SIMD2(2.1, 2.1)))
    }

    @Test func aGrowingPathIsThinnedAsAWholeOneIs() {
        let all = Self.walk(60_000)
        let paths = GrowingPaths<ThinnedLine>()
        // Growing in uneven steps, across the budget, as a followed log does from frame to frame.
        for end in [1, 2, 3, 50, 3_999, 4_000, 4_001, 4_002, 9_000, 20_000, 33_333, 60_000] {
            let grown = PathSpec(name: "adam", points: Array(all.prefix(end)))
            let drawn = paths.line(of: grown, at: 3, Self.frame, lo: Self.lo, hi: Self.hi).points
            #expect(drawn == PolylineThinning.thinned(grown.points.map(Self.frame)), "\(end) points")
            #expect(drawn.count <= PolylineThinning.budget)
        }
    }

    @Test func aPathThatIsNotTheOneThinnedBeforeIsThinnedAnew() {
        let long = PathSpec(name: "adam", points: Self.spiral(10_000))
        let paths = GrowingPaths<ThinnedLine>()
        _ = paths.line(of: long, at: 0, Self.frame, lo: Self.lo, hi: Self.hi).points
        var moved = long
        moved.points[moved.points.count - 1] = SIMD2(3, 3)
        moved.points.append(SIMD2(3, 4))
        #expect(paths.line(of: moved, at: 0, Self.frame, lo: Self.lo, hi: Self.hi).points == PolylineThinning.thinned(moved.points.map(Self.frame)))
        let restarted = PathSpec(name: "adam", points: Self.walk(5_000))
        #expect(paths.line(of: restarted, at: 0, Self.frame, lo: Self.lo, hi: Self.hi).points == PolylineThinning.thinned(restarted.points.map(Self.frame)))
        let shorter = PathSpec(name: "adam", points: Array(restarted.points.prefix(4_500)))
        #expect(paths.line(of: shorter, at: 0, Self.frame, lo: Self.lo, hi: Self.hi).points == PolylineThinning.thinned(shorter.points.map(Self.frame)))
        let renamed = PathSpec(name: "sgd", points: shorter.points)
        #expect(paths.line(of: renamed, at: 0, Self.frame, lo: Self.lo, hi: Self.hi).points == PolylineThinning.thinned(renamed.points.map(Self.frame)))
    }
}
