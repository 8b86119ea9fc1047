/// A session without a window: the store and its solvers advanced frame by frame, the same way
/// every time. Each frame applies that frame's actions, then running solvers take
/// `stepsPerFrame` steps (a paused session takes only the single steps asked for).
public struct HeadlessSession: Sendable {
    public private(set) var state: AppState
    public private(set) var runs: [SolverRun]
    /// The last frame completed (−1 before the first).
    public private(set) var frame = -1
    /// A graph scenario's force layout, stepped like a solver (nil for fixed layouts and landscapes).
    public private(set) var layout: ForceLayout?

    public init(scenario: Scenario) throws(ScenarioError) {
        state = AppState(scenario: scenario)
        runs = try Self.makeRuns(scenario)
        layout = Self.makeLayout(scenario)
    }

    /// The force layout a graph scenario asks for, fresh.
    public static func makeLayout(_ scenario: Scenario) -> ForceLayout? {
        guard let graph = scenario.graph, graph.layout.method == .force else { return nil }
        return ForceLayout(graph: graph)
    }

    /// Fresh runs for the scenario's solvers.
    public static func makeRuns(_ scenario: Scenario) throws(ScenarioError) -> [SolverRun] {
        var runs: [SolverRun] = []
        for (i, spec) in scenario.solvers.enumerated() {
            do {
                runs.append(try SolverRun(id: spec.id, method: spec.method, start: spec.start, parameters: spec.parameters,
                                          seed: spec.seed, rules: StopRules(maxSteps: spec.steps)))
            } catch {
                throw ScenarioError(path: "solvers[\(i)]", message: "has \(error.description)")
            }
        }
        return runs
    }

    /// Applies an action now (before this frame's solver steps).
    public mutating func apply(_ action: Action) {
        let generation = state.solverGeneration
        Reducer.apply(action, to: &state)
        if state.solverGeneration != generation, let fresh = try? Self.makeRuns(state.scenario) {
            runs = fresh
            layout = Self.makeLayout(state.scenario)
        }
    }

    /// Adds points to the logged path `name` (a new path after the others when there is none yet), as
    /// a host logging its own optimizer does step by step. Only paths change, so figures built for the
    /// session stay valid.
    public mutating func appendPathPoints(_ points: [SIMD2<Double>], toPath name: String) {
        if let i = state.scenario.paths.firstIndex(where: { $0.name == name }) {
            state.scenario.paths[i].points += points
        } else {
            state.scenario.paths.append(PathSpec(name: name, points: points))
        }
    }

    /// Ends the current frame: solvers step, the frame count goes up. `observe` hears every
    /// iterate the solvers reach, before any decimation (for the run store).
    public mutating func advanceFrame(observe: ((SessionStep) -> Void)? = nil) {
        let objective = state.scenario.landscape.objective
        let steps = state.solversRunning ? state.scenario.stepsPerFrame : min(state.pendingSteps, 1)
        if !state.solversRunning && state.pendingSteps > 0 { state.pendingSteps -= 1 }
        let generation = state.solverGeneration
        for i in runs.indices {
            runs[i].run(steps: steps, on: objective,
                        observe: observe.map { o in { o(SessionStep(solver: i, generation: generation, iterate: $0)) } })
        }
        for _ in 0..<steps { layout?.step() }
        frame += 1
    }

    /// Runs every solver until it stops (its step budget, convergence or divergence), then the
    /// graph layout until it settles; `progress` hears (iterations done, iterations at most) after
    /// each layout iteration, for long layouts.
    public mutating func runToCompletion(progress: ((_ done: Int, _ total: Int) -> Void)? = nil) {
        let objective = state.scenario.landscape.objective
        // Every run has its budget as `maxSteps`, so this ends; a budget of 0 still evaluates the start.
        // Stepped through a log emptied after each stretch: the quickest way to step a run.
        var log = IterateLog()
        for i in runs.indices {
            while runs[i].status == .running {
                runs[i].run(steps: 4096, on: objective, loggingTo: &log)
                log.removeAll()
            }
        }
        while let l = layout, !l.isSettled {
            layout?.step()
            if let progress, let l = layout { progress(l.iteration, l.maxIterations) }
        }
    }

    /// Replays `trace` up to and including frame `last`: frame k applies the trace's actions for k,
    /// then advances. `progress` hears each frame as it completes (for long replays).
    /// `observe` hears every iterate the solvers reach (see `advanceFrame`).
    public mutating func replay(_ trace: Trace, through last: Int, progress: ((_ frame: Int) -> Void)? = nil,
                                observe: ((SessionStep) -> Void)? = nil) {
        var pending = trace.entries.makeIterator()
        var next = pending.next()
        while frame < last {
            let current = frame + 1
            while let entry = next, entry.frame <= current {
                if entry.frame == current { apply(entry.action) }
                next = pending.next()
            }
            advanceFrame(observe: observe)
            progress?(frame)
        }
    }

    /// What the current frame shows.
    public var renderState: RenderState {
        // Once frames advance, logged paths grow with them: frame k shows the steps solvers have
        // taken by then, (k + 1) × stepsPerFrame.
        RenderState(frame: max(frame, 0), state: state, solvers: runs.map { SolverSnapshot($0, paused: !state.solversRunning) },
                    graphLayout: layout?.snapshot,
                    revealThroughStep: frame >= 0 ? Double((frame + 1) * state.scenario.stepsPerFrame) : nil)
    }
}

/// A step one of a headless session's solvers took.
public struct SessionStep: Sendable {
    /// The solver's index in the scenario's `solvers`.
    public let solver: Int
    /// The session's `solverGeneration` when the step was taken: a reset starts new runs.
    public let generation: Int
    public let iterate: SolverIterate
}
