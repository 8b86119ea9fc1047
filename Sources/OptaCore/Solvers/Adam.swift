import Foundation

/// Adam (Kingma & Ba 2015) as torch.optim.Adam computes it: gradient descent with bias-corrected
/// first and second moment estimates. A value type: `step` advances the state by one iteration; it is also the
/// `SolverState` of the `adam` method.
public struct Adam: SolverState {
    public static let method = SolverMethod.adam
    /// The hyper-parameter names.
    public static let parameterNames = ["beta1", "beta2", "epsilon", "learningRate"]

    public var learningRate: Double = 0.001
    public var beta1: Double = 0.9
    public var beta2: Double = 0.999
    public var epsilon: Double = 1e-8

    public private(set) var point: SIMD2<Double>
    public private(set) var firstMoment = SIMD2<Double>.zero
    public private(set) var secondMoment = SIMD2<Double>.zero
    public private(set) var iteration = 0

    public init(start: SIMD2<Double>, learningRate: Double = 0.001, beta1: Double = 0.9, beta2: Double = 0.999,
                epsilon: Double = 1e-8) {
        self.point = start
        self.learningRate = learningRate
        self.beta1 = beta1
        self.beta2 = beta2
        self.epsilon = epsilon
    }

    /// Starts at `start`; defaults: `learningRate` 1e-3, `beta1` 0.9, `beta2` 0.999, `epsilon` 1e-8.
    public init(start: SIMD2<Double>, parameters: [String: Double]) throws(SolverParameterError) {
        let reader = try ParameterReader(parameters, method: Self.method, allowed: Self.parameterNames)
        self.init(start: start,
                  learningRate: try reader.value("learningRate", default: 1e-3, .positive),
                  beta1: try reader.value("beta1", default: 0.9, .unitHalfOpen),
                  beta2: try reader.value("beta2", default: 0.999, .unitHalfOpen),
                  epsilon: try reader.value("epsilon", default: 1e-8, .positive))
    }

    /// One iteration with the gradient `g` at the current point, in torch.optim.Adam's order of
    /// operations (so trajectories agree with torch's to the last bits, not just mathematically).
    public mutating func step(gradient g: SIMD2<Double>) {
        iteration += 1
        // exp_avg.lerp_(grad, 1 - beta1): torch's lerp for a weight below 0.5.
        firstMoment = firstMoment + (1 - beta1) * (g - firstMoment)
        // exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        secondMoment = secondMoment * beta2 + (1 - beta2) * g * g
        let stepSize = learningRate / (1 - pow(beta1, Double(iteration)))
        let correction2 = (1 - pow(beta2, Double(iteration))).squareRoot()
        let denominator = secondMoment.squareRoot() / correction2 + epsilon
        // param.addcdiv_(exp_avg, denom, value=-step_size)
        point += -stepSize * firstMoment / denominator
    }

    public mutating func step(on objective: Objective) {
        step(gradient: objective.gradient(point))
    }
}
