/// A solver run: a method's state, the trajectory so far with f and ‖∇f‖ at each point, the
/// step count and the status. A step that yields NaN/∞ or leaves `rules.bounds` marks the run
/// `diverged` and ends it; nothing traps. Codable: `SolverCheckpoint` saves and restores it.
public struct SolverRun: Sendable, Codable, Equatable {
    /// The caller's name for this run.
    public var id: String
    /// The optimizer's full state.
    public private(set) var state: AnySolverState
    /// When the run ends.
    public var rules: StopRules
    /// The start point, then the point after each step (non-finite points are left out).
    public private(set) var trajectory: [SIMD2<Double>]
    /// f at each trajectory point; filled from the first step on.
    public private(set) var values: [Double] = []
    /// ‖∇f‖ at each trajectory point; filled from the first step on.
    public private(set) var gradientNorms: [Double] = []
    /// The steps taken.
    public private(set) var stepCount = 0
    /// Where the run stands.
    public private(set) var status = SolverStatus.running
    /// Consecutive stalled steps so far (see `StopRules`).
    public private(set) var stalledSteps = 0

    /// A run of `method` from `start`; see `AnySolverState.init(method:start:parameters:seed:)`.
    public init(id: String = "", method: SolverMethod, start: SIMD2<Double>, parameters: [String: Double] = [:],
                seed: UInt64 = 1, rules: StopRules = StopRules()) throws(SolverParameterError) {
        self.init(id: id, state: try AnySolverState(method: method, start: start, parameters: parameters, seed: seed),
                  rules: rules)
    }

    /// A run continuing from `state`.
    public init(id: String = "", state: AnySolverState, rules: StopRules = StopRules()) {
        self.id = id
        self.state = state
        self.rules = rules
        trajectory = [state.point]
    }

    /// The method.
    public var method: SolverMethod { state.method }

    /// The current point.
    public var point: SIMD2<Double> { state.point }

    /// One step on `objective` unless the run has finished; returns the status after it.
    /// The first call also evaluates the start, and ends the run there if it already fails
    /// or meets a rule.
    @discardableResult
    public mutating func step(on objective: Objective) -> SolverStatus {
        guard status == .running else { return status }
        if values.count < trajectory.count {
            let start = trajectory[trajectory.count - 1]
            let (f, gradientNorm) = Self.evaluate(objective, at: start)
            values.append(f)
            gradientNorms.append(gradientNorm)
            if let status = judge(start, f, gradientNorm) {
                self.status = status
                return status
            }
        }
        guard let fPrevious = values.last, let previous = trajectory.last else {  // only a damaged checkpoint gets here
            status = .diverged
            return status
        }
        state.step(on: objective)
        stepCount += 1
        let p = state.point
        let (f, gradientNorm) = Self.evaluate(objective, at: p)
        if p.x.isFinite && p.y.isFinite {
            trajectory.append(p)
            values.append(f)
            gradientNorms.append(gradientNorm)
        }
        stalledSteps = rules.stalled(from: previous, fPrevious, to: p, f) ? stalledSteps + 1 : 0
        status = judge(p, f, gradientNorm) ?? .running
        return status
    }

    /// Up to `steps` steps, ending early when the run finishes; returns the final status.
    @discardableResult
    public mutating func run(steps: Int, on objective: Objective) -> SolverStatus {
        var remaining = steps
        while remaining > 0 && status == .running {
            step(on: objective)
            remaining -= 1
        }
        return status
    }

    /// Raises the step budget by `steps`; a run that had only used up its budget (`stopped`) goes on.
    /// Continuing this way gives exactly the run that had the larger budget from the start, except
    /// for simulated annealing with `polish`, whose polish begins where the first budget ended.
    public mutating func extendBudget(by steps: Int) {
        rules.maxSteps = stepCount + steps
        if status == .stopped { status = .running }
    }

    /// The status the rules give after reaching `p`, or nil to keep going.
    private mutating func judge(_ p: SIMD2<Double>, _ f: Double, _ gradientNorm: Double) -> SolverStatus? {
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
