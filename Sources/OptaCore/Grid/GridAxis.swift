/// The coordinates of one axis of a grid: strictly increasing, at least two. Finds the cell a
/// coordinate falls in, in constant time when the samples are evenly spaced.
public struct GridAxis: Sendable, Equatable {
    /// The sample coordinates, strictly increasing.
    public let coordinates: [Double]
    /// 1 / spacing when the coordinates are evenly spaced (to 1e-9 of the span), else nil.
    let inverseStep: Double?
    /// Per cell k (0 ≤ k ≤ count − 2), its width coordinates[k + 1] − coordinates[k] and the
    /// inverse of that width, each rounded to Float once: what a row of pixels blends with.
    let cellWidths: [Float], inverseCellWidths: [Float]

    /// Checks that `coordinates` are finite and strictly increasing, with two or more.
    /// Otherwise the failure names the first bad coordinate.
    public static func make(_ coordinates: [Double]) -> Result<GridAxis, AxisProblem> {
        guard coordinates.count >= 2 else { return .failure(.tooFew(coordinates.count)) }
        for (k, c) in coordinates.enumerated() where !c.isFinite { return .failure(.notFinite(index: k, value: c)) }
        for k in 1..<coordinates.count where !(coordinates[k] > coordinates[k - 1]) {
            return .failure(.notIncreasing(index: k, previous: coordinates[k - 1], value: coordinates[k]))
        }
        return .success(GridAxis(checked: coordinates))
    }

    /// What is wrong with a list of coordinates.
    public enum AxisProblem: Error, Sendable, Equatable {
        case tooFew(Int)
        case notFinite(index: Int, value: Double)
        case notIncreasing(index: Int, previous: Double, value: Double)

        /// In words, for error messages.
        public var text: String {
            switch self {
            case .tooFew(let n): "needs at least 2 coordinates, got \(n)"
            case .notFinite(let k, let v): "coordinate \(k) is \(v); coordinates must be finite numbers"
            case .notIncreasing(let k, let p, let v):
                "coordinate \(k) (\(v)) does not follow coordinate \(k - 1) (\(p)); coordinates must increase (or all decrease) strictly"
            }
        }
    }

    private init(checked: [Double]) {
        coordinates = checked
        let n = checked.count, first = checked[0], last = checked[n - 1]
        let step = (last - first) / Double(n - 1)
        let tolerance = 1e-9 * (last - first)
        var even = true
        for k in 0..<n where abs(checked[k] - (first + Double(k) * step)) > tolerance { even = false; break }
        inverseStep = even ? 1 / step : nil
        let widths = (0..<n - 1).map { checked[$0 + 1] - checked[$0] }
        cellWidths = widths.map { Float($0) }
        inverseCellWidths = widths.map { Float(1 / $0) }
    }

    /// `count` evenly spaced coordinates from `low` to `high` (low < high, count ≥ 2).
    public static func uniform(_ low: Double, _ high: Double, count: Int) -> GridAxis {
        let n = max(count, 2)
        var c = (0..<n).map { low + (high - low) * Double($0) / Double(n - 1) }
        c[n - 1] = high
        return GridAxis(checked: c)
    }

    public var count: Int { coordinates.count }
    public var lower: Double { coordinates[0] }
    public var upper: Double { coordinates[coordinates.count - 1] }

    /// The cell holding `t` and the position in it (0…1): nil outside lower…upper or for NaN.
    /// Invariant: 0 ≤ cell ≤ count − 2.
    @inline(__always)
    public func cell(_ t: Double) -> (index: Int, fraction: Double)? {
        guard t >= lower, t <= upper else { return nil }
        let n = coordinates.count
        if let inverseStep {
            let s = (t - lower) * inverseStep
            let k = min(max(Int(s), 0), n - 2)
            return (k, min(max(s - Double(k), 0), 1))
        }
        // Binary search: the last k with coordinates[k] ≤ t, at most n − 2.
        var lo = 0, hi = n - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if coordinates[mid] <= t { lo = mid } else { hi = mid }
        }
        let h = coordinates[lo + 1] - coordinates[lo]
        return (lo, min(max((t - coordinates[lo]) / h, 0), 1))
    }
}
