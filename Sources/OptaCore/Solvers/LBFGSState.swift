/// L-BFGS (Nocedal 1980): a quasi-Newton direction from the last `memory` curvature pairs
/// (two-loop recursion) and a backtracking line search with the Armijo condition.
public struct LBFGSState: SolverState {
    public static let method = SolverMethod.lbfgs
    /// The hyper-parameter names.
    public static let parameterNames = ["armijo", "backtrack", "memory"]
    static let maxBacktracks = 60

    /// How many (s, y) pairs are kept; default 7.
    public private(set) var memory: Int
    /// The sufficient-decrease constant c₁; default 1e-4.
    public var armijo: Double
    /// The step shrink factor of the line search; default 0.5.
    public var backtrack: Double
    public private(set) var point: SIMD2<Double>
    /// f and ∇f at `point`; nil until the first step.
    public private(set) var value: Double?
    public private(set) var gradient: SIMD2<Double>?
    /// The curvature pairs, oldest first.
    public private(set) var steps: [SIMD2<Double>] = []
    public private(set) var gradientChanges: [SIMD2<Double>] = []

    /// Starts at `start` with an empty memory.
    public init(start: SIMD2<Double>, parameters: [String: Double] = [:]) throws(SolverParameterError) {
        let reader = try ParameterReader(parameters, method: Self.method, allowed: Self.parameterNames)
        memory = Int(try reader.value("memory", default: 7, .integer(atLeast: 1)))
        armijo = try reader.value("armijo", default: 1e-4, .openUnit)
        backtrack = try reader.value("backtrack", default: 0.5, .openUnit)
        point = start
    }

    public mutating func step(on objective: Objective) {
        let f = value ?? objective.value(point)
        let g = gradient ?? objective.gradient(point)
        var direction = twoLoop(g)
        var slope = (direction * g).sum()
        if !(slope < 0) {  // not a descent direction (or NaN): forget the memory
            forget()
            direction = -g
            slope = -(g * g).sum()
        }
        var alpha = 1.0
        for _ in 0..<Self.maxBacktracks {
            let candidate = point + alpha * direction
            let fCandidate = objective.value(candidate)
            if fCandidate <= f + armijo * alpha * slope {
                let gCandidate = objective.gradient(candidate)
                remember(candidate - point, gCandidate - g)
                point = candidate
                value = fCandidate
                gradient = gCandidate
                return
            }
            alpha *= backtrack
        }
        // No sufficient decrease along the direction: stay, and start the memory afresh.
        value = f
        gradient = g
        forget()
    }

    /// −H·g from the stored pairs, with the initial Hessian scaled by sᵀy / yᵀy.
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

    private mutating func remember(_ s: SIMD2<Double>, _ y: SIMD2<Double>) {
        let curvature = (s * y).sum()
        if steps.count != gradientChanges.count { forget() }  // only after a damaged checkpoint
        guard curvature > 1e-12 * (y * y).sum().squareRoot() * (s * s).sum().squareRoot(), curvature > 0 else { return }
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
