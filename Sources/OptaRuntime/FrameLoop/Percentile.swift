/// Nearest-rank percentiles over a set of values.
enum Percentile {
    /// The nearest-rank `p`-th percentile (0…100) of `sorted` (ascending): the value at rank
    /// ⌈p/100 · n⌉, or the smallest value for p = 0. Zero for no values.
    static func nearestRank<T: Comparable & AdditiveArithmetic>(_ p: Double, sorted: [T]) -> T {
        guard !sorted.isEmpty else { return .zero }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
