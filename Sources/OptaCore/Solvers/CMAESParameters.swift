import RealModule

/// CMA-ES strategy parameters for n = 2 and population λ: pycma's defaults with active CMA, or
/// those of Hansen's tutorial (2016, table 1) without it.
struct CMAESParameters: Sendable {
    /// How many offspring the mean recombines.
    let mu: Int
    /// One weight per rank, best first: μ positive weights summing to 1, then (active only)
    /// negative ones for the worst offspring.
    let weights: [Double]
    /// The sum of all weights (1 without active CMA).
    let weightSum: Double
    let muEff, cc, cs, c1, cmu, damps, chiN: Double
    let active: Bool

    init(lambda: Int, active: Bool) {
        let n = CMAESState.n
        self.active = active
        mu = lambda / 2
        let raw = (1...lambda).map { Double.log(Double(lambda + 1) / 2) - Double.log(Double($0)) }
        let positive = raw.prefix(mu)
        let positiveTotal = positive.reduce(0, +)
        muEff = positiveTotal * positiveTotal / positive.reduce(0) { $0 + $1 * $1 }
        // pycma uses E‖N(0, I)‖ exactly (√(π/2) for n = 2); the tutorial its approximation.
        chiN = active ? (Double.pi / 2).squareRoot() : n.squareRoot() * (1 - 1 / (4 * n) + 1 / (21 * n * n))
        let alphaCov = 2.0
        cc = (4 + muEff / n) / (n + 4 + 2 * muEff / n)
        c1 = alphaCov / ((n + 1.3) * (n + 1.3) + muEff)
        if active {
            // pycma (4.x): c_μ with its rank-μ offset 1/4; CSA's c_σ capped at 1/2; its damping
            // equals the tutorial's when nothing is mirrored and μ_eff is small (all n = 2 populations
            // up to λ ≈ 20).
            cmu = Swift.min(1 - c1, alphaCov * (0.25 + muEff + 1 / muEff - 2) / ((n + 2) * (n + 2) + alphaCov * muEff / 2))
            cs = Swift.min(0.5, (muEff + 2) / (n + muEff + 3))
            damps = 1 + 2 * Swift.max(0, ((muEff - 1) / (n + 1)).squareRoot() - 1) + cs
        } else {
            cmu = Swift.min(1 - c1, alphaCov * (muEff - 2 + 1 / muEff) / ((n + 2) * (n + 2) + alphaCov * muEff / 2))
            cs = (muEff + 2) / (n + muEff + 5)
            damps = 1 + 2 * Swift.max(0, ((muEff - 1) / (n + 1)).squareRoot() - 1) + cs
        }
        var w = positive.map { $0 / positiveTotal }
        if active, lambda > mu {
            let negative = raw.suffix(from: mu).filter { $0 < 0 }
            let negativeTotal = negative.reduce(0) { $0 + abs($1) }
            let negativeEff = negativeTotal * negativeTotal / negative.reduce(0) { $0 + $1 * $1 }
            // The tutorial's bounds on the negative weights' total: α⁻_μ, α⁻_μeff and α⁻_posdef.
            let total = Swift.min(1 + c1 / cmu, 1 + 2 * negativeEff / (muEff + 2), (1 - c1 - cmu) / (n * cmu))
            w += raw.suffix(from: mu).map { $0 < 0 && negativeTotal > 0 ? total * $0 / negativeTotal : 0 }
        } else {
            w += [Double](repeating: 0, count: lambda - mu)
        }
        weights = w
        weightSum = w.reduce(0, +)
    }

    /// Whether the evolution path keeps its rank-one update (h_σ = 1): not while σ's path is long
    /// only because of its start.
    func keepsPath(psNorm: Double, decay: Double) -> Bool {
        let n = CMAESState.n
        if active {
            return psNorm * psNorm / n / decay < 2 + 4 / (n + 1)
        }
        return psNorm / decay.squareRoot() < (1.4 + 2 / (n + 1)) * chiN
    }

    /// log of σ's change factor (cumulative step-size adaptation); pycma clips it to [−1, 1].
    func sigmaExponent(psNorm: Double) -> Double {
        let exponent = (cs / damps) * (psNorm / chiN - 1)
        return active ? Swift.min(1, Swift.max(-1, exponent)) : exponent
    }
}
