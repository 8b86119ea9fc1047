@testable import OptaCore

/// Rules that only stop at `maxSteps`: no tolerance, no bounds.
func onlyStepLimit(_ maxSteps: Int) -> StopRules {
    StopRules(maxSteps: maxSteps, fTolerance: 0, gradientTolerance: 0, bounds: nil)
}

/// Euclidean distance.
func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
    ((a - b) * (a - b)).sum().squareRoot()
}

/// A run of `method` after at most `steps` steps on the built-in `function`.
func solved(_ method: SolverMethod, on function: BuiltinFunction, from start: SIMD2<Double>,
            parameters: [String: Double] = [:], seed: UInt64 = 1, steps: Int,
            rules: StopRules? = nil) throws -> SolverRun {
    var run = try SolverRun(method: method, start: start, parameters: parameters, seed: seed,
                            rules: rules ?? StopRules(maxSteps: steps))
    run.run(steps: steps, on: .builtin(function))
    return run
}
