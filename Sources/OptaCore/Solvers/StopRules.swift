/// When a run ends: a step limit, tolerances on the change of f and on ‖∇f‖ (both give
/// `converged`; 0 turns a tolerance off), and an optional region whose exit means `diverged`.
public struct StopRules: Sendable, Codable, Equatable {
    /// The run is `stopped` after this many steps.
    public var maxSteps: Int
    /// `converged` when the method's measure of f's change (see `SolverState.fChange`) is below this.
    public var fTolerance: Double
    /// `converged` when ‖∇f‖ at the current point is below this.
    public var gradientTolerance: Double
    /// Leaving this region marks the run `diverged`; nil means unbounded (non-finite points still diverge).
    public var bounds: SolverRegion?

    /// Rules with the given limits; the defaults suit the built-in functions.
    public init(maxSteps: Int = 10_000, fTolerance: Double = 1e-15, gradientTolerance: Double = 1e-8,
                bounds: SolverRegion? = SolverRegion(radius: 1e6)) {
        self.maxSteps = maxSteps
        self.fTolerance = fTolerance
        self.gradientTolerance = gradientTolerance
        self.bounds = bounds
    }
}
