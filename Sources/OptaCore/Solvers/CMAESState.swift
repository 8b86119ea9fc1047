import RealModule

/// (μ/μ_w, λ)-CMA-ES in two dimensions. The default variant is pycma's: active covariance
/// adaptation (the worst offspring get negative weights) with pycma's default constants; the
/// `tutorial` variant is Hansen's tutorial (2016) without active CMA. One step is one generation;
/// `point` is the mean. Converges by pycma's own tests (tolfun, tolx; see `convergence`).
public struct CMAESState: SolverState {
    public static let method = SolverMethod.cmaes
    /// The hyper-parameter names.
    public static let parameterNames = ["populationSize", "sigma", "variant"]
    /// The choices of `variant`, by index.
    public static let variantChoices = ["pycma", "tutorial"]
    static let n = 2.0
    /// pycma's tolfun and tolx: the f range (relative to max(1, |f|) here, so the scale of f does
    /// not matter) and the step length below which the search has converged.
    static let functionTolerance = 1e-11
    static let stepTolerance = 1e-11
    /// More than the longest tolfun history (10 + ⌈30n/λ⌉ generations, 40 at λ = 2).
    static let historyCapacity = 40

    /// λ, the offspring per generation; default 4 + ⌊3 ln n⌋ = 6.
    public private(set) var populationSize: Int
    /// Which constants and update (see `variantChoices`).
    public private(set) var variant: Int
    /// The step size σ.
    public private(set) var sigma: Double
    public private(set) var mean: SIMD2<Double>
    /// The covariance matrix [[c11, c12], [c12, c22]].
    public private(set) var covariance: SIMD3<Double> = SIMD3(1, 0, 1)
    public private(set) var evolutionPath = SIMD2<Double>.zero
    public private(set) var sigmaPath = SIMD2<Double>.zero
    public private(set) var generation = 0
    public private(set) var best: SIMD2<Double>
    public private(set) var bestValue: Double = .infinity
    /// max f − min f over the last generation.
    public private(set) var lastSpread: Double = .infinity
    /// The best f of each recent generation, newest last (pycma's tolfun history).
    public private(set) var recentBest: [Double] = []
    public private(set) var random: SolverRandom

    /// The mean starts at `start`; defaults: `sigma` 0.5, `populationSize` 6, `variant` "pycma".
    public init(start: SIMD2<Double>, parameters: [String: Double] = [:], seed: UInt64 = 1) throws(SolverParameterError) {
        let reader = try ParameterReader(parameters, method: Self.method, allowed: Self.parameterNames)
        sigma = try reader.value("sigma", default: 0.5, .positive)
        let lambda = 4 + Int((3 * Double.log(Self.n)).rounded(.down))
        populationSize = Int(try reader.value("populationSize", default: Double(lambda), .integer(atLeast: 2)))
        variant = try reader.choice("variant", Self.variantChoices, default: 0)
        mean = start
        best = start
        random = SolverRandom(seed: seed)
    }

    public var point: SIMD2<Double> { mean }

    /// pycma's tolfun (the f range of this generation and of the recent generations' best values
    /// below tolerance) or tolx (σ times the longest axis and the evolution path below tolerance).
    public var convergence: ConvergenceTest {
        let historyLength = 10 + Int((30 * Self.n / Double(Swift.max(populationSize, 1))).rounded(.up))
        let scale = Swift.max(1, abs(bestValue))
        var fRange = lastSpread
        let history = recentBest.suffix(historyLength)
        if history.count == historyLength, let high = history.max(), let low = history.min() {
            fRange = Swift.max(fRange, high - low)
        } else {
            fRange = .infinity
        }
        let axis = SymmetricEigen2(a: covariance.x, b: covariance.y, d: covariance.z).values.max().squareRoot()
        let pathLength = (evolutionPath * evolutionPath).sum().squareRoot()
        let stepLength = sigma * Swift.max(axis, pathLength)
        let met = fRange < Self.functionTolerance * scale
            || (generation > 0 && stepLength < Self.stepTolerance * Swift.max(1, (mean * mean).sum().squareRoot()))
        return .own(met: met)
    }

    public mutating func step(on objective: Objective) {
        guard populationSize >= 2, variant < Self.variantChoices.count else {  // only a damaged checkpoint gets here
            mean = SIMD2(.nan, .nan)
            return
        }
        let p = CMAESParameters(lambda: populationSize, active: variant == 0)
        let eigen = SymmetricEigen2(a: covariance.x, b: covariance.y, d: covariance.z)
        let scale = eigen.values.squareRoot()
        let inverseScale = SIMD2(scale.x > 0 ? 1 / scale.x : 0, scale.y > 0 ? 1 / scale.y : 0)
        /// C^(-1/2)·y = B·D⁻¹·Bᵀ·y.
        func whiten(_ y: SIMD2<Double>) -> SIMD2<Double> { eigen.rotate(inverseScale * eigen.unrotate(y)) }

        var offspring: [(y: SIMD2<Double>, f: Double)] = []
        offspring.reserveCapacity(populationSize)
        for _ in 0..<populationSize {
            let y = eigen.rotate(scale * random.normal2())
            let x = mean + sigma * y
            let f = objective.value(x)
            offspring.append((y, f))
            if f < bestValue {
                best = x
                bestValue = f
            }
        }
        let order = offspring.indices.sorted {
            NelderMeadState.less(offspring[$0].f, offspring[$1].f) || (offspring[$0].f == offspring[$1].f && $0 < $1)
        }
        let first = offspring[order[0]].f, last = offspring[order[order.count - 1]].f
        lastSpread = last - first
        recentBest.append(first)
        if recentBest.count > Self.historyCapacity { recentBest.removeFirst() }

        var yw = SIMD2<Double>.zero
        for i in 0..<p.mu { yw += p.weights[i] * offspring[order[i]].y }
        mean += sigma * yw

        sigmaPath = (1 - p.cs) * sigmaPath + (p.cs * (2 - p.cs) * p.muEff).squareRoot() * whiten(yw)
        let psNorm = (sigmaPath * sigmaPath).sum().squareRoot()
        let decay = 1 - Double.pow(1 - p.cs, Double(2 * (generation + 1)))
        let hSigma: Double = p.keepsPath(psNorm: psNorm, decay: decay) ? 1 : 0
        evolutionPath = (1 - p.cc) * evolutionPath + hSigma * (p.cc * (2 - p.cc) * p.muEff).squareRoot() * yw

        let delta = (1 - hSigma) * p.cc * (2 - p.cc)
        var rankMu = SIMD3<Double>.zero
        for (i, index) in order.enumerated() where p.weights[i] != 0 {
            let y = offspring[index].y
            var w = p.weights[i]
            if w < 0 {
                // Active CMA: a negative weight scaled so the vector's Mahalanobis length is √n.
                let z = whiten(y)
                let length = (z * z).sum().squareRoot() + 1e-9
                w *= Self.n / (length * length)
            }
            rankMu += w * SIMD3(y.x * y.x, y.x * y.y, y.y * y.y)
        }
        let pc = evolutionPath
        covariance = (1 - p.c1 - p.cmu * p.weightSum + p.c1 * delta) * covariance
            + p.c1 * SIMD3(pc.x * pc.x, pc.x * pc.y, pc.y * pc.y)
            + p.cmu * rankMu
        sigma *= Double.exp(p.sigmaExponent(psNorm: psNorm))
        generation += 1
    }
}
