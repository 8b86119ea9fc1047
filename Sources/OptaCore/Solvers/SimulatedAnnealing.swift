import RealModule

/// Simulated annealing with Gaussian proposals and the Metropolis rule under a geometric
/// temperature schedule T_k = T₀·c^k. `point` is the current state; `best` the best seen.
public struct SimulatedAnnealingState: SolverState {
    public static let method = SolverMethod.simulatedAnnealing
    /// The hyper-parameter names.
    public static let parameterNames = ["coolingRate", "initialTemperature", "minTemperature", "stepSize"]

    public var initialTemperature: Double
    public var coolingRate: Double
    public var minTemperature: Double
    public var stepSize: Double
    public private(set) var point: SIMD2<Double>
    /// f at `point`; nil until the first step.
    public private(set) var value: Double?
    public private(set) var best: SIMD2<Double>
    public private(set) var bestValue: Double = .infinity
    public private(set) var iteration = 0
    public private(set) var random: SolverRandom

    /// Starts at `start`; defaults: `initialTemperature` 10, `coolingRate` 0.995,
    /// `minTemperature` 1e-6, `stepSize` 0.5 (the proposal's standard deviation).
    public init(start: SIMD2<Double>, parameters: [String: Double] = [:], seed: UInt64 = 1) throws(SolverParameterError) {
        let reader = try ParameterReader(parameters, method: Self.method, allowed: Self.parameterNames)
        initialTemperature = try reader.value("initialTemperature", default: 10, .positive)
        coolingRate = try reader.value("coolingRate", default: 0.995, .openUnit)
        minTemperature = try reader.value("minTemperature", default: 1e-6, .positive)
        stepSize = try reader.value("stepSize", default: 0.5, .positive)
        point = start
        best = start
        random = SolverRandom(seed: seed)
    }

    /// The temperature of the next step.
    public var temperature: Double {
        Swift.max(minTemperature, initialTemperature * Double.pow(coolingRate, Double(iteration)))
    }

    /// f moves randomly, so its change says nothing about convergence.
    public func fChange(previous: Double, current: Double) -> Double? { nil }

    public mutating func step(on objective: Objective) {
        let current = value ?? objective.value(point)
        if value == nil { record(point, current) }
        let candidate = point + stepSize * random.normal2()
        let f = objective.value(candidate)
        let u = random.uniform()
        let delta = f - current
        if delta <= 0 || u < Double.exp(-delta / temperature) {
            point = candidate
            value = f
            record(candidate, f)
        } else {
            value = current
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
