/// What the row sampler needs of each row of one plot's pixels, found once per frame and shared
/// by every tile of that frame: the row's grid cell and its y-blending weights in Float, and the
/// grid rows to ask memory for ahead of the next rows. Before, each 64-pixel tile found them again
/// for each of its rows: a sixth of the sampler's time on a 2001² grid at 1920 × 1080.
struct GridRowTable: Sendable {
    /// One pixel row: nil where its y is off the grid.
    struct Entry: Sendable {
        let j: Int
        let weights: GridLandscape.FloatWeights
        /// Whether the nearer sample row is j + 1 (nearest interpolation).
        let upper: Bool
        /// The cells of the next `GridLandscape.prefetchRows` rows that differ from j (−1: none).
        let ahead: SIMD2<Int32>
    }

    let key: PixelRows
    let entries: [Entry?]

    init(_ grid: GridLandscape, rows: PixelRows) {
        key = rows
        let cells = rows.rows.map { grid.weights(rows.y($0)) }
        entries = cells.indices.map { k in
            guard let w = cells[k] else { return nil }
            var ahead = SIMD2<Int32>(repeating: -1)
            for step in 1...GridLandscape.prefetchRows where k + step < cells.count {
                if let next = cells[k + step], next.j != w.j { ahead[step - 1] = Int32(next.j) }
            }
            return Entry(j: w.j, weights: GridLandscape.FloatWeights(w), upper: w.upper, ahead: ahead)
        }
    }

    /// The entry of frame row r (one of `key.rows`).
    @inline(__always)
    func entry(_ r: Int) -> Entry? {
        entries[r - key.rows.lowerBound]
    }
}
