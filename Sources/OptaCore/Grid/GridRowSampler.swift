import CVectorOps

/// How a grid fills rows of pixels — the heatmap and contour shader's hot loop — for the rows of
/// one tile at a time, in three passes that vectorize (each row's cell and y weights are found
/// once per frame, `GridRowTable`):
///
/// 1. Once per tile: each pixel column's cell i and fraction u (`GridAxis.cell`), the cell's
///    width and inverse width (the axis's Float tables), and from them the Hermite weights along
///    x (`XWeights`). These depend on x only.
/// 2. Per row: the slice (value, ∂x, ∂y, ∂x∂y of the patch on the grid line x = xᵢ at this y) of
///    every grid column the tile touches — whole blocks of eight columns (`GridBlocks`), in
///    Float — stored as four runs of columns. When the grid is much denser than the pixels, only
///    each pixel's own two slices (`floatSlice`, the same arithmetic one column at a time).
/// 3. Per row, eight pixels at a time: their slices of columns i and i + 1 picked out of the
///    runs by permutations (`ColumnPicks`; own slices: an 8 × 8 transpose), and the blend.
///
/// `evaluate`'s steps in Float: the slices are written as f₀ + h₁·(f₁ − f₀) + … rather than
/// h₀·f₀ + h₁·f₁ + … (h₀ + h₁ = 1, d₀ = −d₁), so a difference of close samples stays exact and
/// ∂f/∂y keeps its digits where f is large and flat. Every path gives the same bits whatever the
/// tile size or thread count.
extension GridLandscape {
    /// Fills pixel row r (one of the `PixelRows` given), then the values, ∂f/∂x and ∂f/∂y out
    /// (each `count` Floats).
    public typealias RowFill = (Int, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) -> Void

    /// Calls `body` with a function that fills any of `rows` with `count` samples at
    /// x = x0 + k·dx (k in 0..<count); what depends on x alone is found once, before `body`
    /// runs, and what depends on y alone once per frame (`GridRowTable`).
    public func withRows<R>(x0: Double, dx: Double, count: Int, rows: PixelRows, _ body: (RowFill) -> R) -> R {
        let table = rowTable(rows)
        return withRowPass(x0: x0, dx: dx, count: count) { pass in
            body { r, out, gradX, gradY in
                fill(pass, rows.rows.contains(r) ? table.entry(r) : nil, out: out, gradX: gradX, gradY: gradY)
            }
        }
    }

    /// Fills a row of samples at x = x0 + k·dx (k in 0..<count), fixed y, as Float.
    public func sampleRow(y: Double, x0: Double, dx: Double, count: Int,
                          values out: UnsafeMutablePointer<Float>, gradX: UnsafeMutablePointer<Float>,
                          gradY: UnsafeMutablePointer<Float>) {
        let row = weights(y).map {
            GridRowTable.Entry(j: $0.j, weights: FloatWeights($0), upper: $0.upper, ahead: SIMD2(repeating: -1))
        }
        withRowPass(x0: x0, dx: dx, count: count) { pass in fill(pass, row, out: out, gradX: gradX, gradY: gradY) }
    }

    /// The rows of `rows.y`'s cells and weights, made by the first tile of a frame that asks and
    /// kept for the frame's other tiles (and later frames of the same plot). A few are kept, so
    /// panels showing one grid in plots of different heights do not take turns remaking theirs.
    func rowTable(_ rows: PixelRows) -> GridRowTable {
        rowTables.withLock { tables in
            if let k = tables.firstIndex(where: { $0.key == rows }) {
                if k > 0 { tables.insert(tables.remove(at: k), at: 0) }
                return tables[0]
            }
            let made = GridRowTable(self, rows: rows)
            tables.insert(made, at: 0)
            if tables.count > Self.keptRowTables { tables.removeLast() }
            return made
        }
    }

    /// How many plots' row tables a grid keeps.
    static let keptRowTables = 4

