/// Nelder–Mead downhill simplex exactly as scipy.optimize.minimize(method="Nelder-Mead") runs it
/// (non-adaptive coefficients: reflection α, expansion γ, contraction ρ, shrink σ; scipy's
/// arithmetic, comparisons, stable ordering and stop test). One step is one simplex iteration;
/// `point` is the best vertex.
public struct NelderMeadState: SolverState {
    public static let method = SolverMethod.nelderMead
    /// The hyper-parameter names.
    public static let parameterNames = ["alpha", "fatol", "gamma", "initialSimplex", "initialStep", "rho", "sigma", "xatol"]
    /// The choices of `initialSimplex`, by index.
    public static let initialSimplexChoices = ["scipy", "fixed"]

    public var alpha: Double
    public var gamma: Double
    public var rho: Double
    public var sigma: Double
    /// scipy's stop: every vertex within `xatol` of the best in each coordinate and every vertex's
    /// f within `fatol` of the best.
    public var xatol: Double
    public var fatol: Double
    /// The simplex, best vertex first once evaluated.
    public private(set) var simplex: [SIMD2<Double>]
    /// f at each vertex; empty until the first step evaluates the initial simplex.
    public private(set) var values: [Double] = []

    /// The initial simplex is scipy's by default (each coordinate of the start moved by 5 %, or
    /// to 0.00025 when it is 0); `initialSimplex: "fixed"` uses start + (h, 0), start + (0, h) with
    /// h = `initialStep` (default 0.5). Defaults: `alpha` 1, `gamma` 2, `rho` 0.5, `sigma` 0.5,
    /// `xatol` and `fatol` 1e-4 (scipy's).
    public init(start: SIMD2<Double>, parameters: [String: Double] = [:]) throws(SolverParameterError) {
        let reader = try ParameterReader(parameters, method: Self.method, allowed: Self.parameterNames)
        alpha = try reader.value("alpha", default: 1, .positive)
        gamma = try reader.value("gamma", default: 2, .positive)
        rho = try reader.value("rho", default: 0.5, .openUnit)
        sigma = try reader.value("sigma", default: 0.5, .openUnit)
        xatol = try reader.value("xatol", default: 1e-4, .nonNegative)
        fatol = try reader.value("fatol", default: 1e-4, .nonNegative)
        let h = try reader.value("initialStep", default: 0.5, .positive)
        let fixed = try reader.choice("initialSimplex", Self.initialSimplexChoices, default: 0) == 1
        guard gamma > 1 else { throw .invalid(key: "gamma", value: gamma, requirement: "must be > 1") }
        simplex = fixed ? [start, start + SIMD2(h, 0), start + SIMD2(0, h)] : Self.scipySimplex(around: start)
    }

    /// A state around `start` with scipy's simplex and defaults (simulated annealing's polish).
    init(polishingFrom start: SIMD2<Double>) {
        alpha = 1; gamma = 2; rho = 0.5; sigma = 0.5; xatol = 1e-4; fatol = 1e-4
        simplex = Self.scipySimplex(around: start)
    }

    /// scipy's rule: vertex k moves coordinate k by 5 %, or to 0.00025 when it is zero.
    static func scipySimplex(around start: SIMD2<Double>) -> [SIMD2<Double>] {
        var vertices = [start]
        for k in 0..<2 {
            var y = start
            y[k] = y[k] != 0 ? (1 + 0.05) * y[k] : 0.00025
            vertices.append(y)
        }
        return vertices
    }

    public var point: SIMD2<Double> { simplex.first ?? SIMD2(.nan, .nan) }

    /// scipy's test, checked after each iteration.
    public var convergence: ConvergenceTest {
        guard values.count == 3, simplex.count == 3 else { return .own(met: false) }
        var xSpread = 0.0, fSpread = 0.0
        for i in 1..<3 {
            let d = simplex[i] - simplex[0]
            xSpread = Swift.max(xSpread, abs(d.x), abs(d.y))
            fSpread = Swift.max(fSpread, abs(values[0] - values[i]))
        }
        return .own(met: xSpread <= xatol && fSpread <= fatol)
    }

    public mutating func step(on objective: Objective) {
        guard simplex.count == 3 else {  // only a damaged checkpoint gets here
            simplex = [SIMD2(.nan, .nan)]
            return
        }
        if values.count != simplex.count {
            values = simplex.map(objective.value)
            sort()
        }
        // scipy's expressions, so the vertices agree to the last bit.
        let worst = simplex[2]
        let centroid = (simplex[0] + simplex[1]) / 2
        let reflected = (1 + alpha) * centroid - alpha * worst
        let fReflected = objective.value(reflected)

        if Self.less(fReflected, values[0]) {
            let expanded = (1 + alpha * gamma) * centroid - alpha * gamma * worst
            let fExpanded = objective.value(expanded)
            if Self.less(fExpanded, fReflected) {
                replaceWorst(expanded, fExpanded)
            } else {
                replaceWorst(reflected, fReflected)
            }
        } else if Self.less(fReflected, values[1]) {
            replaceWorst(reflected, fReflected)
        } else {
            let outside = Self.less(fReflected, values[2])
            let contracted = outside ? (1 + rho * alpha) * centroid - rho * alpha * worst
                                     : (1 - rho) * centroid + rho * worst
            let fContracted = objective.value(contracted)
            let accepted = outside ? !Self.less(fReflected, fContracted) : Self.less(fContracted, values[2])
            if accepted {
                replaceWorst(contracted, fContracted)
            } else {
                let best = simplex[0]
                for i in 1..<simplex.count {
                    simplex[i] = best + sigma * (simplex[i] - best)
                    values[i] = objective.value(simplex[i])
                }
            }
        }
        sort()
    }

    private mutating func replaceWorst(_ p: SIMD2<Double>, _ f: Double) {
        simplex[2] = p
        values[2] = f
    }

    /// Orders vertices by f, NaN last; ties keep their order (numpy's argsort on three values is
    /// an insertion sort, so stable too).
    private mutating func sort() {
        let order = values.indices.sorted { Self.less(values[$0], values[$1]) || (!Self.less(values[$1], values[$0]) && $0 < $1) }
        simplex = order.map { simplex[$0] }
        values = order.map { values[$0] }
    }

    /// a < b with NaN treated as +∞.
    static func less(_ a: Double, _ b: Double) -> Bool {
        (a.isNaN ? .infinity : a) < (b.isNaN ? .infinity : b)
    }
}
