import OptaCore

/// Objectives (built-in functions, user formulas and grids) sample rows for the landscape shader.
extension Objective: ScalarField {
    public func withRows<R>(x0: Double, dx: Double, count: Int, rows: PixelRows, _ body: (RowFill) -> R) -> R {
        if case .grid(let grid) = self { return grid.withRows(x0: x0, dx: dx, count: count, rows: rows, body) }
        return body { r, values, gradX, gradY in
            sampleRow(y: rows.y(r), x0: x0, dx: dx, count: count, values: values, gradX: gradX, gradY: gradY)
        }
    }
}
