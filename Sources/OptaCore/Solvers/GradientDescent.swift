/// Plain gradient descent, torch.optim.SGD without momentum: x ← x − lr·∇f(x).
public struct GradientDescentState: SolverState {
    public static let method = SolverMethod.gradientDescent
    /// The hyper-parameter names.
    public static let parameterNames = ["learningRate"]

    public var learningRate: Double
    public private(set) var point: SIMD2<Double>

    /// Starts at `start`; `parameters` may set `learningRate` (default 1e-3, torch's).
    public init(start: SIMD2<Double>, parameters: [String: Double] = [:]) throws(SolverParameterError) {
        let reader = try ParameterReader(parameters, method: Self.method, allowed: Self.parameterNames)
        learningRate = try reader.value("learningRate", default: 1e-3, .positive)
        point = start
    }

    public mutating func step(on objective: Objective) {
        point += -learningRate * objective.gradient(point)
    }
}
