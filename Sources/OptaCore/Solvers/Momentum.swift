/// Heavy-ball momentum: v ← μv − lr·∇f(x), x ← x + v.
public struct MomentumState: SolverState {
    public static let method = SolverMethod.momentum
    /// The hyper-parameter names.
    public static let parameterNames = ["learningRate", "momentum"]

    public var learningRate: Double
    public var momentum: Double
    public private(set) var point: SIMD2<Double>
    public private(set) var velocity = SIMD2<Double>.zero

    /// Starts at `start` at rest; defaults: `learningRate` 1e-3, `momentum` 0.9.
    public init(start: SIMD2<Double>, parameters: [String: Double] = [:]) throws(SolverParameterError) {
        let reader = try ParameterReader(parameters, method: Self.method, allowed: Self.parameterNames)
        learningRate = try reader.value("learningRate", default: 1e-3, .positive)
        momentum = try reader.value("momentum", default: 0.9, .unitHalfOpen)
        point = start
    }

    public mutating func step(on objective: Objective) {
        velocity = momentum * velocity - learningRate * objective.gradient(point)
        point += velocity
    }
}
