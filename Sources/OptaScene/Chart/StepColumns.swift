/// Where a convergence chart puts steps among the pixel columns its data span: whole-number columns on a
/// linear axis, and there the run of steps that share a column (`steps(inColumn:)`), so a long
/// series can be taken a column at a time rather than a step at a time.
struct StepColumns: Sendable {
    let xAxis: ConvergenceXAxis
    /// The width the data span in pixels (at least 1).
    let columns: Int
    /// The steps a linear axis spans (at least 1).
    let span: Int

    init(xAxis: ConvergenceXAxis, columns: Int, span: Int) {
        self.xAxis = xAxis
        self.columns = max(1, columns)
        self.span = max(1, span)
    }

    /// The pixel column (0 where step 0 or the lowest decade is, unclamped on a linear axis) that `step`
    /// falls in; nil off a log axis.
    func column(of step: Int) -> Int? {
        guard let u = xAxis.fraction(Double(step)) else { return nil }
        if xAxis.logarithmic { return Int(min(max(u, 0), 1) * Double(columns)) }
        // Whole-number columns on a linear axis; huge logged steps (up to ±2⁵³) go through Double
        // rather than overflow.
        let (product, overflow) = step.multipliedReportingOverflow(by: columns)
        if !overflow { return product / span }
        return Int(max(min(u * Double(columns), 1e15), -1e15))
    }

    /// The steps a linear axis puts in plot column `column` (`column(of:)` gives `column` for each
    /// of them: `c·S ≤ step·C < (c + 1)·S`); nil on a log axis, for a negative column, and where
    /// the products could overflow.
    func steps(inColumn column: Int) -> Range<Int>? {
        guard !xAxis.logarithmic, column >= 0, column < Int.max else { return nil }
        let (low, lowOverflow) = column.multipliedReportingOverflow(by: span)
        let (high, highOverflow) = (column + 1).multipliedReportingOverflow(by: span)
        guard !lowOverflow, !highOverflow, high <= Int.max - columns else { return nil }
        let first = (low + columns - 1) / columns, end = (high + columns - 1) / columns
        guard !end.multipliedReportingOverflow(by: columns).overflow else { return nil }
        return first..<end
    }

    /// `column(of:)` for a series' steps one after another: while the steps stay in the column of
    /// the step before (a run of thousands on a long followed log), two comparisons instead of
    /// the division.
    struct Lookup {
        let columns: StepColumns
        private var run = (steps: 0..<0, column: 0)

        init(_ columns: StepColumns) { self.columns = columns }

        mutating func column(of step: Int) -> Int? {
            if run.steps.contains(step) { return run.column }
            guard let column = columns.column(of: step) else { return nil }
            if let steps = columns.steps(inColumn: column) { run = (steps, column) }
            return column
        }
    }
}
