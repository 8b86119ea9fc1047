import CVectorOps

/// How a group of eight pixels reads its slices when a row's slices are stored per grid column
/// (values, then ∂x, ∂y, ∂x∂y, each a run of columns): pixel k needs columns cᵏ and cᵏ + 1.
/// When the group's columns lie within 16 of its first, c₀ … c₀ + 15, each quantity is picked
/// for all eight pixels from two vector loads at c₀ (and at c₀ + 1 for the columns cᵏ + 1) by
/// one permutation each (`opta_pick16`), the group's column indices cᵏ − c₀ found once per tile.
/// Groups that span more (grids denser than about two columns a pixel) read lane by lane.
enum ColumnPicks {
    /// For each group of eight of the `count` pixels (a multiple of 8), with `cells` relative to
    /// `firstColumn`: `bases[g]` the group's first column and `indices[8g + l]` lane l's column
    /// less that base; when the group's columns span more than 15, `bases[g]` is −1 and the
    /// indices are the columns themselves. Pixels off the grid (cell −1) read the group's first
    /// column; their results are replaced afterwards.
    static func group(cells: UnsafePointer<Int32>, firstColumn: Int32, count: Int,
                      bases: UnsafeMutablePointer<Int32>, indices: UnsafeMutablePointer<Int32>) {
        for g in 0..<(count / 8) {
            var low = Int32.max, high = Int32.min
            for l in 0..<8 where cells[8 * g + l] >= 0 {
                low = min(low, cells[8 * g + l] - firstColumn)
                high = max(high, cells[8 * g + l] - firstColumn)
            }
            if low > high { low = 0; high = 0 }
            // Index + 1 stays below 16: the pick at base + 1 reads columns base + 1 … base + 16.
            let picks = high - low <= 14
            bases[g] = picks ? low : -1
            for l in 0..<8 {
                let column = cells[8 * g + l] >= 0 ? cells[8 * g + l] - firstColumn : low
                indices[8 * g + l] = picks ? column - low : column
            }
        }
    }

    /// `q[column]` for each lane's column (groups whose columns span too far to pick).
    @inline(__always)
    static func pick(_ q: UnsafePointer<Float>, _ columns: SIMD8<Int32>) -> SIMD8<Float> {
        SIMD8(q[Int(columns[0])], q[Int(columns[1])], q[Int(columns[2])], q[Int(columns[3])],
              q[Int(columns[4])], q[Int(columns[5])], q[Int(columns[6])], q[Int(columns[7])])
    }
}
