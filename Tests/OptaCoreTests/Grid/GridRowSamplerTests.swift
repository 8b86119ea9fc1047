import Foundation
import Testing
@testable import OptaCore

/// The row sampler's ways of filling a row — slices per grid column, slices per pixel (grids much
/// denser than the pixels), rows of a tile set up together — must give the same bits, so a picture
/// does not depend on tile size, zoom or thread count.
@Suite("Grid row sampler")
struct GridRowSamplerTests {
    /// f = sin(3x)·y + x² with one undefined sample, on an even (or uneven) x axis.
    static func grid(_ interpolation: GridInterpolation, columns: Int, even: Bool = true) throws -> GridLandscape {
        let x = (0..<columns).map { k -> Double in
            let t = -1 + 2 * Double(k) / Double(columns - 1)
            return even ? t : t + 0.3 * sin(Double(k)) / Double(columns)
        }
        let y = stride(from: -1.0, through: 1.0, by: 0.125).map { $0 }
        var values: [Double] = []
        for yv in y { for xv in x { values.append(sin(3 * xv) * yv + xv * xv) } }
        values[5 * columns + columns / 3] = .nan
        return try GridLandscape.make(values: values, rows: y.count, columns: columns, x: x, y: y,
                                      interpolation: interpolation, source: GridSource(file: nil, dataset: nil, format: "inline"))
    }

    struct Row: Equatable {
        var values: [UInt32], gradX: [UInt32], gradY: [UInt32]
    }

    static func row(_ g: GridLandscape, y: Double, x0: Double, dx: Double, count: Int) -> Row {
        var v = [Float](repeating: 7, count: count), gx = v, gy = v
        g.sampleRow(y: y, x0: x0, dx: dx, count: count, values: &v, gradX: &gx, gradY: &gy)
        return Row(values: v.map(\.bitPattern), gradX: gx.map(\.bitPattern), gradY: gy.map(\.bitPattern))
    }

    /// The same row assembled one pixel at a time (every pixel on its own: two columns sliced).
    static func pixelByPixel(_ g: GridLandscape, y: Double, x0: Double, dx: Double, count: Int) -> Row {
        var out = Row(values: [], gradX: [], gradY: [])
        for k in 0..<count {
            let one = row(g, y: y, x0: x0 + Double(k) * dx, dx: dx, count: 1)
            out.values += one.values; out.gradX += one.gradX; out.gradY += one.gradY
        }
        return out
    }

    @Test("a row equals the same row sampled pixel by pixel, bit for bit, on and off the grid",
          arguments: GridInterpolation.allCases, [true, false])
    func rowEqualsPixels(_ interpolation: GridInterpolation, even: Bool) throws {
        let g = try Self.grid(interpolation, columns: 40, even: even)
        // From left of the grid to right of it; rows through the undefined sample's cells too.
        for y in [-0.9, -0.37, 0.0, 0.61, 1.0, 1.2] {
            let x0 = -1.3, dx = 2.6 / 61
            #expect(Self.row(g, y: y, x0: x0, dx: dx, count: 61) == Self.pixelByPixel(g, y: y, x0: x0, dx: dx, count: 61), "y = \(y)")
        }
    }

    @Test("a grid much denser than the pixels (slices per pixel) agrees with pixel by pixel",
          arguments: [GridInterpolation.cubic, .linear])
    func denseGrid(_ interpolation: GridInterpolation) throws {
        let g = try Self.grid(interpolation, columns: 400)
        let x0 = -1.05, dx = 2.1 / 9
        let row = Self.row(g, y: 0.3, x0: x0, dx: dx, count: 9)
        #expect(row == Self.pixelByPixel(g, y: 0.3, x0: x0, dx: dx, count: 9))
        #expect(Float(bitPattern: row.values[4]).isFinite && Float(bitPattern: row.values[0]).isNaN)
    }

    @Test("about two columns a pixel, the densest grid still sliced by column, agrees with pixel by pixel",
          arguments: [GridInterpolation.cubic, .linear], [117, 132])
    func twoColumnsAPixel(_ interpolation: GridInterpolation, columns: Int) throws {
        // 61 pixels over the whole grid: 1.9 columns a pixel (eight pixels span up to 14 columns,
        // the most a pick reaches) or 2.15 (15 or 16: read lane by lane).
        let g = try Self.grid(interpolation, columns: columns)
        let dx = 2.0 / 61, x0 = -1 + dx / 2
        for y in [-0.4, 0.3, 0.61] {
            #expect(Self.row(g, y: y, x0: x0, dx: dx, count: 61) == Self.pixelByPixel(g, y: y, x0: x0, dx: dx, count: 61), "y = \(y)")
        }
    }

