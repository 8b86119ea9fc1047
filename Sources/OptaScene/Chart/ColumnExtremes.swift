/// Each pixel column's lowest and highest value of a series, column after column in the order
/// the series reaches them: how a convergence chart draws a history longer than its width (a
/// spike survives, as its column's highest value). Built value by value, so a growing series
/// adds only its new values.
struct ColumnExtremes: Sendable {
    typealias Value = (step: Int, f: Double)

    /// The columns done: a column is done when the series moves on to another.
    private var done: [(low: Value, high: Value)] = []
    /// The column the series is in, with its lowest and highest value so far.
    private var open: (column: Int, low: Value, high: Value)?

    /// Takes the finite value `f` at `step`, which falls in pixel column `column`.
    mutating func add(step: Int, f: Double, column: Int) {
        if let current = open, current.column == column {
            if f < current.low.f { open?.low = (step, f) }
            if f > current.high.f { open?.high = (step, f) }
            return
        }
        if let current = open { done.append((current.low, current.high)) }
        open = (column, (step, f), (step, f))
    }

    /// Takes each finite value of `values` at its step in `steps`, in order, as `add(step:f:column:)`
    /// one by one would: the steps after one that `columns` puts in the same column of a linear
    /// axis are taken in one tight loop, so working a million values' columns out again when a
    /// chart's axis widens does not hold up a frame.
    mutating func add(steps: [Int], values: [Double], columns: StepColumns) {
        let n = min(steps.count, values.count)
        var i = 0
        while i < n {
            let step = steps[i], f = values[i]
            i += 1
            guard f.isFinite, let c = columns.column(of: step) else { continue }
            add(step: step, f: f, column: c)
            guard let run = columns.steps(inColumn: c), var current = open else { continue }
            while i < n, run.contains(steps[i]) {
                let f = values[i]
                if f.isFinite {
                    if f < current.low.f { current.low = (steps[i], f) }
                    if f > current.high.f { current.high = (steps[i], f) }
                }
                i += 1
            }
            open = current
        }
    }

    /// Each column's lowest and highest value, the earlier step first (the same value twice in a
    /// column of one value).
    var values: [Value] { values(ofDone: 0..<doneCount) + openValues }

    /// How many columns are done (their values no longer change).
    var doneCount: Int { done.count }

    /// The values of the done columns `columns`.
    func values(ofDone columns: Range<Int>) -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(2 * columns.count)
        for (low, high) in done[columns] { values += Self.ordered(low, high) }
        return values
    }

    /// The values of the column the series is in.
    var openValues: [Value] { open.map { Self.ordered($0.low, $0.high) } ?? [] }

    private static func ordered(_ low: Value, _ high: Value) -> [Value] {
        low.step <= high.step ? [low, high] : [high, low]
    }
}
