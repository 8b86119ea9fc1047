/// What a solver looks like at one moment: an immutable copy that render and accessibility code
/// read while the solver itself goes on.
public struct SolverSnapshot: Sendable, Equatable {
    public let id: String
    public let method: SolverMethod
    /// The kept trajectory with f, ‖∇f‖ and the step of each point (bounded: see `SolverTrajectory`).
    public let path: SolverTrajectory
    public let point: SIMD2<Double>
    /// f and ‖∇f‖ at the current point (NaN before the first step).
    public let value: Double
    public let gradientNorm: Double
    public let step: Int
    public let status: SolverStatus
    /// Whether the solver is paused (it may still be `running` in the sense of not finished).
    public let paused: Bool

    public init(_ run: SolverRun, paused: Bool) {
        id = run.id
        method = run.method
        path = run.path
        point = run.point
        value = run.values.last ?? .nan
        gradientNorm = run.gradientNorms.last ?? .nan
        step = run.stepCount
        status = run.status
        self.paused = paused
    }

    /// The kept trajectory points, start first and current point last.
    public var trajectory: [SIMD2<Double>] { path.points }
    /// f at each kept point (for convergence charts).
    public var values: [Double] { path.values }
    /// ‖∇f‖ at each kept point.
    public var gradientNorms: [Double] { path.gradientNorms }
}