    @Test("the rows of a tile set up together equal rows sampled one by one")
    func tileRows() throws {
        let g = try Self.grid(.cubic, columns: 120)
        let x0 = -0.8, dx = 0.021, count = 64
        // Rows from above the grid's top (y 1.03) to below its bottom, so some are off the grid.
        let rows = PixelRows(top: 1.03, origin: 5, step: 0.047, rows: 5..<50)
        var fromTile: [Row] = []
        g.withRows(x0: x0, dx: dx, count: count, rows: rows) { fill in
            var v = [Float](repeating: 0, count: count), gx = v, gy = v
            for r in rows.rows {
                fill(r, &v, &gx, &gy)
                fromTile.append(Row(values: v.map(\.bitPattern), gradX: gx.map(\.bitPattern), gradY: gy.map(\.bitPattern)))
            }
        }
        #expect(fromTile.contains { Float(bitPattern: $0.values[0]).isNaN } && fromTile.contains { Float(bitPattern: $0.values[0]).isFinite })
        for (k, r) in rows.rows.enumerated() {
            #expect(fromTile[k] == Self.row(g, y: rows.y(r), x0: x0, dx: dx, count: count), "row \(r)")
        }
    }

    @Test("rows running right to left, and rows with no step, sample the same points")
    func reversedAndDegenerateRows() throws {
        let g = try Self.grid(.cubic, columns: 30)
        let forward = Self.row(g, y: 0.2, x0: -0.7, dx: 0.05, count: 29)
        let backward = Self.row(g, y: 0.2, x0: -0.7 + 28 * 0.05, dx: -0.05, count: 29)
        // x0 + k·dx rounds differently from the two ends, so compare values, not bits.
        for k in 0..<29 {
            let a = Float(bitPattern: forward.values[k]), b = Float(bitPattern: backward.values[28 - k])
            #expect(abs(a - b) <= 1e-5 * max(1, abs(a)), "pixel \(k): \(a) vs \(b)")
        }
        let flat = Self.row(g, y: 0.2, x0: 0.1, dx: 0, count: 11)
        #expect(Set(flat.values).count == 1)
        let none = Self.row(g, y: 0.2, x0: .nan, dx: 0.1, count: 5)
        #expect(none.values.allSatisfy { Float(bitPattern: $0).isNaN })
    }
}

@Suite("Grid row tables")
struct GridRowTableTests {
    @Test("plots of different heights taking turns keep their own tables, and give the rows sampled one by one")
    func plotsTakingTurns() throws {
        let g = try GridRowSamplerTests.grid(.cubic, columns: 60)
        let plots = (0..<GridLandscape.keptRowTables).map { k in
            PixelRows(top: 1, origin: 3 * k, step: 2.0 / Double(40 + 7 * k), rows: (3 * k)..<(3 * k + 40 + 7 * k))
        }
        let first = plots.map { g.rowTable($0) }
        for _ in 0..<3 {
            for (k, plot) in plots.enumerated() {
                let table = g.rowTable(plot)
                #expect(table.key == plot)
                // The same table, not one made again.
                #expect(table.entries.withUnsafeBufferPointer { $0.baseAddress } == first[k].entries.withUnsafeBufferPointer { $0.baseAddress })
            }
        }
        // A fifth plot puts out the one used longest ago.
        _ = g.rowTable(PixelRows(top: 1, origin: 0, step: 0.01, rows: 0..<200))
        #expect(g.rowTables.withLock { $0.count } == GridLandscape.keptRowTables)
        #expect(!g.rowTables.withLock { $0.contains { $0.key == plots[0] } })
        // Every row of a table samples as that row alone.
        let plot = plots[2]
        g.withRows(x0: -0.9, dx: 0.03, count: 61, rows: plot) { fill in
            var v = [Float](repeating: 0, count: 61), gx = v, gy = v
            for r in plot.rows {
                fill(r, &v, &gx, &gy)
                let row = GridRowSamplerTests.Row(values: v.map(\.bitPattern), gradX: gx.map(\.bitPattern), gradY: gy.map(\.bitPattern))
                #expect(row == GridRowSamplerTests.row(g, y: plot.y(r), x0: -0.9, dx: 0.03, count: 61), "row \(r)")
            }
        }
    }
}
