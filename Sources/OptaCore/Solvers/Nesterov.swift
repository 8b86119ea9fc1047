/// Nesterov momentum in torch.optim.SGD's form (`nesterov=True`): b ← μb + ∇f(p) (b = ∇f(p) on the
/// first step), p ← p − lr·(∇f(p) + μb). The reported point is p, the point where the gradient is
/// taken, as torch reports it (Sutskever's x is p − μ·lr·b).
public struct NesterovState: SolverState {
    public static let method = SolverMethod.nesterov
    /// The hyper-parameter names.
    public static let parameterNames = ["learningRate", "momentum"]

    public var learningRate: Double
    public var momentum: Double
    public private(set) var point: SIMD2<Double>
    /// torch's momentum buffer b; nil before the first step.
    public private(set) var buffer: SIMD2<Double>?

    /// Starts at `start` at rest; defaults: `learningRate` 1e-3 (torch's), `momentum` 0.9 (torch
    /// requires a momentum > 0 for Nesterov and has no default).
    public init(start: SIMD2<Double>, parameters: [String: Double] = [:]) throws(SolverParameterError) {
        let reader = try ParameterReader(parameters, method: Self.method, allowed: Self.parameterNames)
        learningRate = try reader.value("learningRate", default: 1e-3, .positive)
        momentum = try reader.value("momentum", default: 0.9, .unitHalfOpen)
        point = start
    }

    public mutating func step(on objective: Objective) {
        let g = objective.gradient(point)
        let b = TorchSGD.updatedBuffer(buffer, gradient: g, momentum: momentum)
        buffer = b
        point += -learningRate * (g + momentum * b)
    }
}
