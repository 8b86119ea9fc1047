import Foundation
import OptaA11y
import OptaCore

/// The x axis of a convergence chart: steps from 0 to the longest budget on a linear axis, or,
/// with `"xScale": "log"`, whole decades around the positive steps shown. Pure arithmetic, fixed
/// for a session so the chart stays put while lines grow.
struct ConvergenceXAxis: Sendable, Equatable {
    let logarithmic: Bool
    /// The plotted range; for a log axis both ends are powers of ten.
    let range: ClosedRange<Double>
    let title: String

    /// A linear axis over 0…`span`.
    init(span: Int, title: String?) {
        logarithmic = false
        range = 0...Double(max(1, span))
        self.title = title ?? "step"
    }

    /// A log axis from the decade at or below `lowest` to the one at or above `highest` (both
    /// positive steps; at least one decade).
    init(logarithmicFrom lowest: Double, to highest: Double, title: String?) {
        logarithmic = true
        let lo = lowest.isFinite && lowest > 0 ? floor(log10(lowest)) : 0
        let hi = highest.isFinite && highest > 0 ? max(lo + 1, ceil(log10(highest))) : lo + 1
        range = pow(10, lo)...pow(10, hi)
        self.title = title ?? "step"
    }

    /// Where step `x` sits between the left (0) and the right (1) end; nil off a log axis (x ≤ 0)
    /// or when not finite. Values past the ends are not clamped: the plot clips them.
    func fraction(_ x: Double) -> Double? {
        guard x.isFinite else { return nil }
        if logarithmic {
            guard x > 0 else { return nil }
            return (log10(x) - log10(range.lowerBound)) / (log10(range.upperBound) - log10(range.lowerBound))
        }
        return (x - range.lowerBound) / (range.upperBound - range.lowerBound)
    }

    /// Tick values and labels: nice steps on a linear axis, decades (10³, 10⁴, …) on a log one,
    /// at most about `targetCount` of them.
    func ticks(targetCount: Int) -> [(value: Double, label: String)] {
        if logarithmic { return ConvergenceScale.decadeTicks(range, targetCount: targetCount) }
        let step = NiceTicks.step(span: range.upperBound - range.lowerBound, targetCount: targetCount)
        return NiceTicks.values(in: range, step: step).map { ($0, NiceTicks.label($0, step: step)) }
    }

    /// "0 to 400" or "10³ to 10⁷, log scale", for the accessibility tree.
    var spoken: String {
        logarithmic ? "\(A11yNumber.format(range.lowerBound)) to \(A11yNumber.format(range.upperBound)), log scale"
            : "0 to \(Int(range.upperBound))"
    }
}
