/// What a solver looks like at one moment: an immutable copy that render and accessibility code
/// read while the solver itself goes on.
public struct SolverSnapshot: Sendable, Equatable {
    public let id: String
    public let method: SolverMethod
    public let trajectory: [SIMD2<Double>]
    /// f and ‖∇f‖ at every point of the trajectory so far (for convergence charts).
    public let values: [Double]
    public let gradientNorms: [Double]
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
        trajectory = run.trajectory
        values = run.values
        gradientNorms = run.gradientNorms
        point = run.point
        value = run.values.last ?? .nan
        gradientNorm = run.gradientNorms.last ?? .nan
        step = run.stepCount
        status = run.status
        self.paused = paused
    }
}
