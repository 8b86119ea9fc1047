import OptaCore

/// What the grid targets do with a table a reader accepted: make the landscape (shape, limits,
/// coordinates, NaN cells), then read it back at points and along a pixel row, with each
/// interpolation — so a reader's odd-but-accepted output reaches the code that indexes samples.
public enum FuzzGrid {
    public static func exercise(_ table: GridTable) {
        guard table.rows * table.columns <= 1 << 16 else { return }  // keep each input fast
        let x = table.x ?? (0..<table.columns).map(Double.init)
        let y = table.y ?? (0..<table.rows).map(Double.init)
        for interpolation in GridInterpolation.allCases {
            guard let grid = try? GridLandscape.make(values: table.values, rows: table.rows, columns: table.columns,
                                                     x: x, y: y, interpolation: interpolation,
                                                     source: GridSource(file: "fuzz", dataset: nil, format: "fuzz")) else { return }
            let d = grid.domain
            for p in [SIMD2(d.x.lowerBound, d.y.lowerBound), SIMD2(d.x.upperBound, d.y.upperBound),
                      SIMD2((d.x.lowerBound + d.x.upperBound) / 2, (d.y.lowerBound + d.y.upperBound) / 2)] {
                _ = grid.evaluate(p)
            }
            let count = 64
            var values = [Float](repeating: 0, count: count), gx = values, gy = values
            grid.sampleRow(y: (d.y.lowerBound + d.y.upperBound) / 2, x0: d.x.lowerBound,
                           dx: (d.x.upperBound - d.x.lowerBound) / Double(count - 1), count: count,
                           values: &values, gradX: &gx, gradY: &gy)
        }
    }
}
