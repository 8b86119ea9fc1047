import Foundation

/// A long path told briefly: its start, the few points where it turns most sharply, and its end.
public enum PathSummary {
    /// Paths with at most this many points are listed point by point.
    public static let fullListLimit = 20

    /// Indices into `points` to describe: every index for short paths, else start, up to `turns`
    /// turning points (largest direction changes, kept apart) in path order, and end.
    public static func indices(_ points: [SIMD2<Double>], turns: Int = 3) -> [Int] {
        let n = points.count
        guard n > fullListLimit else { return Array(0..<n) }
        var angles: [(index: Int, angle: Double)] = []
        for i in 1..<(n - 1) {
            let a = points[i] - points[i - 1], b = points[i + 1] - points[i]
            let la = (a * a).sum().squareRoot(), lb = (b * b).sum().squareRoot()
            guard la > 0, lb > 0, la.isFinite, lb.isFinite else { continue }
            let cosine = max(-1, min(1, (a * b).sum() / (la * lb)))
            angles.append((i, acos(cosine)))
        }
        angles.sort { $0.angle != $1.angle ? $0.angle > $1.angle : $0.index < $1.index }
        let separation = max(2, n / 10)
        var chosen: [Int] = []
        for candidate in angles where candidate.angle > 0.05 {
            guard chosen.count < turns else { break }
            if candidate.index < separation / 2 || candidate.index > n - 1 - separation / 2 { continue }
            if chosen.allSatisfy({ abs($0 - candidate.index) >= separation }) { chosen.append(candidate.index) }
        }
        return [0] + chosen.sorted() + [n - 1]
    }

    /// The indices of the lowest and the highest finite value (the first of equal ones); nil when
    /// no value is finite.
    public static func extremes(_ values: [Double]) -> (lowest: Int, highest: Int)? {
        var lowest: Int?, highest: Int?
        for (i, v) in values.enumerated() where v.isFinite {
            if lowest.map({ v < values[$0] }) ?? true { lowest = i }
            if highest.map({ v > values[$0] }) ?? true { highest = i }
        }
        guard let lowest, let highest else { return nil }
        return (lowest, highest)
    }
}
