import Foundation
import OptaCore

/// How a convergence chart maps f to height: the distance to the known minimum f* (or f itself)
/// on a log axis when it is positive, otherwise f on a linear axis. Pure arithmetic.
struct ConvergenceScale: Sendable, Equatable {
    /// Subtracted from every value before plotting (the known global minimum, or 0).
    let offset: Double
    let logarithmic: Bool
    /// Plotted range (of the shifted values); for a log axis both ends are powers of ten.
    let range: ClosedRange<Double>
    /// The axis title: "f − f*" or "f".
    let title: String

    /// The most decades a log axis spans; lower values sit on the axis floor.
    static let maxDecades = 16.0

    /// The axis for f `values` (one list per solver), and for series whose range is known
    /// beforehand, their `extents`; `unshifted` values (‖∇f‖) share a log axis as they are.
    init(values: [[Double]], extents known: [Extents] = [], unshifted: [[Double]] = [], knownMinimum: Double?) {
        offset = knownMinimum ?? 0
        title = knownMinimum == nil ? "f" : "f − f*"
        // One pass, no copies: a logged path's series may hold millions of values.
        var extents = Extents()
        for other in known { extents.merge(other) }
        for series in values {
            for f in series { extents.add(f, offset: offset) }
        }
        for series in unshifted {
            for v in series where v.isFinite && v > 0 { extents.positive.add(v) }
        }
        let finite = extents.finite, positive = extents.positive
        if let top = positive.max, let bottom = positive.min, knownMinimum != nil || positive.count == finite.count {
            let hi = ceil(log10(top))
            let lo = min(hi - 1, max(floor(log10(bottom)), hi - Self.maxDecades))
            logarithmic = true
            range = pow(10, lo)...pow(10, hi)
        } else if let lo = finite.min, let hi = finite.max {
            logarithmic = false
            let pad = hi > lo ? (hi - lo) * 0.05 : max(1, abs(lo) * 0.1)
            range = (lo - pad)...(hi + pad)
        } else {
            logarithmic = true
            range = 1e-3...1e3
        }
    }

    /// The range of some values less an offset, and of the positive ones among them.
    struct Extents: Sendable {
        var finite = Extent()
        var positive = Extent()

        /// Takes `f`, less `offset`, when it is finite.
        mutating func add(_ f: Double, offset: Double) {
            guard f.isFinite else { return }
            let v = f - offset
            finite.add(v)
            if v > 0 { positive.add(v) }
        }

        mutating func merge(_ other: Extents) {
            finite.merge(other.finite)
            positive.merge(other.positive)
        }
    }

    /// The smallest and largest of some numbers, and how many there were.
    struct Extent: Sendable {
        private(set) var count = 0
        private var low = Double.infinity
        private var high = -Double.infinity

        mutating func add(_ v: Double) {
            count += 1
            if v < low { low = v }
            if v > high { high = v }
        }

        mutating func merge(_ other: Extent) {
            count += other.count
            low = Swift.min(low, other.low)
            high = Swift.max(high, other.high)
        }

        var min: Double? { count > 0 ? low : nil }
        var max: Double? { count > 0 ? high : nil }
    }

    /// Where `f` sits between the bottom (0) and the top (1) of the axis, clamped; nil when f is
    /// not finite. `shifted: false` places a value as it is (‖∇f‖), without subtracting f*.
    func fraction(_ f: Double, shifted: Bool = true) -> Double? {
        guard f.isFinite else { return nil }
        let v = shifted ? f - offset : f
        let t: Double
        if logarithmic {
            t = v > 0 ? (log10(v) - log10(range.lowerBound)) / (log10(range.upperBound) - log10(range.lowerBound)) : 0
        } else {
            t = (v - range.lowerBound) / (range.upperBound - range.lowerBound)
        }
        return min(max(t, 0), 1)
    }

    /// Whether `f` lies below the axis' floor, where `fraction` puts it on the floor: on a log
    /// axis, a value more than `maxDecades` below the top, or at or below the offset (f*). A linear
    /// axis spans every value.
    func isBelowFloor(_ f: Double) -> Bool {
        let v = f - offset
        return logarithmic && f.isFinite && (v <= 0 || v < range.lowerBound)
    }

    /// Tick values (shifted) and their labels, at most about `targetCount` of them.
    func ticks(targetCount: Int) -> [(value: Double, label: String)] {
        if logarithmic { return Self.decadeTicks(range, targetCount: targetCount) }
        let step = NiceTicks.step(span: range.upperBound - range.lowerBound, targetCount: targetCount)
        return NiceTicks.values(in: range, step: step).map { ($0, NiceTicks.label($0, step: step)) }
    }

    /// Every decade of `range` (whose ends are powers of ten), or every second, third, … so that
    /// about `targetCount` remain, labelled in one style (`NiceTicks.decadeLabels`).
    static func decadeTicks(_ range: ClosedRange<Double>, targetCount: Int) -> [(value: Double, label: String)] {
        let lo = Int(log10(range.lowerBound).rounded()), hi = Int(log10(range.upperBound).rounded())
        let every = max(1, Int((Double(hi - lo) / Double(max(1, targetCount))).rounded(.up)))
        let exponents = Array(stride(from: lo, through: hi, by: every))
        return Array(zip(exponents.map { pow(10, Double($0)) }, NiceTicks.decadeLabels(exponents)))
    }

    /// "log scale" or "linear scale", for descriptions.
    var name: String { logarithmic ? "log scale" : "linear scale" }
}
