import Foundation

/// Adam (Kingma & Ba 2015): gradient descent with bias-corrected first and second moment
/// estimates. A value type: `step` advances the state by one iteration; it is also the
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

    /// One iteration with the gradient `g` at the current point.
    public mutating func step(gradient g: SIMD2<Double>) {
        iteration += 1
        firstMoment = beta1 * firstMoment + (1 - beta1) * g
        secondMoment = beta2 * secondMoment + (1 - beta2) * g * g
        let mHat = firstMoment / (1 - pow(beta1, Double(iteration)))
        let vHat = secondMoment / (1 - pow(beta2, Double(iteration)))
        point -= learningRate * mHat / (vHat.squareRoot() + epsilon)
    }

    public mutating func step(on objective: Objective) {
        step(gradient: objective.gradient(point))
    }
}
