import RealModule

/// Simulated annealing with Gaussian proposals and the Metropolis rule under a geometric
/// temperature schedule T_k = T₀·c^k. `point` is the best point seen (what scipy's
/// dual_annealing reports); `current` is the chain's state. With `polish` on, the run's step
/// budget ends with Nelder–Mead iterations from the best point (as dual_annealing ends with a
/// local search), and the run converges when they do; without it the run never claims
/// convergence: a random walk cannot tell a minimum.
public struct SimulatedAnnealingState: SolverState {
    public static let method = SolverMethod.simulatedAnnealing
    /// The hyper-parameter names.
    public static let parameterNames = ["coolingRate", "initialTemperature", "minTemperature", "polish", "polishSteps", "stepSize"]

    public var initialTemperature: Double
    public var coolingRate: Double
    public var minTemperature: Double
    public var stepSize: Double
    /// Whether the budget ends with a Nelder–Mead polish, and its most iterations.
    public var polish: Bool
    public var polishSteps: Int
    /// The chain's current state and f there (nil until the first step).
    public private(set) var current: SIMD2<Double>
    public private(set) var value: Double?
    public private(set) var best: SIMD2<Double>
    public private(set) var bestValue: Double = .infinity
    public private(set) var iteration = 0
    public private(set) var random: SolverRandom
    /// The polish, once the budget is used.
    public private(set) var polishing: NelderMeadState?

    /// Starts at `start`; defaults: `initialTemperature` 10, `coolingRate` 0.995,
    /// `minTemperature` 1e-6, `stepSize` 0.5 (the proposal's standard deviation), `polish` false,
    /// `polishSteps` 200.
    public init(start: SIMD2<Double>, parameters: [String: Double] = [:], seed: UInt64 = 1) throws(SolverParameterError) {
        let reader = try ParameterReader(parameters, method: Self.method, allowed: Self.parameterNames)
        initialTemperature = try reader.value("initialTemperature", default: 10, .positive)
        coolingRate = try reader.value("coolingRate", default: 0.995, .openUnit)
        minTemperature = try reader.value("minTemperature", default: 1e-6, .positive)
        stepSize = try reader.value("stepSize", default: 0.5, .positive)
        polish = try reader.flag("polish", default: false)
        polishSteps = Int(try reader.value("polishSteps", default: 200, .integer(atLeast: 1)))
        current = start
        best = start
        random = SolverRandom(seed: seed)
    }

    /// The best point so far (the polish's best vertex once polishing).
    public var point: SIMD2<Double> { polishing?.point ?? best }

    /// The temperature of the next step.
    public var temperature: Double {
        Swift.max(minTemperature, initialTemperature * Double.pow(coolingRate, Double(iteration)))
    }

    /// Only the polish can say the point is a minimum.
    public var convergence: ConvergenceTest {
        guard let polishing, case .own(let met) = polishing.convergence else { return .own(met: false) }
        return .own(met: met)
    }

    public mutating func stepsAfterBudget() -> Int {
        guard polish, polishing == nil, bestValue.isFinite else { return 0 }
        polishing = NelderMeadState(polishingFrom: best)
        return polishSteps
    }

    public mutating func step(on objective: Objective) {
        // Optional chaining steps the polish in place, and is nil when there is none: a copy of the
        // optional (even to test it for nil) is a copy of the whole Nelder–Mead state.
        if polishing?.step(on: objective) != nil { return }
        let f0 = value ?? objective.value(current)
        if value == nil { record(current, f0) }
        let candidate = current + stepSize * random.normal2()
        let f = objective.value(candidate)
        let u = random.uniform()
        let delta = f - f0
        if delta <= 0 || u < Double.exp(-delta / temperature) {
            current = candidate
            value = f
            record(candidate, f)
        } else {
            value = f0
        }
        iteration += 1
    }

    private mutating func record(_ p: SIMD2<Double>, _ f: Double) {
        if f < bestValue {
            best = p
            bestValue = f
        }
    }
}
