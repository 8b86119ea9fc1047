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
