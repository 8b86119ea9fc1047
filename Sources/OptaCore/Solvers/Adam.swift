import Foundation

/// Adam (Kingma & Ba 2015): gradient descent with bias-corrected first and second moment
/// estimates. A value type: `step` advances the state by one iteration.
public struct Adam: Sendable, Equatable {
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

    /// One iteration with the gradient `g` at the current point.
    public mutating func step(gradient g: SIMD2<Double>) {
        iteration += 1
        firstMoment = beta1 * firstMoment + (1 - beta1) * g
        secondMoment = beta2 * secondMoment + (1 - beta2) * g * g
        let mHat = firstMoment / (1 - pow(beta1, Double(iteration)))
        let vHat = secondMoment / (1 - pow(beta2, Double(iteration)))
        point -= learningRate * mHat / (vHat.squareRoot() + epsilon)
    }

    /// The iterates of `steps` iterations on `objective`, starting point included.
    public static func path(on objective: Objective, from start: SIMD2<Double>, steps: Int,
                            learningRate: Double) -> [SIMD2<Double>] {
        var adam = Adam(start: start, learningRate: learningRate)
        var points = [start]
        points.reserveCapacity(steps + 1)
        for _ in 0..<steps {
            adam.step(gradient: objective.gradient(adam.point))
            points.append(adam.point)
        }
        return points
    }
}

