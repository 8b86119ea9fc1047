import RealModule

/// (μ/μ_w, λ)-CMA-ES (Hansen 2016, "The CMA Evolution Strategy: A Tutorial") in two dimensions
/// with the tutorial's default parameters. One step is one generation; `point` is the mean.
public struct CMAESState: SolverState {
    public static let method = SolverMethod.cmaes
    /// The hyper-parameter names.
    public static let parameterNames = ["populationSize", "sigma"]
    static let n = 2.0

    /// λ, the offspring per generation; default 4 + ⌊3 ln n⌋ = 6.
    public private(set) var populationSize: Int
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
    public private(set) var random: SolverRandom

    /// The mean starts at `start`; defaults: `sigma` 0.5, `populationSize` 6.
    public init(start: SIMD2<Double>, parameters: [String: Double] = [:], seed: UInt64 = 1) throws(SolverParameterError) {
        let reader = try ParameterReader(parameters, method: Self.method, allowed: Self.parameterNames)
        sigma = try reader.value("sigma", default: 0.5, .positive)
        let lambda = 4 + Int((3 * Double.log(Self.n)).rounded(.down))
        populationSize = Int(try reader.value("populationSize", default: Double(lambda), .integer(atLeast: 2)))
        mean = start
        best = start
        random = SolverRandom(seed: seed)
    }

    public var point: SIMD2<Double> { mean }

    /// The spread of f over the last generation: small once the search has contracted.
    public func fChange(previous: Double, current: Double) -> Double? { lastSpread }

    public mutating func step(on objective: Objective) {
        guard populationSize >= 2 else {  // only a damaged checkpoint gets here
            mean = SIMD2(.nan, .nan)
            return
        }
        let p = CMAESParameters(lambda: populationSize)
        let eigen = SymmetricEigen2(a: covariance.x, b: covariance.y, d: covariance.z)
        let scale = eigen.values.squareRoot()

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

        var yw = SIMD2<Double>.zero
        for i in 0..<p.mu { yw += p.weights[i] * offspring[order[i]].y }
        mean += sigma * yw

        // C^(-1/2)·y_w = B·D⁻¹·Bᵀ·y_w.
        let inverseScale = SIMD2(scale.x > 0 ? 1 / scale.x : 0, scale.y > 0 ? 1 / scale.y : 0)
        let whitened = eigen.rotate(inverseScale * eigen.unrotate(yw))
        sigmaPath = (1 - p.cs) * sigmaPath + (p.cs * (2 - p.cs) * p.muEff).squareRoot() * whitened
        let psNorm = (sigmaPath * sigmaPath).sum().squareRoot()
        let decay = 1 - Double.pow(1 - p.cs, Double(2 * (generation + 1)))
        let hSigma: Double = psNorm / decay.squareRoot() < (1.4 + 2 / (Self.n + 1)) * p.chiN ? 1 : 0
        evolutionPath = (1 - p.cc) * evolutionPath + hSigma * (p.cc * (2 - p.cc) * p.muEff).squareRoot() * yw

        let delta = (1 - hSigma) * p.cc * (2 - p.cc)
        var rankMu = SIMD3<Double>.zero
        for i in 0..<p.mu {
            let y = offspring[order[i]].y
            rankMu += p.weights[i] * SIMD3(y.x * y.x, y.x * y.y, y.y * y.y)
        }
        let pc = evolutionPath
        covariance = (1 - p.c1 - p.cmu + p.c1 * delta) * covariance
            + p.c1 * SIMD3(pc.x * pc.x, pc.x * pc.y, pc.y * pc.y)
            + p.cmu * rankMu
        sigma *= Double.exp((p.cs / p.damps) * (psNorm / p.chiN - 1))
        generation += 1
    }
}

/// The strategy parameters for n = 2 and population λ (Hansen's tutorial, table 1).
struct CMAESParameters: Sendable {
    let mu: Int
    let weights: [Double]
    let muEff, cc, cs, c1, cmu, damps, chiN: Double

    init(lambda: Int) {
        let n = CMAESState.n
        mu = lambda / 2
        let raw = (1...mu).map { Double.log(Double(lambda + 1) / 2) - Double.log(Double($0)) }
        let total = raw.reduce(0, +)
        weights = raw.map { $0 / total }
        muEff = 1 / weights.reduce(0) { $0 + $1 * $1 }
        cc = (4 + muEff / n) / (n + 4 + 2 * muEff / n)
        cs = (muEff + 2) / (n + muEff + 5)
        c1 = 2 / ((n + 1.3) * (n + 1.3) + muEff)
        cmu = Swift.min(1 - c1, 2 * (muEff - 2 + 1 / muEff) / ((n + 2) * (n + 2) + muEff))
        damps = 1 + 2 * Swift.max(0, ((muEff - 1) / (n + 1)).squareRoot() - 1) + cs
        chiN = n.squareRoot() * (1 - 1 / (4 * n) + 1 / (21 * n * n))
    }
}
