/// A solver run: a method's state, the trajectory so far with f and ‖∇f‖ at each point, the
/// step count and the status. A step that yields NaN/∞ or leaves `rules.bounds` marks the run
/// `diverged` and ends it; nothing traps. Codable: `SolverCheckpoint` saves and restores it.
///
/// The trajectory keeps at most `SolverTrajectory.defaultCapacity` points (decimated by stride
/// doubling, first and latest point exact); whoever needs every iterate (the run store) takes them
/// as they come from `step(on:observe:)` or `run(steps:on:appendingTo:)`.
public struct SolverRun: Sendable, Equatable {
    /// The caller's name for this run.
    public var id: String
    /// The optimizer's full state.
    public private(set) var state: AnySolverState
    /// When the run ends.
    public var rules: StopRules
    /// The start point, then the point after each step (non-finite points are left out), decimated
    /// to a bounded number; f and ‖∇f‖ are filled from the first step on.
    public private(set) var path: SolverTrajectory
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
        path = SolverTrajectory()
        path.appendUnevaluated(state.point)
    }

    /// The kept trajectory points (see `path`): the start first, the current point last.
    public var trajectory: [SIMD2<Double>] { path.points }
    /// f at each kept trajectory point.
    public var values: [Double] { path.values }
    /// ‖∇f‖ at each kept trajectory point.
    public var gradientNorms: [Double] { path.gradientNorms }

    /// The method.
    public var method: SolverMethod { state.method }

    /// The current point.
    public var point: SIMD2<Double> { state.point }

    /// One step on `objective` unless the run has finished; returns the status after it.
    /// The first call also evaluates the start, and ends the run there if it already fails
    /// or meets a rule. `observe` hears every point the trajectory gets (the start when it is
    /// evaluated, then each finite step), before any decimation.
    @discardableResult
    public mutating func step(on objective: Objective, observe: ((SolverIterate) -> Void)? = nil) -> SolverStatus {
        takeStep(on: objective) { observe?($0) }
    }

    /// Up to `steps` steps as `run(steps:on:observe:)` does, appending every new trajectory point
    /// to `iterates`: how a recorder takes every iterate. The append is compiled into the step
    /// loop; through `observe`, each step would also pay a closure call.
    @discardableResult
    public mutating func run(steps: Int, on objective: Objective, appendingTo iterates: inout [SolverIterate]) -> SolverStatus {
        iterates.reserveCapacity(iterates.count + steps + 1)
        var remaining = steps
        while remaining > 0 && status == .running {
            takeStep(on: objective) { iterates.append($0) }
            remaining -= 1
        }
        return status
    }

    /// `step(on:observe:)`, inlined into each caller so `observe` is compiled in place.
    @inline(__always) @discardableResult
    private mutating func takeStep(on objective: Objective, _ observe: (SolverIterate) -> Void) -> SolverStatus {
        guard status == .running else { return status }
        if path.lacksValues, let start = path.points.last {
            let (f, gradientNorm) = Self.evaluate(objective, at: start)
            path.evaluateStart(value: f, gradientNorm: gradientNorm)
            observe(SolverIterate(step: path.steps[0], point: start, value: f, gradientNorm: gradientNorm))
            if let status = judge(start, f, gradientNorm) {
                self.status = status
                return status
            }
        }
        guard let fPrevious = path.values.last, let previous = path.points.last else {  // only a damaged checkpoint gets here
            status = .diverged
            return status
        }
        state.step(on: objective)
        stepCount += 1
        let p = state.point
        let (f, gradientNorm) = Self.evaluate(objective, at: p)
        if p.x.isFinite && p.y.isFinite {
            path.append(p, value: f, gradientNorm: gradientNorm, step: stepCount)
            observe(SolverIterate(step: stepCount, point: p, value: f, gradientNorm: gradientNorm))
        }
        stalledSteps = rules.stalled(from: previous, fPrevious, to: p, f) ? stalledSteps + 1 : 0
        status = judge(p, f, gradientNorm) ?? .running
        return status
    }

    /// Up to `steps` steps, ending early when the run finishes; returns the final status.
    /// `observe` hears every new trajectory point (see `step(on:observe:)`).
    @discardableResult
    public mutating func run(steps: Int, on objective: Objective, observe: ((SolverIterate) -> Void)? = nil) -> SolverStatus {
        var remaining = steps
        while remaining > 0 && status == .running {
            step(on: objective, observe: observe)
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

extension SolverRun: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, state, rules, trajectory, values, gradientNorms, decimation, stepCount, status, stalledSteps
    }

    /// A checkpoint's run. "trajectory", "values" and "gradientNorms" hold the kept points;
    /// "decimation" (only once points were dropped) says which steps they are. A damaged
    /// trajectory throws `DecodingError.dataCorrupted` with a `SolverTrajectory.RestoreError`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        state = try c.decode(AnySolverState.self, forKey: .state)
        rules = try c.decode(StopRules.self, forKey: .rules)
        stepCount = try c.decode(Int.self, forKey: .stepCount)
        status = try c.decode(SolverStatus.self, forKey: .status)
        stalledSteps = try c.decode(Int.self, forKey: .stalledSteps)
        let points = try c.decode([SIMD2<Double>].self, forKey: .trajectory)
        let values = try c.decode([Double].self, forKey: .values)
        let gradientNorms = try c.decode([Double].self, forKey: .gradientNorms)
        let decimation = try c.decodeIfPresent(SolverTrajectory.Decimation.self, forKey: .decimation)
        do {
            path = try SolverTrajectory(restoring: points, values: values, gradientNorms: gradientNorms, decimation: decimation)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: c.codingPath, debugDescription: "\(error.field) \(error.message)", underlyingError: error))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(state, forKey: .state)
        try c.encode(rules, forKey: .rules)
        try c.encode(path.points, forKey: .trajectory)
        try c.encode(path.values, forKey: .values)
        try c.encode(path.gradientNorms, forKey: .gradientNorms)
        try c.encodeIfPresent(path.decimation, forKey: .decimation)
        try c.encode(stepCount, forKey: .stepCount)
        try c.encode(status, forKey: .status)
        try c.encode(stalledSteps, forKey: .stalledSteps)
    }
}
