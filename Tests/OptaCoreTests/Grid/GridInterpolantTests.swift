import Foundation
import Testing
@testable import OptaCore

@Suite("Grid interpolant")
struct GridInterpolantTests {
    /// f = sin(x)·y + x² sampled on an uneven x axis and an even y axis.
    static func sampled(_ interpolation: GridInterpolation, nan: Int? = nil) throws -> GridLandscape {
        let x = [-1.0, -0.7, -0.2, 0.1, 0.5, 0.6, 1.0, 1.4]
        let y = stride(from: -1.0, through: 1.0, by: 0.25).map { $0 }
        var values: [Double] = []
        for yv in y { for xv in x { values.append(sin(xv) * yv + xv * xv) } }
        if let nan { values[nan] = .nan }
        return try GridLandscape.make(values: values, rows: y.count, columns: x.count, x: x, y: y,
                                      interpolation: interpolation, source: GridSource(file: nil, dataset: nil, format: "inline"))
    }

    @Test("every interpolation goes through the samples", arguments: GridInterpolation.allCases)
    func reproducesSamples(_ interpolation: GridInterpolation) throws {
        let g = try Self.sampled(interpolation)
        for j in 0..<g.rows {
            for i in 0..<g.columns {
                let p = SIMD2(g.x.coordinates[i], g.y.coordinates[j])
                #expect(abs(g.value(p) - g.values[j * g.columns + i]) < 1e-12, "at \(p)")
            }
        }
    }

    @Test("the gradient is the derivative of the value", arguments: [GridInterpolation.cubic, .linear])
    func gradientMatchesDifferences(_ interpolation: GridInterpolation) throws {
        let g = try Self.sampled(interpolation)
        let h = 1e-6
        for p in [SIMD2(0.3, 0.1), SIMD2(-0.55, -0.62), SIMD2(1.2, 0.83), SIMD2(0.05, -0.9)] {
            let grad = g.gradient(p)
            let fx = (g.value(p + SIMD2(h, 0)) - g.value(p - SIMD2(h, 0))) / (2 * h)
            let fy = (g.value(p + SIMD2(0, h)) - g.value(p - SIMD2(0, h))) / (2 * h)
            #expect(abs(grad.x - fx) < 1e-5 && abs(grad.y - fy) < 1e-5, "at \(p): \(grad) vs (\(fx), \(fy))")
        }
    }

    @Test("cubic is C¹: value and gradient agree on both sides of cell edges")
    func cubicIsC1() throws {
        let g = try Self.sampled(.cubic)
        let e = 1e-9
        for p in [SIMD2(0.1, 0.33), SIMD2(0.5, -0.4), SIMD2(-0.3, 0.25), SIMD2(0.6, 0.75)] {
            for d in [SIMD2(e, 0), SIMD2(0, e)] {
                let a = g.evaluate(p - d), b = g.evaluate(p + d)
                #expect(abs(a.value - b.value) < 1e-7 && abs(a.dx - b.dx) < 1e-6 && abs(a.dy - b.dy) < 1e-6, "at \(p) ± \(d)")
            }
        }
    }

    @Test("cubic does not overshoot a step: values stay within the samples")
    func cubicIsMonotone() throws {
        let row = [0.0, 0, 0, 1, 1, 1]
        let g = try GridLandscape.make(values: row + row, rows: 2, columns: 6, x: (0..<6).map(Double.init), y: [0, 1],
                                       interpolation: .cubic, source: GridSource(file: nil, dataset: nil, format: "inline"))
        for k in 0...500 {
            let v = g.value(SIMD2(Double(k) / 100, 0.37))
            #expect(v >= -1e-12 && v <= 1 + 1e-12, "overshoot \(v) at x = \(Double(k) / 100)")
        }
    }

