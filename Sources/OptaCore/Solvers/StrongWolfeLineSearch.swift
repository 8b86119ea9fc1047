/// A line search that finds a step α along a descent direction d satisfying the strong Wolfe
/// conditions (Nocedal & Wright, Algorithms 3.5 and 3.6, with cubic interpolation):
///   f(x + αd) ≤ f(x) + c₁·α·∇f(x)ᵀd   and   |∇f(x + αd)ᵀd| ≤ c₂·|∇f(x)ᵀd|.
/// The bracketing phase extrapolates beyond the first trial (up to 10× per trial) when the slope
/// is still steeply negative, so a step longer than 1 is found when curvature demands it.
/// Follows torch.optim.LBFGS's `_strong_wolfe`, which is this algorithm.
struct StrongWolfeLineSearch: Sendable {
    var c1 = 1e-4
    var c2 = 0.9
    var maxEvaluations = 25
    /// The bracket is abandoned once narrower than this (times max |dᵢ|).
    var minimumBracket = 1e-9
    /// How far above f(x), relative to |f(x)|, a trial still counts as "no higher" (see `flat`).
    static let roundingAllowance = 1e-10

    /// A point on the line with f and ∇f there.
    struct Trial {
        var alpha: Double
        var value: Double
        var gradient: SIMD2<Double>
        var slope: Double
    }

    /// The accepted trial (whose f is never above f(x)) and the evaluations used. When nothing
    /// better than x is found the result is α = 0.
    func search(on objective: Objective, from x: SIMD2<Double>, direction d: SIMD2<Double>, value f: Double,
                gradient g: SIMD2<Double>, firstStep: Double) -> (Trial, evaluations: Int) {
        let slope0 = (g * d).sum()
        let origin = Trial(alpha: 0, value: f, gradient: g, slope: slope0)
        let dNorm = Swift.max(abs(d.x), abs(d.y))
        func evaluate(_ alpha: Double) -> Trial {
            let p = x + alpha * d
            var value = objective.value(p)
            var gradient = objective.gradient(p)
            // A non-finite value is a wall: larger than anything, and no slope to follow.
            if !value.isFinite || !gradient.x.isFinite || !gradient.y.isFinite {
                value = .infinity
                gradient = .zero
            }
            return Trial(alpha: alpha, value: value, gradient: gradient, slope: (gradient * d).sum())
        }
        // Near a minimum f stops changing in its last bits before ∇f is small, and the Armijo
        // test compares rounding noise. There Hager and Zhang's approximate Wolfe condition takes
        // over: f no higher than within rounding of f(x), and the slope not turned steeply uphill.
        let flat = f + Self.roundingAllowance * abs(f)
        func sufficientDecrease(_ t: Trial) -> Bool {
            t.value <= f + c1 * t.alpha * slope0 || (t.value <= flat && t.slope <= (2 * c1 - 1) * slope0)
        }
        func curvature(_ t: Trial) -> Bool { abs(t.slope) <= -c2 * slope0 }

        var previous = origin
        var trial = evaluate(firstStep)
        var evaluations = 1
        var bracket: (Trial, Trial)?
        // Bracketing (Algorithm 3.5).
        while evaluations < maxEvaluations {
            if !sufficientDecrease(trial) || (evaluations > 2 && trial.value >= previous.value) {
                bracket = (previous, trial)
                break
            }
            if curvature(trial) { return (trial, evaluations) }
            if trial.slope >= 0 {
                bracket = (previous, trial)
                break
            }
            let next = Self.cubicMinimum(previous, trial, within: (trial.alpha + 0.01 * (trial.alpha - previous.alpha)),
                                         (trial.alpha * 10))
            previous = trial
            trial = evaluate(next)
            evaluations += 1
        }
        guard var (a, b) = bracket else {
            return (trial.value <= flat ? trial : origin, evaluations)
        }
        // Zoom (Algorithm 3.6): `low` holds the lower f, and the slope at low points towards high.
        var lowIsFirst = a.value <= b.value
        var insufficientProgress = false
        while evaluations < maxEvaluations {
            if abs(b.alpha - a.alpha) * dNorm < minimumBracket { break }
            let lo = Swift.min(a.alpha, b.alpha), hi = Swift.max(a.alpha, b.alpha)
            var alpha = Self.cubicMinimum(a, b, within: lo, hi)
            // Keep trials away from the ends of the bracket, or it shrinks by a sliver at a time.
            let margin = 0.1 * (hi - lo)
            if Swift.min(hi - alpha, alpha - lo) < margin {
                if insufficientProgress || alpha >= hi || alpha <= lo {
                    alpha = abs(alpha - hi) < abs(alpha - lo) ? hi - margin : lo + margin
                    insufficientProgress = false
                } else {
                    insufficientProgress = true
                }
            } else {
                insufficientProgress = false
            }
            let t = evaluate(alpha)
            evaluations += 1
            let low = lowIsFirst ? a : b
            if !sufficientDecrease(t) || t.value >= low.value {
                if lowIsFirst { b = t } else { a = t }
            } else {
                if curvature(t) { return (t, evaluations) }
                let high = lowIsFirst ? b : a
                if t.slope * (high.alpha - low.alpha) >= 0 {
                    if lowIsFirst { b = a } else { a = b }
                }
                if lowIsFirst { a = t } else { b = t }
            }
            lowIsFirst = a.value <= b.value
        }
        let low = lowIsFirst ? a : b
        return (low.value <= flat ? low : origin, evaluations)
    }

    /// The minimizer of the cubic through two trials (values and slopes), clamped to [lo, hi];
    /// the middle of [lo, hi] when the cubic has none or the arithmetic fails.
    static func cubicMinimum(_ t1: Trial, _ t2: Trial, within lo: Double, _ hi: Double) -> Double {
        let (x1, f1, g1) = (t1.alpha, t1.value, t1.slope)
        let (x2, f2, g2) = (t2.alpha, t2.value, t2.slope)
        let d1 = g1 + g2 - 3 * (f1 - f2) / (x1 - x2)
        let square = d1 * d1 - g1 * g2
        let middle = (lo + hi) / 2
        guard square >= 0 else { return middle }
        let d2 = square.squareRoot()
        let position = x1 <= x2
            ? x2 - (x2 - x1) * ((g2 + d2 - d1) / (g2 - g1 + 2 * d2))
            : x1 - (x1 - x2) * ((g1 + d2 - d1) / (g1 - g2 + 2 * d2))
        guard position.isFinite else { return middle }
        return Swift.min(Swift.max(position, lo), hi)
    }
}
