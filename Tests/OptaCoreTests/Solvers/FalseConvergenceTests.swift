import Testing
@testable import OptaCore

/// `converged` means the point is a minimum: the cases where Opta used to claim it falsely.
@Suite("No false convergence")
struct FalseConvergenceTests {
    /// RMSProp with a fixed step ends in a 2-cycle about Booth's minimum: f repeats, x does not.
    @Test func rmspropOscillatingAboutBoothsMinimumIsNotConverged() throws {
        var run = try SolverRun(method: .rmsprop, start: SIMD2(-4, -4),
                                parameters: ["learningRate": 1e-3, "rho": 0.9], rules: StopRules(maxSteps: 20_000))
        // The last two iterates (the kept trajectory of 20 000 steps skips steps).
        var last: [SIMD2<Double>] = []
        let status = run.run(steps: 20_000, on: .builtin(.booth)) { last = [last.last ?? $0.point, $0.point] }
        #expect(status == .stopped, "\(status) after \(run.stepCount) steps at \(run.point)")
        #expect(distance(last[0], last[1]) > 1e-4, "still oscillating")
        #expect(distance(run.point, SIMD2(1, 3)) < 1e-2)
    }

    /// Annealing on Easom's plateau (∇f ≈ 0, f ≈ 0, f* = −1) must not stop on ‖∇f‖.
    @Test func annealingIgnoresTheGradientOnEasomsPlateau() throws {
        var run = try SolverRun(method: .simulatedAnnealing, start: SIMD2(-0.5, 6.5), seed: 3,
                                rules: StopRules(maxSteps: 400))
        let status = run.run(steps: 400, on: .builtin(.easom))
        #expect(BuiltinFunction.easom.gradient(SIMD2(-0.5, 6.5)).x.magnitude < 1e-8, "the start is on the plateau")
        #expect(status == .stopped, "\(status) after \(run.stepCount)")
        #expect(run.stepCount == 400)
    }

    /// The trajectory of annealing is its best point so far, so f never rises along it.
    @Test func annealingReportsItsBestPoint() throws {
        var run = try SolverRun(method: .simulatedAnnealing, start: SIMD2(-4, -4.5), rules: StopRules(maxSteps: 2000))
        run.run(steps: 2000, on: .builtin(.himmelblau))
        #expect(zip(run.values, run.values.dropFirst()).allSatisfy { $0.1 <= $0.0 })
        guard case .simulatedAnnealing(let state) = run.state else {
            Issue.record("wrong state")
            return
        }
        #expect(run.point == state.best)
        #expect(run.values.last == state.bestValue)
    }

    /// With `polish`, the budget ends with Nelder–Mead from the best point, which converges.
    @Test func annealingPolishConvergesOnTheMinimum() throws {
        var run = try SolverRun(method: .simulatedAnnealing, start: SIMD2(1, 1), parameters: ["polish": 1],
                                rules: StopRules(maxSteps: 2000))
        let status = run.run(steps: 10_000, on: .builtin(.easom))
        #expect(status == .converged, "\(status) after \(run.stepCount)")
        #expect(run.stepCount > 2000 && run.stepCount <= 2200)
        #expect(abs(BuiltinFunction.easom.value(run.point) + 1) < 1e-6, "\(run.point)")
    }

    /// Goldstein–Price's minimum is 3: an absolute tolerance of 1e-15 on f's spread is below its
    /// rounding, so CMA-ES used to run ~850 generations past the minimum. Now it stops soon after.
    @Test func cmaesStopsSoonAfterReachingGoldsteinPricesMinimum() throws {
        var run = try SolverRun(method: .cmaes, start: SIMD2(0.5, 0.5), seed: 2, rules: StopRules(maxSteps: 2000))
        var reached: Int?
        while run.status == .running {
            run.step(on: .builtin(.goldsteinPrice))
            if reached == nil, case .cmaes(let state) = run.state, state.bestValue - 3 < 1e-8 { reached = run.stepCount }
        }
        let reachedAt = try #require(reached)
        #expect(run.status == .converged)
        #expect(run.stepCount <= 2 * reachedAt, "reached f* + 1e-8 at \(reachedAt), converged at \(run.stepCount)")
    }

    /// Every accepted L-BFGS pair has sᵀy > 0 (the Wolfe search guarantees it), and the memory fills.
    @Test func lbfgsKeepsOnlyPositiveCurvaturePairs() throws {
        var run = try SolverRun(method: .lbfgs, start: SIMD2(-1.2, 1), rules: StopRules(maxSteps: 100))
        var filled = false
        while run.status == .running {
            run.step(on: .builtin(.rosenbrock))
            guard case .lbfgs(let state) = run.state else { break }
            #expect(zip(state.steps, state.gradientChanges).allSatisfy { ($0 * $1).sum() > 0 })
            filled = filled || state.steps.count == state.memory
        }
        #expect(run.status == .converged && run.stepCount <= 49, "\(run.status) after \(run.stepCount)")
        #expect(filled)
    }

    /// Whatever the method and function, a `converged` run ends near a stationary point.
    @Test("converged means a minimum", arguments: SolverMethod.allCases)
    func convergedMeansStationary(method: SolverMethod) throws {
        let cases: [(BuiltinFunction, SIMD2<Double>)] = [
            (.booth, SIMD2(-4, -4)), (.matyas, SIMD2(5, -3)), (.threeHumpCamel, SIMD2(1, 1)),
            (.goldsteinPrice, SIMD2(0, -0.5)), (.beale, SIMD2(1, 1)), (.mccormick, SIMD2(0, 0)),
            (.styblinskiTang, SIMD2(-2, -2)), (.rosenbrock, SIMD2(-1.2, 1)), (.easom, SIMD2(2.5, 3.5)),
        ]
        let parameters: [String: Double] = method == .simulatedAnnealing ? ["polish": 1] : [:]
        for (function, start) in cases {
            var run = try SolverRun(method: method, start: start, parameters: parameters, rules: StopRules(maxSteps: 5000))
            run.run(steps: 20_000, on: .builtin(function))
            guard run.status == .converged else { continue }
            let g = function.gradient(run.point)
            let norm = (g * g).sum().squareRoot()
            // Nelder–Mead stops at scipy's xatol = 1e-4, so its gradient is only small, not tiny.
            let tolerance = method == .nelderMead || method == .simulatedAnnealing ? 2e-2 : 1e-6
            #expect(norm < tolerance * max(1, abs(function.value(run.point))),
                    "\(method) on \(function): converged at \(run.point) with ‖∇f‖ \(norm)")
        }
    }
}
