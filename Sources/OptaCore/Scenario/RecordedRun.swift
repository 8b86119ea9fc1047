/// Which stored runs a scenario overlays (`"runs"`): a run id, every run with a label or tag, or
/// the runs a query selects (`"method=adam last=5"`, see docs/runs.md). The command line resolves
/// them against the run store into `RecordedRun`s before anything is drawn.
public enum RunReference: Sendable, Equatable {
    case id(Int64)
    case label(String)
    case query(String)
}

/// A stored run shown over a landscape and in convergence charts: drawn like a finished solver,
/// after the scenario's own paths and before its live solvers.
public struct RecordedRun: Sendable, Equatable {
    /// The legend name, e.g. "#12 Adam".
    public var name: String
    public var method: SolverMethod
    public let trajectory: [SIMD2<Double>]
    public let values: [Double]
    public let gradientNorms: [Double]
    /// The step of each point (stored runs may skip steps: a resumed run's history is its
    /// checkpoint's kept points).
    public let steps: [Int]
    /// How the stored run ended (an interrupted run shows as `stopped`).
    public var status: SolverStatus
    /// The points as a finished solver's trajectory (decimated for drawing as a solver's is),
    /// made once, since the points never change: every frame shows the run through it
    /// (`SolverSnapshot(recorded:)`) instead of appending all its points again.
    public let path: SolverTrajectory

    /// A stored run; `steps` nil numbers the points 0, 1, 2, ...
    public init(name: String, method: SolverMethod, trajectory: [SIMD2<Double>], values: [Double],
                gradientNorms: [Double], steps: [Int]? = nil, status: SolverStatus) {
        self.name = name
        self.method = method
        self.trajectory = trajectory
        self.values = values
        self.gradientNorms = gradientNorms
        self.steps = steps ?? Array(trajectory.indices)
        self.status = status
        path = SolverTrajectory(trajectory, values: values, gradientNorms: gradientNorms, steps: self.steps)
    }

    /// The last point's step (0 for an empty run).
    public var lastStep: Int { steps.last ?? 0 }
}

extension SolverSnapshot {
    /// A stored run as a finished solver's snapshot, its trajectory decimated for drawing as a
    /// solver's is (best value and step over every stored point).
    public init(recorded run: RecordedRun) {
        id = run.name
        method = run.method
        path = run.path
        point = run.trajectory.last ?? SIMD2(.nan, .nan)
        value = run.values.last ?? .nan
        gradientNorm = run.gradientNorms.last ?? .nan
        step = run.lastStep
        status = run.status
        paused = false
    }
}
