/// Heavy-ball momentum in torch.optim.SGD's form (momentum μ, no dampening):
/// b ← μb + ∇f(x) (b = ∇f(x) on the first step), x ← x − lr·b.
public struct MomentumState: SolverState {
    public static let method = SolverMethod.momentum
    /// The hyper-parameter names.
    public static let parameterNames = ["learningRate", "momentum"]

    public var learningRate: Double
    public var momentum: Double
    public private(set) var point: SIMD2<Double>
    /// torch's momentum buffer b; nil before the first step.
    public private(set) var buffer: SIMD2<Double>?

    /// Starts at `start` at rest; defaults: `learningRate` 1e-3 (torch's), `momentum` 0.9 (torch's
    /// default 0 would make this method plain gradient descent).
    public init(start: SIMD2<Double>, parameters: [String: Double] = [:]) throws(SolverParameterError) {
        let reader = try ParameterReader(parameters, method: Self.method, allowed: Self.parameterNames)
        learningRate = try reader.value("learningRate", default: 1e-3, .positive)
        momentum = try reader.value("momentum", default: 0.9, .unitHalfOpen)
        point = start
    }

    public mutating func step(on objective: Objective) {
        let b = TorchSGD.updatedBuffer(buffer, gradient: objective.gradient(point), momentum: momentum)
        buffer = b
        point += -learningRate * b
    }
}

/// The momentum buffer update torch.optim.SGD performs, operation for operation.
enum TorchSGD {
    /// b ← b·μ + g, or g itself on the first step.
    static func updatedBuffer(_ b: SIMD2<Double>?, gradient g: SIMD2<Double>, momentum: Double) -> SIMD2<Double> {
        guard let b else { return g }
        return b * momentum + g
    }
}
