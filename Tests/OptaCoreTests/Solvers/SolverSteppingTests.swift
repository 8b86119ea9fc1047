import Testing
@testable import OptaCore

/// The ways to step a run — one step at a time (the viewer), in stretches logging every iterate
/// (the recorder), and the bare state's own `step` — give the same run for every method.
@Suite struct SolverSteppingTests {
    static let cases: [(SolverMethod, [String: Double])] =
        SolverMethod.allCases.map { ($0, [:]) } + [(.simulatedAnnealing, ["polish": 1, "polishSteps": 60])]

    @Test(arguments: cases)
    func everyWayOfSteppingGivesTheSameRun(method: SolverMethod, parameters: [String: Double]) throws {
        let objective = Objective.builtin(.himmelblau), start = SIMD2(0.3, -4.1), n = 500
        func fresh() throws -> SolverRun {
            try SolverRun(id: "run", method: method, start: start, parameters: parameters, seed: 5, rules: onlyStepLimit(n))
        }
        var single = try fresh(), stretched = try fresh()
        var heard: [SolverIterate] = [], taken: [SolverIterate] = [], log = IterateLog()
        while single.status == .running { single.step(on: objective) { heard.append($0) } }
        while stretched.status == .running {
            stretched.run(steps: 97, on: objective, loggingTo: &log)
            taken += log.iterates
            log.removeAll()
        }
        #expect(single.stepCount > 1)
        #expect(taken == heard)
        #expect(stretched == single)

        // Without a polish the run only ever calls `step`, so the bare state must end the same.
        guard parameters.isEmpty else {
            #expect(single.stepCount > n, "the polish ran past the budget")
            return
        }
        var bare = try AnySolverState(method: method, start: start, parameters: parameters, seed: 5)
        for _ in 0..<single.stepCount { bare.step(on: objective) }
        #expect(bare == single.state)
    }
}