    /// Runs pass 1 for a tile's columns and calls `body` with what it found.
    private func withRowPass<R>(x0: Double, dx: Double, count: Int, _ body: (RowPass) -> R) -> R {
        let count = max(count, 0), padded = (count + 7) & ~7
        let blocks = interpolation == .nearest ? nil : self.blocks
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * padded + padded / 8) { intBuffer in
          withUnsafeTemporaryAllocation(of: Float.self, capacity: (3 + XWeights.perPixel) * padded + 64) { floatBuffer in
            let cells = intBuffer.baseAddress!, offsets = cells + padded, groupBases = cells + 2 * padded
            let fractions = floatBuffer.baseAddress!, widths = fractions + padded
            let inverseWidths = fractions + 2 * padded, transposed = fractions + 3 * padded
            let xWeights = transposed + 64
            cells.initialize(repeating: -1, count: padded)
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
            // The pixels' blending weights along x, eight pixels at a time.
            let linear = interpolation == .linear
            for k in stride(from: 0, to: padded, by: 8) {
                XWeights.write(linear: linear, u: FastLoad.load(fractions, k), h: FastLoad.load(widths, k),
                               inverseH: FastLoad.load(inverseWidths, k), into: xWeights + XWeights.perPixel * k)
            }
            // Column slices, whole blocks, when the tile's columns are not many more than its
            // pixels; else each pixel's own pair (offset 8k).
            let columnCount = max(highCell - lowCell + 2, 0)
            let byColumn = columnCount <= 2 * count + 16 && columnCount > 0
            let firstBlock = byColumn ? lowCell >> 3 : 0
            let blockCount = byColumn ? ((highCell + 1) >> 3) - firstBlock + 1 : 0
            let sliceStride = 8 * blockCount + 24
            if byColumn {
                ColumnPicks.group(cells: cells, firstColumn: Int32(8 * firstBlock), count: padded,
                                  bases: groupBases, indices: offsets)
            } else {
                for k in first..<max(first, end) where cells[k] >= 0 { offsets[k] = Int32(8 * k) }
            }
            let sliceCapacity = byColumn ? 4 * sliceStride : 8 * padded
            return withUnsafeTemporaryAllocation(of: Float.self, capacity: sliceCapacity) { sliceBuffer in
                let slices = sliceBuffer.baseAddress!
                slices.initialize(repeating: 0, count: sliceCapacity)
                return withExtendedLifetime(blocks) {
                    values.withUnsafeBufferPointer { z in
                        body(RowPass(cells: cells, offsets: offsets, groupBases: groupBases, xWeights: xWeights,
                                     transposed: transposed, slices: slices, sliceStride: sliceStride, count: count,
                                     run: first..<max(first, end), firstBlock: firstBlock, blockCount: blockCount,
                                     samples: z.baseAddress!, data: blocks?.floats.baseAddress,
                                     blocksPerRow: blocks?.blocksPerRow ?? 0))
                    }
                }
            }
          }
        }
    }

    /// What pass 1 found for a tile's columns, and its scratch rows (all `padded` long).
    struct RowPass {
        /// Per pixel: its cell; with column slices its column's index in its group of eight
        /// (`ColumnPicks`), else where its own pair of slices is (8k).
        let cells, offsets: UnsafeMutablePointer<Int32>
        /// Per group of eight pixels, with column slices: the group's first column (−1: the
        /// group's columns span more than one pick reaches).
        let groupBases: UnsafeMutablePointer<Int32>
        /// `XWeights` of each group of eight pixels, one after the other.
        let xWeights: UnsafeMutablePointer<Float>
        let transposed, slices: UnsafeMutablePointer<Float>
        /// With column slices, floats from the slices' values to their ∂x, ∂y and ∂x∂y.
        let sliceStride: Int
        let count: Int
        /// The pixels on the grid.
        let run: Range<Int>
        /// The first block of columns sliced, and how many (0: each pixel's own pair instead).
        let firstBlock, blockCount: Int
        /// The Double samples (nearest reads them), and the blocks (nil only when nearest).
        let samples: UnsafePointer<Double>
        let data: UnsafePointer<Float>?
        let blocksPerRow: Int
    }

    /// Passes 2 and 3 for one row (nil: off the grid).
    @inline(__always)
    private func fill(_ p: RowPass, _ row: GridRowTable.Entry?,
                      out: UnsafeMutablePointer<Float>, gradX: UnsafeMutablePointer<Float>, gradY: UnsafeMutablePointer<Float>) {
        guard let row else {
            out.update(repeating: .nan, count: p.count)
            gradX.update(repeating: 0, count: p.count)
            gradY.update(repeating: 0, count: p.count)
            return
        }
        if interpolation == .nearest {
            let nearRow = (row.upper ? row.j + 1 : row.j) * columns
            for k in 0..<p.count {
                let f = p.cells[k] >= 0 ? p.samples[nearRow + Int(p.cells[k])] : .nan
                out[k] = f.isFinite ? Float(f) : .nan
                gradX[k] = 0; gradY[k] = 0
            }
            return
        }
        // Not nearest: the blocks exist.
        let data = p.data!, blocksPerRow = p.blocksPerRow
        if p.blockCount > 0 {
            // Rows step through the grid evenly: ask for the samples of the next rows' cells now,
            // so they arrive from memory while this row is blended.
            let blocks = p.firstBlock..<(p.firstBlock + p.blockCount)
            if row.ahead[0] >= 0 { prefetch(rows: Int(row.ahead[0]), blocks: blocks, data: data, blocksPerRow: blocksPerRow) }
            if row.ahead[1] >= 0 { prefetch(rows: Int(row.ahead[1]), blocks: blocks, data: data, blocksPerRow: blocksPerRow) }
            writeBlockSlices(row.weights, row: row.j, firstBlock: p.firstBlock, count: p.blockCount, data: data,
                             blocksPerRow: blocksPerRow, into: p.slices, stride: p.sliceStride)
            blendPicked(p, out: out, gradX: gradX, gradY: gradY)
        } else {
            for k in p.run {
                let i = Int(p.cells[k])
                floatSlice(i, row.weights, row: row.j, data: data, blocksPerRow: blocksPerRow, into: p.slices + 8 * k)
                floatSlice(i + 1, row.weights, row: row.j, data: data, blocksPerRow: blocksPerRow, into: p.slices + 8 * k + 4)
            }
            blendPairs(p, out: out, gradX: gradX, gradY: gradY)
        }
        // Off the grid: value and ∂x NaN, ∂y 0 — what blending undefined slices gives.
        for k in 0..<p.run.lowerBound { out[k] = .nan; gradX[k] = .nan; gradY[k] = 0 }
        for k in p.run.upperBound..<p.count { out[k] = .nan; gradX[k] = .nan; gradY[k] = 0 }
    }

    /// Pass 3 from column slices: each group of eight pixels picks its slices out of the columns
    /// it spans (`ColumnPicks`).
    @inline(__always)
    private func blendPicked(_ p: RowPass, out: UnsafeMutablePointer<Float>, gradX: UnsafeMutablePointer<Float>,
                             gradY: UnsafeMutablePointer<Float>) {
        let linear = interpolation == .linear
        let sv = UnsafePointer(p.slices), sdx = sv + p.sliceStride, sdy = sdx + p.sliceStride, sdxy = sdy + p.sliceStride
        var k = 0
        while k < p.count {
            let base = Int(p.groupBases[k >> 3])
            let (value, gx, gy): (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>)
            if base >= 0 {
                let index = UnsafeRawPointer(p.offsets + k).loadUnaligned(as: SIMD8<Int32>.self)
                (value, gx, gy) = XWeights.blend(linear: linear, p.xWeights + XWeights.perPixel * k,
                                                 a: opta_pick16(sv + base, index), adx: opta_pick16(sdx + base, index),
                                                 ady: opta_pick16(sdy + base, index), adxy: opta_pick16(sdxy + base, index),
                                                 b: opta_pick16(sv + base + 1, index), bdx: opta_pick16(sdx + base + 1, index),
                                                 bdy: opta_pick16(sdy + base + 1, index), bdxy: opta_pick16(sdxy + base + 1, index))
            } else {
                let at = UnsafeRawPointer(p.offsets + k).loadUnaligned(as: SIMD8<Int32>.self)
                (value, gx, gy) = XWeights.blend(linear: linear, p.xWeights + XWeights.perPixel * k,
                                                 a: ColumnPicks.pick(sv, at), adx: ColumnPicks.pick(sdx, at),
                                                 ady: ColumnPicks.pick(sdy, at), adxy: ColumnPicks.pick(sdxy, at),
                                                 b: ColumnPicks.pick(sv + 1, at), bdx: ColumnPicks.pick(sdx + 1, at),
                                                 bdy: ColumnPicks.pick(sdy + 1, at), bdxy: ColumnPicks.pick(sdxy + 1, at))
            }
            Self.store8(value, gx, gy, at: k, lanes: min(8, p.count - k), out: out, gradX: gradX, gradY: gradY)
            k += 8
        }
    }

    /// Pass 3 from each pixel's own pair of slices (8 floats at 8k): an 8 × 8 transpose.
    @inline(__always)
    private func blendPairs(_ p: RowPass, out: UnsafeMutablePointer<Float>, gradX: UnsafeMutablePointer<Float>,
                            gradY: UnsafeMutablePointer<Float>) {
        let linear = interpolation == .linear
        let c = p.transposed
        var k = 0
        while k < p.count {
            opta_load_transposed8(p.slices, UnsafeRawPointer(p.offsets + k).loadUnaligned(as: SIMD8<Int32>.self), c)
            let (value, gx, gy) = XWeights.blend(linear: linear, p.xWeights + XWeights.perPixel * k,
                                                 a: FastLoad.load(c, 0), adx: FastLoad.load(c, 8), ady: FastLoad.load(c, 16),
                                                 adxy: FastLoad.load(c, 24), b: FastLoad.load(c, 32), bdx: FastLoad.load(c, 40),
                                                 bdy: FastLoad.load(c, 48), bdxy: FastLoad.load(c, 56))
            Self.store8(value, gx, gy, at: k, lanes: min(8, p.count - k), out: out, gradX: gradX, gradY: gradY)
            k += 8
        }
    }

    /// How many rows of pixels ahead `fill` asks for grid rows (`GridRowTable.Entry.ahead`): one row ahead leaves part of the
    /// memory's latency in view when the grid is much larger than the cache (2001²: 32 MB of blocks).
    static let prefetchRows = 2

    /// Asks for grid rows j and j + 1 of `blocks`: every 64-byte cache line they touch, ahead of
    /// its use (never faults). A block is one line.
    @inline(__always)
    private func prefetch(rows j: Int, blocks: Range<Int>, data: UnsafePointer<Float>, blocksPerRow: Int) {
        let rowFloats = blocksPerRow * GridBlocks.blockFloats
        // `data` starts on a 2 MB page, so each block is a cache line.
        var line = data + j * rowFloats + blocks.lowerBound * GridBlocks.blockFloats
        // Both rows' lines in one loop (the compiler unrolls it into runs of prefetches).
        for _ in 0..<blocks.count {
            opta_prefetch(line)
            opta_prefetch(line + rowFloats)
            line += GridBlocks.blockFloats
        }
    }

    /// The row's weights in Float, as the slices use them.
    struct FloatWeights {
        /// Value: h₁ and the y-slope weights; ∂y: d₁ (= −d₀) and the y-slope weights.
        let h1, g0, g1, d1, e0, e1: Float

        @inline(__always)
        init(_ w: RowWeights) {
            h1 = Float(w.h1); g0 = Float(w.g0); g1 = Float(w.g1)
            d1 = Float(w.d1); e0 = Float(w.e0); e1 = Float(w.e1)
        }
    }

    /// The slices of blocks firstBlock..<firstBlock + count of grid rows j, j + 1: their values
    /// from `slices` on, their ∂x from `stride` floats later, ∂y and ∂x∂y after; eight columns at a time.
    @inline(__always)
    private func writeBlockSlices(_ w: FloatWeights, row j: Int, firstBlock: Int, count: Int, data: UnsafePointer<Float>,
                                  blocksPerRow: Int, into slices: UnsafeMutablePointer<Float>, stride: Int) {
        typealias V = SIMD8<Float>
        let h1 = V(repeating: w.h1), g0 = V(repeating: w.g0), g1 = V(repeating: w.g1)
        let d1 = V(repeating: w.d1), e0 = V(repeating: w.e0), e1 = V(repeating: w.e1)
        func load(_ p: UnsafePointer<Float>) -> V { UnsafeRawPointer(p).loadUnaligned(as: V.self) }
        var p0 = data + (j * blocksPerRow + firstBlock) * GridBlocks.blockFloats
        var p1 = p0 + blocksPerRow * GridBlocks.blockFloats
        var out = slices
        for _ in 0..<count {
            let f0 = load(p0), fx0 = GridBlocks.slopes8(p0 + GridBlocks.dxLane), fy0 = GridBlocks.slopes8(p0 + GridBlocks.dyLane)
            let f1 = load(p1), fx1 = GridBlocks.slopes8(p1 + GridBlocks.dxLane), fy1 = GridBlocks.slopes8(p1 + GridBlocks.dyLane)
            let df = f1 - f0, dfx = fx1 - fx0
            FastLoad.store(opta_fma(g1, fy1, opta_fma(g0, fy0, opta_fma(h1, df, f0))), out, 0)
            FastLoad.store(opta_fma(h1, dfx, fx0), out, stride)
            FastLoad.store(opta_fma(e1, fy1, opta_fma(e0, fy0, d1 * df)), out, 2 * stride)
            FastLoad.store(d1 * dfx, out, 3 * stride)
            p0 += GridBlocks.blockFloats; p1 += GridBlocks.blockFloats; out += 8
        }
    }

    /// `writeBlockSlices`'s arithmetic for column i alone, stored at `q` (4 floats).
    @inline(__always)
    private func floatSlice(_ i: Int, _ w: FloatWeights, row j: Int, data: UnsafePointer<Float>, blocksPerRow: Int,
                            into q: UnsafeMutablePointer<Float>) {
        let a = data + (j * blocksPerRow + (i >> 3)) * GridBlocks.blockFloats, lane = i & 7
        let b = a + blocksPerRow * GridBlocks.blockFloats
        let f0 = a[lane], fx0 = GridBlocks.slope(a + GridBlocks.dxLane, lane: lane), fy0 = GridBlocks.slope(a + GridBlocks.dyLane, lane: lane)
        let f1 = b[lane], fx1 = GridBlocks.slope(b + GridBlocks.dxLane, lane: lane), fy1 = GridBlocks.slope(b + GridBlocks.dyLane, lane: lane)
        let df = f1 - f0, dfx = fx1 - fx0
        q[0] = opta_fma1(w.g1, fy1, opta_fma1(w.g0, fy0, opta_fma1(w.h1, df, f0)))
        q[1] = opta_fma1(w.h1, dfx, fx0)
        q[2] = opta_fma1(w.e1, fy1, opta_fma1(w.e0, fy0, w.d1 * df))
        q[3] = w.d1 * dfx
    }
}
