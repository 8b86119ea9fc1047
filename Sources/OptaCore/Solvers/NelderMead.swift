/// Nelder–Mead downhill simplex (standard coefficients: reflection α, expansion γ,
/// contraction ρ, shrink σ). One step is one simplex iteration; `point` is the best vertex.
public struct NelderMeadState: SolverState {
    public static let method = SolverMethod.nelderMead
    /// The hyper-parameter names.
    public static let parameterNames = ["alpha", "gamma", "initialStep", "rho", "sigma"]

    public var alpha: Double
    public var gamma: Double
    public var rho: Double
    public var sigma: Double
    /// The simplex, best vertex first once evaluated.
    public private(set) var simplex: [SIMD2<Double>]
    /// f at each vertex; empty until the first step evaluates the initial simplex.
    public private(set) var values: [Double] = []

    /// The simplex start, start + (h, 0), start + (0, h); defaults: `alpha` 1, `gamma` 2,
    /// `rho` 0.5, `sigma` 0.5, `initialStep` h = 0.5.
    public init(start: SIMD2<Double>, parameters: [String: Double] = [:]) throws(SolverParameterError) {
        let reader = try ParameterReader(parameters, method: Self.method, allowed: Self.parameterNames)
        alpha = try reader.value("alpha", default: 1, .positive)
        gamma = try reader.value("gamma", default: 2, .positive)
        rho = try reader.value("rho", default: 0.5, .openUnit)
        sigma = try reader.value("sigma", default: 0.5, .openUnit)
        let h = try reader.value("initialStep", default: 0.5, .positive)
        guard gamma > 1 else { throw .invalid(key: "gamma", value: gamma, requirement: "must be > 1") }
        simplex = [start, start + SIMD2(h, 0), start + SIMD2(0, h)]
    }

    public var point: SIMD2<Double> { simplex.first ?? SIMD2(.nan, .nan) }

    /// The spread of f over the simplex: small once the simplex has collapsed.
    public func fChange(previous: Double, current: Double) -> Double? {
        guard let high = values.max(by: Self.less), let low = values.min(by: Self.less) else { return nil }
        return high - low
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
        let best = simplex[0], worst = simplex[2]
        let fBest = values[0], fSecond = values[1], fWorst = values[2]
        let centroid = (simplex[0] + simplex[1]) / 2
        let reflected = centroid + alpha * (centroid - worst)
        let fReflected = objective.value(reflected)

        if Self.less(fReflected, fBest) {
            let expanded = centroid + gamma * (reflected - centroid)
            let fExpanded = objective.value(expanded)
            if Self.less(fExpanded, fReflected) {
                replaceWorst(expanded, fExpanded)
            } else {
                replaceWorst(reflected, fReflected)
            }
        } else if Self.less(fReflected, fSecond) {
            replaceWorst(reflected, fReflected)
        } else {
            let outside = Self.less(fReflected, fWorst)
            let contracted = outside ? centroid + rho * (reflected - centroid) : centroid + rho * (worst - centroid)
            let fContracted = objective.value(contracted)
            let accepted = outside ? !Self.less(fReflected, fContracted) : Self.less(fContracted, fWorst)
            if accepted {
                replaceWorst(contracted, fContracted)
            } else {
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

    /// Orders vertices by f, NaN last; ties keep their order.
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
