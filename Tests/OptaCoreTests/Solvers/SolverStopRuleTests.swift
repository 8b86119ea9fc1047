import Testing
@testable import OptaCore

@Suite("Solver stop rules and divergence")
struct SolverStopRuleTests {
    @Test func gradientDescentWithLearningRateOneDiverges() throws {
        var run = try SolverRun(method: .gradientDescent, start: SIMD2(-1.5, 2), parameters: ["learningRate": 1],
                                rules: StopRules(maxSteps: 1000, bounds: nil))
        let status = run.run(steps: 1000, on: .builtin(.rosenbrock))
        #expect(status == .diverged)
        #expect(run.stepCount < 1000)
        #expect(run.trajectory.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        #expect(run.values.count == run.trajectory.count)
        let steps = run.stepCount
        #expect(run.step(on: .builtin(.rosenbrock)) == .diverged)
        #expect(run.stepCount == steps, "a finished run does not step")
        // A diverged run still checkpoints (NaN and ∞ as strings) and restores.
        let restored = try SolverCheckpoint.decode(SolverCheckpoint.encode(run))
        #expect(try SolverCheckpoint.encode(restored) == SolverCheckpoint.encode(run))
    }

    @Test func leavingTheBoundsDiverges() throws {
        var run = try SolverRun(method: .gradientDescent, start: SIMD2(-1.5, 2), parameters: ["learningRate": 1],
                                rules: StopRules(bounds: SolverRegion(Domain(x: -2...2, y: -1...3))))
        #expect(run.run(steps: 100, on: .builtin(.rosenbrock)) == .diverged)
        #expect(run.stepCount == 1)
        #expect(run.trajectory.count == 2, "the first point outside is kept")
    }

    @Test func maxStepsStops() throws {
        var run = try SolverRun(method: .adam, start: SIMD2(-1.5, 2), rules: StopRules(maxSteps: 25))
        #expect(run.run(steps: 100, on: .builtin(.rosenbrock)) == .stopped)
        #expect(run.stepCount == 25)
        #expect(run.trajectory.count == 26)
        #expect(run.values.count == 26 && run.gradientNorms.count == 26)
    }

    @Test func gradientToleranceConverges() throws {
        var run = try SolverRun(method: .gradientDescent, start: SIMD2(-4, -4), parameters: ["learningRate": 0.05],
                                rules: StopRules(maxSteps: 10_000, fTolerance: 0, gradientTolerance: 1e-6))
        #expect(run.run(steps: 10_000, on: .builtin(.booth)) == .converged)
        #expect(run.stepCount < 10_000)
        #expect((run.gradientNorms.last ?? 1) < 1e-6)
        #expect(run.gradientNorms.dropLast().allSatisfy { $0 >= 1e-6 })
    }

    @Test func fToleranceConverges() throws {
        var run = try SolverRun(method: .gradientDescent, start: SIMD2(-4, -4), parameters: ["learningRate": 0.05],
                                rules: StopRules(maxSteps: 10_000, fTolerance: 1e-6, gradientTolerance: 0))
        #expect(run.run(steps: 10_000, on: .builtin(.booth)) == .converged)
        let v = run.values
        #expect(abs(v[v.count - 1] - v[v.count - 2]) < 1e-6)
    }

    @Test func startingAtTheMinimumConvergesWithoutAStep() throws {
        var run = try SolverRun(method: .momentum, start: SIMD2(1, 3))
        #expect(run.step(on: .builtin(.booth)) == .converged)
        #expect(run.stepCount == 0)
    }

    @Test func nonFiniteStartDiverges() throws {
        var run = try SolverRun(method: .nelderMead, start: SIMD2(.nan, 0))
        #expect(run.step(on: .builtin(.himmelblau)) == .diverged)
    }

    @Test("every method survives a hostile objective", arguments: SolverMethod.allCases)
    func hostileObjective(method: SolverMethod) throws {
        // exp(x² + y²) overflows quickly: the run must end as diverged or stopped, never trap.
        let objective = Objective.expression(try Expression(parsing: "exp(x^2 + y^2) * 1e300"))
        var run = try SolverRun(method: method, start: SIMD2(3, 3), parameters: [:], rules: StopRules(maxSteps: 200))
        let status = run.run(steps: 200, on: objective)
        #expect(status != .running)
    }
}
