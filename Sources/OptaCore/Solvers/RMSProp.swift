/// RMSProp (Hinton 2012): steps scaled by a running average of squared gradients with decay ρ.
public struct RMSPropState: SolverState {
    public static let method = SolverMethod.rmsprop
    /// The hyper-parameter names.
    public static let parameterNames = ["epsilon", "learningRate", "rho"]

    public var learningRate: Double
    public var rho: Double
    public var epsilon: Double
    public private(set) var point: SIMD2<Double>
    public private(set) var meanSquare = SIMD2<Double>.zero

    /// Starts at `start`; defaults: `learningRate` 1e-3, `rho` 0.9, `epsilon` 1e-8.
    public init(start: SIMD2<Double>, parameters: [String: Double] = [:]) throws(SolverParameterError) {
        let reader = try ParameterReader(parameters, method: Self.method, allowed: Self.parameterNames)
        learningRate = try reader.value("learningRate", default: 1e-3, .positive)
        rho = try reader.value("rho", default: 0.9, .unitHalfOpen)
        epsilon = try reader.value("epsilon", default: 1e-8, .positive)
        point = start
    }

    public mutating func step(on objective: Objective) {
        let g = objective.gradient(point)
        meanSquare = rho * meanSquare + (1 - rho) * g * g
        point -= learningRate * g / (meanSquare.squareRoot() + epsilon)
    }
}
