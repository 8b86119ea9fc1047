/// A solver run: a method's state, the trajectory so far with f and ‖∇f‖ at each point, the
/// step count and the status. A step that yields NaN/∞ or leaves `rules.bounds` marks the run
/// `diverged` and ends it; nothing traps. Codable: `SolverCheckpoint` saves and restores it.
///
/// The trajectory keeps at most `SolverTrajectory.defaultCapacity` points (decimated by stride
/// doubling, first and latest point exact); whoever needs every iterate (the run store) takes them
/// as they come from `step(on:observe:)` or `run(steps:on:loggingTo:)`.
public struct SolverRun: Sendable, Equatable {
    /// The caller's name for this run.
    public var id: String
    /// The optimizer's full state.
    public private(set) var state: AnySolverState
    /// Everything else, kept apart from `state` so that the step loop can take the state out of
    /// its enum for a whole call (see `SolverProgress`).
    private var progress: SolverProgress

    /// When the run ends.
    public var rules: StopRules {
        get { progress.rules }
        set { progress.rules = newValue }
    }
    /// The start point, then the point after each step (non-finite points are left out), decimated
    /// to a bounded number; f and ‖∇f‖ are filled from the first step on.
    public var path: SolverTrajectory { progress.path }
    /// The steps taken.
    public var stepCount: Int { progress.stepCount }
    /// Where the run stands.
    public var status: SolverStatus { progress.status }
    /// Consecutive stalled steps so far (see `StopRules`).
    public var stalledSteps: Int { progress.stalledSteps }

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
        var path = SolverTrajectory()
        path.appendUnevaluated(state.point)
        progress = SolverProgress(rules: rules, path: path)
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
        run(steps: 1, on: objective, observe: observe)
    }

    /// Up to `steps` steps as `run(steps:on:observe:)` does, logging every new trajectory point
    /// in `log`: how a recorder takes every iterate, and the quickest way to step a run (a caller
    /// that keeps nothing empties the log between calls). The log is fed inside the step loop
    /// (through `observe`, each step would also pay a closure call), and the points it hears are
    /// of consecutive steps: the start when it is evaluated, then every step, since a step to a
    /// non-finite point ends the run (`diverged`) without a point. The trajectory takes the
    /// stretch from the log afterwards (`SolverTrajectory.append(contentsOf:firstStep:)`),
    /// the same points as step by step, at a few points per stride.
    @discardableResult
    public mutating func run(steps: Int, on objective: Objective, loggingTo log: inout IterateLog) -> SolverStatus {
        let before = log.count
        log.logging(room: steps + 1) { writer in
            state.advance(&progress, steps: steps, on: objective, keepingPath: false) { writer.append($0) }
        }
        let firstStep = log.firstStep + before
        log.points[before...].withUnsafeBufferPointer { progress.path.append(contentsOf: $0, firstStep: firstStep) }
        return status
    }

    /// Up to `steps` steps, ending early when the run finishes; returns the final status.
    /// `observe` hears every new trajectory point (see `step(on:observe:)`).
    @discardableResult
    public mutating func run(steps: Int, on objective: Objective, observe: ((SolverIterate) -> Void)? = nil) -> SolverStatus {
        state.advance(&progress, steps: steps, on: objective) { observe?($0) }
        return status
    }

    /// Raises the step budget by `steps`; a run that had only used up its budget (`stopped`) goes on.
    /// Continuing this way gives exactly the run that had the larger budget from the start, except
    /// for simulated annealing with `polish`, whose polish begins where the first budget ended.
    public mutating func extendBudget(by steps: Int) {
        progress.rules.maxSteps = stepCount + steps
        if status == .stopped { progress.status = .running }
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
        let rules = try c.decode(StopRules.self, forKey: .rules)
        let stepCount = try c.decode(Int.self, forKey: .stepCount)
        let status = try c.decode(SolverStatus.self, forKey: .status)
        let stalledSteps = try c.decode(Int.self, forKey: .stalledSteps)
        let points = try c.decode([SIMD2<Double>].self, forKey: .trajectory)
        let values = try c.decode([Double].self, forKey: .values)
        let gradientNorms = try c.decode([Double].self, forKey: .gradientNorms)
        let decimation = try c.decodeIfPresent(SolverTrajectory.Decimation.self, forKey: .decimation)
        do {
            let path = try SolverTrajectory(restoring: points, values: values, gradientNorms: gradientNorms, decimation: decimation)
            progress = SolverProgress(rules: rules, path: path, stepCount: stepCount, status: status, stalledSteps: stalledSteps)
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
