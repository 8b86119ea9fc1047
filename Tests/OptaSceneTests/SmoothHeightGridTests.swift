import Foundation
import Shaders
import Testing

/// The 3-D floor reads its height grid smoothly: its contour lines follow the surface between grid
/// points instead of running straight across each cell and bending at its edges.
@Suite struct SmoothHeightGridTests {
    /// A smooth test surface over grid coordinates, about 0…1, curved along and across both axes.
    static func f(_ x: Double, _ y: Double) -> Double {
        0.5 + 0.3 * sin(0.45 * x) * cos(0.35 * y) + 0.002 * x * y
    }

    /// The larger of the two components' differences.
    static func apart(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float { max(abs(a.x - b.x), abs(a.y - b.y)) }

    static let n = 24
    static let grid = SmoothHeightGrid(values: (0..<(n * n)).map { Float(f(Double($0 % n), Double($0 / n))) }, resolution: n)

    @Test func passesThroughItsPoints() {
        for (i, j) in [(0, 0), (5, 7), (22, 21), (12, 0)] {
            #expect(abs(Self.grid.sample(Float(i), Float(j)).value - Float(Self.f(Double(i), Double(j)))) < 1e-6)
        }
    }

    /// Between points it is far nearer the surface than a bilinear reading (which is off by up
    /// to about 0.012 here), and its gradient is the surface's (the bilinear one is off by up to 0.03).
    @Test func followsTheSurfaceBetweenItsPoints() {
        var worst: Float = 0, worstGradient: Float = 0
        for gy in stride(from: 1.0, to: 22.0, by: 0.37) {
            for gx in stride(from: 1.0, to: 22.0, by: 0.29) {
                let (value, gradient) = Self.grid.sample(Float(gx), Float(gy))
                worst = max(worst, abs(value - Float(Self.f(gx, gy))))
                let h = 1e-4
                let exact = SIMD2(Float((Self.f(gx + h, gy) - Self.f(gx - h, gy)) / (2 * h)),
                                  Float((Self.f(gx, gy + h) - Self.f(gx, gy - h)) / (2 * h)))
                worstGradient = max(worstGradient, Self.apart(gradient, exact))
            }
        }
        #expect(worst < 1.5e-3, "value off by \(worst)")
        #expect(worstGradient < 5e-3, "gradient off by \(worstGradient)")
    }

    /// Its gradient does not jump where one cell meets the next (a bilinear reading's jumps by
    /// the grid's second difference, about 0.06 here), so contour lines do not bend there.
    @Test func itsGradientIsContinuousAcrossCellEdges() {
        let e: Float = 1e-3
        var worst: Float = 0
        for k in 1..<(Self.n - 1) {
            for s in stride(from: Float(0.5), to: Float(Self.n - 1), by: 1.7) {
                let across = Self.apart(Self.grid.sample(Float(k) - e, s).gradient, Self.grid.sample(Float(k) + e, s).gradient)
                let down = Self.apart(Self.grid.sample(s, Float(k) - e).gradient, Self.grid.sample(s, Float(k) + e).gradient)
                worst = max(worst, across, down)
            }
        }
        #expect(worst < 1e-3, "the gradient jumps by \(worst) at a cell edge")
    }

    /// Slopes next to a hole are taken from defined points only: what an undefined point holds
    /// does not reach the cells beside it.
    @Test func undefinedPointsDoNotBendTheirNeighbours() {
        let n = 8
        var values = (0..<(n * n)).map { Float(Self.f(Double($0 % n), Double($0 / n))) }
        var defined = [Bool](repeating: true, count: n * n)
        defined[3 * n + 3] = false
        values[3 * n + 3] = 0
        let hole = SmoothHeightGrid(values: values, resolution: n, defined: defined)
        values[3 * n + 3] = 50
        let otherHole = SmoothHeightGrid(values: values, resolution: n, defined: defined)
        // Cells with a corner beside (3, 3) but not at it.
        for (x, y) in [(4.5, 3.5), (4.2, 2.4), (1.5, 3.3), (3.5, 4.6), (5.5, 1.5)] {
            let a = hole.sample(Float(x), Float(y)), b = otherHole.sample(Float(x), Float(y))
            #expect(a.value == b.value && a.gradient == b.gradient, "(\(x), \(y))")
        }
    }

    @Test func aGridOfTheWrongShapeReadsFlat() {
        let grid = SmoothHeightGrid(values: [1, 2, 3], resolution: 2)
        #expect(grid.sample(0.5, 0.5).value == 0 && grid.sample(.nan, .infinity).gradient == .zero)
    }
}
