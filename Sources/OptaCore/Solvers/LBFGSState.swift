/// L-BFGS (Nocedal 1980; Liu & Nocedal 1989): a quasi-Newton direction from the last `memory`
/// curvature pairs (two-loop recursion, initial Hessian scaled by sᵀy / yᵀy) and a line search
/// satisfying the strong Wolfe conditions, so every accepted pair has sᵀy > 0. The first step
/// tries α = 1/‖∇f‖ (as scipy's L-BFGS-B does), later ones α = 1. One step is one iteration.
public struct LBFGSState: SolverState {
    public static let method = SolverMethod.lbfgs
    /// The hyper-parameter names.
    public static let parameterNames = ["armijo", "curvature", "memory"]

    /// How many (s, y) pairs are kept; default 10 (scipy's `maxcor`).
    public private(set) var memory: Int
    /// The sufficient-decrease constant c₁; default 1e-4.
    public var armijo: Double
    /// The curvature constant c₂ of the strong Wolfe conditions; default 0.9.
    public var curvature: Double
    public private(set) var point: SIMD2<Double>
    /// f and ∇f at `point`; nil until the first step.
    public private(set) var value: Double?
    public private(set) var gradient: SIMD2<Double>?
    /// The curvature pairs, oldest first.
    public private(set) var steps: [SIMD2<Double>] = []
    public private(set) var gradientChanges: [SIMD2<Double>] = []
    /// Function evaluations used so far (each evaluates f and ∇f).
    public private(set) var evaluations = 0

    /// Starts at `start` with an empty memory.
    public init(start: SIMD2<Double>, parameters: [String: Double] = [:]) throws(SolverParameterError) {
        let reader = try ParameterReader(parameters, method: Self.method, allowed: Self.parameterNames)
        memory = Int(try reader.value("memory", default: 10, .integer(atLeast: 1)))
        armijo = try reader.value("armijo", default: 1e-4, .openUnit)
        curvature = try reader.value("curvature", default: 0.9, .openUnit)
        guard armijo < curvature else {
            throw .invalid(key: "curvature", value: curvature, requirement: "must be greater than params.armijo (\(armijo))")
        }
        point = start
    }

    public mutating func step(on objective: Objective) {
        let isFirst = value == nil
        let f = value ?? objective.value(point)
        let g = gradient ?? objective.gradient(point)
        if isFirst { evaluations += 1 }
        var direction = twoLoop(g)
        var slope = (direction * g).sum()
        if !(slope < 0) {  // not a descent direction (or NaN): forget the memory
            forget()
            direction = -g
            slope = -(g * g).sum()
        }
        let directionNorm = (direction * direction).sum().squareRoot()
        let firstStep = isFirst && directionNorm > 0 && (1 / directionNorm).isFinite ? 1 / directionNorm : 1
        let search = StrongWolfeLineSearch(c1: armijo, c2: curvature)
        let (trial, used) = search.search(on: objective, from: point, direction: direction, value: f, gradient: g,
                                          firstStep: firstStep)
        evaluations += used
        guard trial.alpha > 0, trial.value.isFinite else {
            // No decrease along the direction: stay, and start the memory afresh.
            value = f
            gradient = g
            forget()
            return
        }
        let candidate = point + trial.alpha * direction
        remember(candidate - point, trial.gradient - g)
        point = candidate
        value = trial.value
        gradient = trial.gradient
    }

    /// −H·g from the stored pairs.
    private func twoLoop(_ g: SIMD2<Double>) -> SIMD2<Double> {
        let count = Swift.min(steps.count, gradientChanges.count)
        guard count > 0 else { return -g }
        var q = g
        var alphas = [Double](repeating: 0, count: count)
        var rhos = [Double](repeating: 0, count: count)
        for i in stride(from: count - 1, through: 0, by: -1) {
            rhos[i] = 1 / (steps[i] * gradientChanges[i]).sum()
            alphas[i] = rhos[i] * (steps[i] * q).sum()
            q -= alphas[i] * gradientChanges[i]
        }
        let s = steps[count - 1], y = gradientChanges[count - 1]
        var r = ((s * y).sum() / (y * y).sum()) * q
        for i in 0..<count {
            let beta = rhos[i] * (gradientChanges[i] * r).sum()
            r += (alphas[i] - beta) * steps[i]
        }
        return -r
    }

    /// Keeps (s, y) only when sᵀy is safely positive (scipy's test: sᵀy > ε·yᵀy); the strong
    /// Wolfe search guarantees it except at the limits of precision.
    private mutating func remember(_ s: SIMD2<Double>, _ y: SIMD2<Double>) {
        if steps.count != gradientChanges.count { forget() }  // only after a damaged checkpoint
        let sy = (s * y).sum(), yy = (y * y).sum()
        guard sy > 2.2e-16 * yy, sy > 0, yy > 0 else { return }
        steps.append(s)
        gradientChanges.append(y)
        while steps.count > Swift.max(memory, 1) {
            steps.removeFirst()
            gradientChanges.removeFirst()
        }
    }

    private mutating func forget() {
        steps.removeAll()
        gradientChanges.removeAll()
    }
}
