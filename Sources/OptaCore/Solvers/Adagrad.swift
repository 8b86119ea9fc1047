/// Adagrad (Duchi et al. 2011) as torch.optim.Adagrad computes it (no learning-rate decay):
/// s ← s + g², x ← x − lr·g / (√s + ε).
public struct AdagradState: SolverState {
    public static let method = SolverMethod.adagrad
    /// The hyper-parameter names.
    public static let parameterNames = ["epsilon", "learningRate"]

    public var learningRate: Double
    public var epsilon: Double
    public private(set) var point: SIMD2<Double>
    public private(set) var gradientSquares = SIMD2<Double>.zero

    /// Starts at `start`; defaults as torch's: `learningRate` 0.01, `epsilon` 1e-10.
    public init(start: SIMD2<Double>, parameters: [String: Double] = [:]) throws(SolverParameterError) {
        let reader = try ParameterReader(parameters, method: Self.method, allowed: Self.parameterNames)
        learningRate = try reader.value("learningRate", default: 0.01, .positive)
        epsilon = try reader.value("epsilon", default: 1e-10, .positive)
        point = start
    }

    public mutating func step(on objective: Objective) {
        let g = objective.gradient(point)
        gradientSquares += g * g
        point += -learningRate * g / (gradientSquares.squareRoot() + epsilon)
    }
}