    @Test("rows sampled for the heatmap equal points sampled for solvers", arguments: GridInterpolation.allCases)
    func rowsMatchPoints(_ interpolation: GridInterpolation) throws {
        let g = try Self.sampled(interpolation)
        let count = 97
        var values = [Float](repeating: 0, count: count), gx = values, gy = values
        let x0 = -1.1, dx = 2.6 / Double(count)
        Objective.grid(g).sampleRow(y: 0.41, x0: x0, dx: dx, count: count, values: &values, gradX: &gx, gradY: &gy)
        for k in 0..<count {
            let p = SIMD2(x0 + Double(k) * dx, 0.41)
            let e = g.evaluate(p)
            if e.value.isNaN { #expect(values[k].isNaN, "outside at \(p)"); continue }
            #expect(abs(Double(values[k]) - e.value) < 1e-5 && abs(Double(gx[k]) - e.dx) < 1e-4 && abs(Double(gy[k]) - e.dy) < 1e-4,
                    "at \(p)")
        }
    }

    @Test("an undefined sample makes exactly its four cells undefined; outside the grid is undefined")
    func undefinedCells() throws {
        // Sample (row 4, column 3) at x = 0.1, y = 0.
        let g = try Self.sampled(.cubic, nan: 4 * 8 + 3)
        #expect(g.value(SIMD2(0, -0.1)).isNaN && g.value(SIMD2(0.3, 0.1)).isNaN)
        #expect(g.value(SIMD2(-0.3, 0.1)).isFinite && g.value(SIMD2(0.3, 0.3)).isFinite && g.value(SIMD2(0.55, 0.1)).isFinite)
        #expect(g.value(SIMD2(1.5, 0)).isNaN && g.value(SIMD2(0, -1.01)).isNaN)
        #expect(g.undefinedCount == 1)
    }

    @Test("gradient descent walks down a grid bowl to its lowest sample")
    func solverOnGrid() throws {
        let x = (0..<41).map { -1 + Double($0) * 0.05 }
        var values: [Double] = []
        for yv in x { for xv in x { values.append((xv - 0.3) * (xv - 0.3) + 2 * (yv + 0.2) * (yv + 0.2)) } }
        let g = try GridLandscape.make(values: values, rows: 41, columns: 41, x: x, y: x, interpolation: .cubic,
                                       source: GridSource(file: nil, dataset: nil, format: "inline"))
        let objective = Objective.grid(g)
        var state = try AnySolverState(method: .gradientDescent, start: SIMD2(0.8, 0.6), parameters: ["learningRate": 0.1], seed: 1)
        for _ in 0..<200 { state.step(on: objective) }
        #expect(abs(state.point.x - 0.3) < 1e-3 && abs(state.point.y + 0.2) < 1e-3, "ended at \(state.point)")
        #expect(g.lowest.point == SIMD2(0.3, -0.2) || abs(g.lowest.value) < 1e-12)
    }

    @Test("decreasing coordinates are flipped; unordered ones are refused with their index")
    func coordinateOrder() throws {
        let flipped = try GridLandscape.make(values: [1, 2, 3, 4], rows: 2, columns: 2, x: [1, 0], y: [5, 3], interpolation: .linear,
                                             source: GridSource(file: nil, dataset: nil, format: "inline"))
        #expect(flipped.value(SIMD2(1, 5)) == 1 && flipped.value(SIMD2(0, 3)) == 4)
        #expect(throws: GridError.self) {
            try GridLandscape.make(values: [Double](repeating: 1, count: 6), rows: 2, columns: 3, x: [0, 2, 1], y: [0, 1],
                                   interpolation: .cubic, source: GridSource(file: "z.npy", dataset: nil, format: "npy"))
        }
        do {
            _ = try GridLandscape.make(values: [.nan, .nan, .nan, .nan], rows: 2, columns: 2, x: [0, 1], y: [0, 1], interpolation: .cubic,
                                       source: GridSource(file: "z.npy", dataset: nil, format: "npy"))
            Issue.record("an all-NaN grid was accepted")
        } catch {
            #expect(error.description.contains("z.npy") && error.description.contains("no finite number"))
        }
    }
}
