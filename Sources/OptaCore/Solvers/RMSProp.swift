/// RMSProp (Hinton 2012) as torch.optim.RMSprop computes it (not centred, no momentum):
/// v ← ρv + (1 − ρ)g², x ← x − lr·g / (√v + ε). torch calls ρ `alpha`.
public struct RMSPropState: SolverState {
    public static let method = SolverMethod.rmsprop
    /// The hyper-parameter names.
    public static let parameterNames = ["epsilon", "learningRate", "rho"]

    public var learningRate: Double
    public var rho: Double
    public var epsilon: Double
    public private(set) var point: SIMD2<Double>
    public private(set) var meanSquare = SIMD2<Double>.zero

    /// Starts at `start`; defaults as torch's: `learningRate` 1e-2, `rho` 0.99, `epsilon` 1e-8.
    public init(start: SIMD2<Double>, parameters: [String: Double] = [:]) throws(SolverParameterError) {
        let reader = try ParameterReader(parameters, method: Self.method, allowed: Self.parameterNames)
        learningRate = try reader.value("learningRate", default: 1e-2, .positive)
        rho = try reader.value("rho", default: 0.99, .unitHalfOpen)
        epsilon = try reader.value("epsilon", default: 1e-8, .positive)
        point = start
    }

    public mutating func step(on objective: Objective) {
        let g = objective.gradient(point)
        // torch: square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
        meanSquare = meanSquare * rho + (1 - rho) * g * g
        // torch: param.addcdiv_(grad, square_avg.sqrt().add_(eps), value=-lr)
        point += -learningRate * g / (meanSquare.squareRoot() + epsilon)
    }
}
