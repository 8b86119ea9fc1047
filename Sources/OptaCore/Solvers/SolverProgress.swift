/// Everything of a `SolverRun` but the method's state: the rules, the trajectory, the step count,
/// the status and the stall counter, with the step loop. `SolverRun` keeps it apart from its
/// `AnySolverState` so that the loop can take the concrete state out of the enum once per call
/// (`AnySolverState.advance`) and run generic over it: each step then mutates the state in place
/// and reads its point and convergence directly, instead of copying the whole state in and out
/// of the enum several times a step.
struct SolverProgress: Sendable, Equatable {
    var rules: StopRules
    var path: SolverTrajectory
    var stepCount = 0
    var status = SolverStatus.running
    var stalledSteps = 0

    /// Up to `steps` steps of `state`, ending early when the run finishes. The first step also
    /// evaluates the start, and ends the run there if it already fails or meets a rule. `observe`
    /// hears every point the trajectory gets (the start when it is evaluated, then each finite
    /// step), before any decimation. Without `keepingPath`, the steps' points are left for the
    /// caller to append to `path` from what `observe` heard (the start is appended here). Inlined,
    /// so a caller's `observe` is compiled into the loop.
    @inline(__always)
    mutating func run<State: SolverState>(_ steps: Int, of state: inout State, on objective: Objective,
                                          keepingPath: Bool = true, _ observe: (SolverIterate) -> Void) {
        var remaining = steps
        // The last point reached and its f (the path's latest, kept here while the path waits).
        var last = path.values.count == path.points.count ? path.points.last.map { ($0, path.values.last!) } : nil
        while remaining > 0 && status == .running {
            step(&state, on: objective, last: &last, keepingPath: keepingPath, observe)
            remaining -= 1
        }
    }

    @inline(__always)
    private mutating func step<State: SolverState>(_ state: inout State, on objective: Objective,
                                                   last: inout (SIMD2<Double>, Double)?, keepingPath: Bool,
                                                   _ observe: (SolverIterate) -> Void) {
        if path.lacksValues, let start = path.points.last {
            let (f, gradientNorm) = Self.evaluate(objective, at: start)
            path.evaluateStart(value: f, gradientNorm: gradientNorm)
            last = (start, f)
            observe(SolverIterate(step: path.steps[0], point: start, value: f, gradientNorm: gradientNorm))
            if let status = judge(&state, start, f, gradientNorm) {
                self.status = status
                return
            }
        }
        guard let (previous, fPrevious) = last else {  // only a damaged checkpoint gets here
            status = .diverged
            return
        }
        state.step(on: objective)
        stepCount += 1
        let p = state.point
        let (f, gradientNorm) = Self.evaluate(objective, at: p)
        if p.x.isFinite && p.y.isFinite {
            // `observe` first, while the iterate is still in registers (the append is a call).
            observe(SolverIterate(step: stepCount, point: p, value: f, gradientNorm: gradientNorm))
            if keepingPath { path.append(p, value: f, gradientNorm: gradientNorm, step: stepCount) }
            last = (p, f)
        }
        stalledSteps = rules.stalled(from: previous, fPrevious, to: p, f) ? stalledSteps + 1 : 0
        status = judge(&state, p, f, gradientNorm) ?? .running
    }

    /// The status the rules give after `state` reached `p`, or nil to keep going.
    private mutating func judge<State: SolverState>(_ state: inout State, _ p: SIMD2<Double>, _ f: Double,
                                                    _ gradientNorm: Double) -> SolverStatus? {
        guard p.x.isFinite, p.y.isFinite, f.isFinite else { return .diverged }
        if let bounds = rules.bounds, !bounds.contains(p) { return .diverged }
        switch state.convergence {
        case .gradient:
            guard gradientNorm.isFinite else { return .diverged }
            if gradientNorm < rules.gradientTolerance { return .converged }
            if rules.patience > 0, stalledSteps >= rules.patience { return .converged }
        case .own(let met):
            if met { return .converged }
        }
        if stepCount >= rules.maxSteps {
            // A method may go on past its budget once (simulated annealing's polish).
            let extra = state.stepsAfterBudget()
            guard extra > 0 else { return .stopped }
            rules.maxSteps = stepCount + extra
        }
        return nil
    }

    private static func evaluate(_ objective: Objective, at p: SIMD2<Double>) -> (Double, Double) {
        let g = objective.gradient(p)
        return (objective.value(p), (g * g).sum().squareRoot())
    }
}
