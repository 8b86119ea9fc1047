import CVectorOps

/// How a grid fills rows of pixels — the heatmap and contour shader's hot loop — for the rows of
/// one tile at a time, in three passes that vectorize:
///
/// 1. Once per tile: each pixel column's cell i and fraction u (`GridAxis.cell`), and the cell's
///    width and inverse width (the axis's Float tables). These depend on x only.
/// 2. Per row: the slice (value, ∂x, ∂y, ∂x∂y of the patch on the grid line x = xᵢ at this y) of
///    every grid column the tile touches, four columns at a time in Double, stored as Float
///    column after column — so a pixel's two slices, columns i and i + 1, are 8 consecutive
///    floats. When the grid is much denser than the pixels, only each pixel's own two slices.
/// 3. Per row, eight pixels at a time: one load of each pixel's 8 floats, an 8 × 8 transpose into
///    lanes, and the Hermite blend (`blend8`).
///
/// The arithmetic is `evaluate`'s (slices in Double, blend in Float), so every path gives the same
/// bits whatever the tile size or thread count.
extension GridLandscape {
    /// Fills one row: its y, then the values, ∂f/∂x and ∂f/∂y out (each `count` Floats).
    public typealias RowFill = (Double, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) -> Void

    /// Calls `body` with a function that fills rows of `count` samples at x = x0 + k·dx
    /// (k in 0..<count); what depends on x alone is found once, before `body` runs.
    public func withRows<R>(x0: Double, dx: Double, count: Int, _ body: (RowFill) -> R) -> R {
        let count = max(count, 0), padded = (count + 7) & ~7
        let slopes = interpolation == .cubic ? self.slopes : GridSlopes.none
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * padded) { intBuffer in
          withUnsafeTemporaryAllocation(of: Float.self, capacity: 3 * padded + 64) { floatBuffer in
            let cells = intBuffer.baseAddress!, offsets = cells + padded
            let fractions = floatBuffer.baseAddress!, widths = fractions + padded
            let inverseWidths = fractions + 2 * padded, transposed = fractions + 3 * padded
            offsets.initialize(repeating: 0, count: padded)
            fractions.initialize(repeating: 0, count: 3 * padded)
            // Pass 1. x = x0 + k·dx is monotone in k, so the pixels on the grid are one run, first..<end.
            var first = count, end = 0, lowCell = Int.max, highCell = -1
            x.cellWidths.withUnsafeBufferPointer { cw in
              x.inverseCellWidths.withUnsafeBufferPointer { icw in
                for k in 0..<count {
                    guard let (i, u) = x.cell(x0 + Double(k) * dx) else { cells[k] = -1; continue }
                    // Nearest keeps the sample column itself.
                    cells[k] = Int32(interpolation == .nearest && u >= 0.5 ? i + 1 : i)
                    fractions[k] = Float(u)
                    widths[k] = cw[i]
                    inverseWidths[k] = icw[i]
                    (first, end) = (min(first, k), k + 1)
                    (lowCell, highCell) = (min(lowCell, i), max(highCell, i))
                }
              }
            }
            // Column slices when the tile's columns are not many more than its pixels; else
            // each pixel's own pair (offset 8k).
            let columnCount = max(highCell - lowCell + 2, 0)
            let byColumn = columnCount <= 2 * count + 16
            for k in first..<max(first, end) where cells[k] >= 0 {
                offsets[k] = byColumn ? 4 * (cells[k] - Int32(lowCell)) : Int32(8 * k)
            }
            let sliceCapacity = byColumn ? 4 * max(columnCount, 2) : 8 * padded
            return withUnsafeTemporaryAllocation(of: Float.self, capacity: sliceCapacity) { sliceBuffer in
                let slices = sliceBuffer.baseAddress!
                slices.initialize(repeating: 0, count: sliceCapacity)
                let pass = RowPass(cells: cells, offsets: offsets, fractions: fractions, widths: widths,
                                   inverseWidths: inverseWidths, transposed: transposed, slices: slices,
                                   count: count, run: first..<max(first, end), lowCell: lowCell,
                                   columnCount: byColumn ? columnCount : 0)
                return values.withUnsafeBufferPointer { z in
                  slopes.dx.withUnsafeBufferPointer { sx in
                    slopes.dy.withUnsafeBufferPointer { sy in
                        var previousCell = -1
                        return body { y, out, gradX, gradY in
                            fill(pass, y: y, z: z.baseAddress!, sx: sx.baseAddress!, sy: sy.baseAddress!,
                                 out: out, gradX: gradX, gradY: gradY, previousCell: &previousCell)
                        }
                    }
                  }
                }
            }
          }
        }
    }

    /// Fills a row of samples at x = x0 + k·dx (k in 0..<count), fixed y, as Float.
    public func sampleRow(y: Double, x0: Double, dx: Double, count: Int,
                          values out: UnsafeMutablePointer<Float>, gradX: UnsafeMutablePointer<Float>,
                          gradY: UnsafeMutablePointer<Float>) {
        withRows(x0: x0, dx: dx, count: count) { fill in fill(y, out, gradX, gradY) }
    }

    /// What pass 1 found for a tile's columns, and its scratch rows (all `padded` long).
    struct RowPass {
        let cells, offsets: UnsafeMutablePointer<Int32>
        let fractions, widths, inverseWidths, transposed, slices: UnsafeMutablePointer<Float>
        let count: Int
        /// The pixels on the grid.
        let run: Range<Int>
        /// The first column sliced, and how many (0: each pixel's own pair instead).
        let lowCell, columnCount: Int
    }

    /// Passes 2 and 3 for one row.
    @inline(__always)
    private func fill(_ p: RowPass, y: Double, z: UnsafePointer<Double>, sx: UnsafePointer<Float>, sy: UnsafePointer<Float>,
                      out: UnsafeMutablePointer<Float>, gradX: UnsafeMutablePointer<Float>, gradY: UnsafeMutablePointer<Float>,
                      previousCell: inout Int) {
        guard let row = weights(y) else {
            out.update(repeating: .nan, count: p.count)
            gradX.update(repeating: 0, count: p.count)
            gradY.update(repeating: 0, count: p.count)
            return
        }
        if interpolation == .nearest {
            let nearRow = (row.upper ? row.j + 1 : row.j) * columns
            for k in 0..<p.count {
                let f = p.cells[k] >= 0 ? z[nearRow + Int(p.cells[k])] : .nan
                out[k] = f.isFinite ? Float(f) : .nan
                gradX[k] = 0; gradY[k] = 0
            }
            return
        }
        if p.columnCount > 0 {
            // Rows step through the grid evenly: ask for the next row's samples now, so they
            // arrive from memory while this row is blended.
            let next = 2 * row.j - previousCell
            if previousCell >= 0, next != row.j, next >= 0, next < rows - 1 {
                prefetch(rows: next, columns: p.lowCell..<(p.lowCell + p.columnCount), z: z, sx: sx, sy: sy)
            }
            previousCell = row.j
            writeColumnSlices(row, firstColumn: p.lowCell, count: p.columnCount, z: z, sx: sx, sy: sy, into: p.slices)
        } else {
            for k in p.run {
                let i = Int(p.cells[k])
                store(slice(i, row, z, sx, sy), at: p.slices + 8 * k)
                store(slice(i + 1, row, z, sx, sy), at: p.slices + 8 * k + 4)
            }
        }
        let linear = interpolation == .linear
        func load(_ q: UnsafeMutablePointer<Float>, _ k: Int) -> SIMD8<Float> {
            UnsafeRawPointer(q + k).loadUnaligned(as: SIMD8<Float>.self)
        }
        let c = p.transposed
        var k = 0
        while k < p.count {
            opta_load_transposed8(p.slices, UnsafeRawPointer(p.offsets + k).loadUnaligned(as: SIMD8<Int32>.self), c)
            let (value, gx, gy) = Self.blend8(linear: linear, u: load(p.fractions, k), h: load(p.widths, k),
                                              inverseH: load(p.inverseWidths, k),
                                              a: load(c, 0), adx: load(c, 8), ady: load(c, 16), adxy: load(c, 24),
                                              b: load(c, 32), bdx: load(c, 40), bdy: load(c, 48), bdxy: load(c, 56))
            Self.store8(value, gx, gy, at: k, lanes: min(8, p.count - k), out: out, gradX: gradX, gradY: gradY)
            k += 8
        }
        // Off the grid: value and ∂x NaN, ∂y 0 — what blending undefined slices gives.
        for k in 0..<p.run.lowerBound { out[k] = .nan; gradX[k] = .nan; gradY[k] = 0 }
        for k in p.run.upperBound..<p.count { out[k] = .nan; gradX[k] = .nan; gradY[k] = 0 }
    }

    /// Asks for grid rows j and j + 1 of the samples and slopes over `columns` (cache lines ahead
    /// of their use; never faults).
    @inline(__always)
    private func prefetch(rows j: Int, columns: Range<Int>, z: UnsafePointer<Double>, sx: UnsafePointer<Float>, sy: UnsafePointer<Float>) {
        let cubic = interpolation == .cubic
        for r in j...(j + 1) {
            let start = r * self.columns + columns.lowerBound, last = start + columns.count - 1
            var k = start
            while k < last {
                opta_prefetch(z + k)
                if cubic && (k - start) & 15 == 0 { opta_prefetch(sx + k); opta_prefetch(sy + k) }
                k += 8
            }
            opta_prefetch(z + last)
            if cubic { opta_prefetch(sx + last); opta_prefetch(sy + last) }
        }
    }

    @inline(__always)
    private func store(_ s: Slice, at q: UnsafeMutablePointer<Float>) {
        q[0] = Float(s.value); q[1] = Float(s.dx); q[2] = Float(s.dy); q[3] = Float(s.dxy)
    }

    /// The slices of grid columns firstColumn..<firstColumn + count, as Float (value, ∂x, ∂y,
    /// ∂x∂y) per column: `slice(_:_:_:_:_:)`'s arithmetic, four columns at a time.
    @inline(__always)
    private func writeColumnSlices(_ w: RowWeights, firstColumn: Int, count: Int, z: UnsafePointer<Double>,
                                   sx: UnsafePointer<Float>, sy: UnsafePointer<Float>, into slices: UnsafeMutablePointer<Float>) {
        let cubic = interpolation == .cubic
        let row0 = w.j * columns + firstColumn, row1 = row0 + columns
        typealias D = SIMD4<Double>
        let h0 = D(repeating: w.h0), h1 = D(repeating: w.h1), g0 = D(repeating: w.g0), g1 = D(repeating: w.g1)
        let d0 = D(repeating: w.d0), d1 = D(repeating: w.d1), e0 = D(repeating: w.e0), e1 = D(repeating: w.e1)
        func load(_ p: UnsafePointer<Double>) -> D { UnsafeRawPointer(p).loadUnaligned(as: D.self) }
        var c = 0
        if cubic {
            while c + 4 <= count {
                let f0 = load(z + row0 + c), f1 = load(z + row1 + c)
                let fy0 = opta_load_widened4(sy + row0 + c), fy1 = opta_load_widened4(sy + row1 + c)
                let fx0 = opta_load_widened4(sx + row0 + c), fx1 = opta_load_widened4(sx + row1 + c)
                opta_store_columns4(slices + 4 * c, h0 * f0 + h1 * f1 + g0 * fy0 + g1 * fy1, h0 * fx0 + h1 * fx1,
                                    d0 * f0 + d1 * f1 + e0 * fy0 + e1 * fy1, d0 * fx0 + d1 * fx1)
                c += 4
            }
        } else {
            while c + 4 <= count {
                let f0 = load(z + row0 + c), f1 = load(z + row1 + c)
                opta_store_columns4(slices + 4 * c, h0 * f0 + h1 * f1, D(), d0 * f0 + d1 * f1, D())
                c += 4
            }
        }
        while c < count {
            store(slice(firstColumn + c, w, z, sx, sy), at: slices + 4 * c)
            c += 1
        }
    }
}
