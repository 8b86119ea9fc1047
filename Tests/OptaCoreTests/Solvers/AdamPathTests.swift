import Foundation
import Testing
@testable import OptaCore

@Suite("Adam.path keeps its numbers")
struct AdamPathTests {
    /// The pre-solver implementation, written out: the default scene and a CSV depend on it.
    static func reference(_ objective: Objective, _ start: SIMD2<Double>, _ steps: Int, _ lr: Double) -> [SIMD2<Double>] {
        let b1 = 0.9, b2 = 0.999, eps = 1e-8
        var p = start, m = SIMD2<Double>.zero, v = SIMD2<Double>.zero
        var out = [p]
        for t in 1...steps {
            let g = objective.gradient(p)
            m = b1 * m + (1 - b1) * g
            v = b2 * v + (1 - b2) * g * g
            let mHat = m / (1 - pow(b1, Double(t)))
            let vHat = v / (1 - pow(b2, Double(t)))
            p -= lr * mHat / (vHat.squareRoot() + eps)
            out.append(p)
        }
        return out
    }

    @Test func defaultScenePathIsUnchanged() {
        let objective = Objective.builtin(.rosenbrock)
        let path = Adam.path(on: objective, from: DefaultScenario.adamStart, steps: DefaultScenario.adamSteps,
                             learningRate: DefaultScenario.adamLearningRate)
        let expected = Self.reference(objective, DefaultScenario.adamStart, DefaultScenario.adamSteps,
                                      DefaultScenario.adamLearningRate)
        #expect(path.count == 201)
        #expect(path.map(\.x.bitPattern) == expected.map(\.x.bitPattern))
        #expect(path.map(\.y.bitPattern) == expected.map(\.y.bitPattern))
    }

    @Test func solverRunFollowsTheSamePath() throws {
        var run = try SolverRun(method: .adam, start: SIMD2(-1.5, 2.5), parameters: ["learningRate": 0.1],
                                rules: onlyStepLimit(50))
        run.run(steps: 50, on: .builtin(.himmelblau))
        #expect(run.trajectory == Self.reference(.builtin(.himmelblau), SIMD2(-1.5, 2.5), 50, 0.1))
    }
}
