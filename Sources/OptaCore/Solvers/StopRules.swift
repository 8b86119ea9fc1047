/// When a run ends: a step limit, convergence tolerances and an optional region whose exit means
/// `diverged`. `converged` is meant to say the point is a minimum (to working precision):
/// - methods that follow the gradient converge when ‖∇f‖ < `gradientTolerance`, or when for
///   `patience` consecutive steps both |Δf| ≤ `fTolerance`·max(1, |f|) and
///   ‖Δx‖ ≤ `stepTolerance`·max(1, ‖x‖) — a run that oscillates (a 2-cycle keeps f but not x)
///   or crawls with a large step never qualifies;
/// - derivative-free methods never look at ‖∇f‖; Nelder–Mead and CMA-ES apply their reference
///   implementation's own test (scipy's xatol/fatol, pycma's tolfun/tolx), simulated annealing
///   converges only through its Nelder–Mead polish.
/// A tolerance of 0 turns its rule off.
public struct StopRules: Sendable, Codable, Equatable {
    /// The run is `stopped` after this many steps.
    public var maxSteps: Int
    /// The relative change of f below which a step counts as stalled.
    public var fTolerance: Double
    /// The relative step length below which a step counts as stalled.
    public var stepTolerance: Double
    /// How many consecutive stalled steps mean convergence.
    public var patience: Int
    /// `converged` when ‖∇f‖ at the current point is below this (gradient methods only).
    public var gradientTolerance: Double
    /// Leaving this region marks the run `diverged`; nil means unbounded (non-finite points still diverge).
    public var bounds: SolverRegion?

    /// Rules with the given limits; the defaults suit the built-in functions.
    public init(maxSteps: Int = 10_000, fTolerance: Double = 1e-15, stepTolerance: Double = 1e-12, patience: Int = 5,
                gradientTolerance: Double = 1e-8, bounds: SolverRegion? = SolverRegion(radius: 1e6)) {
        self.maxSteps = maxSteps
        self.fTolerance = fTolerance
        self.stepTolerance = stepTolerance
        self.patience = patience
        self.gradientTolerance = gradientTolerance
        self.bounds = bounds
    }

    /// Whether a step from `previous` (f `fPrevious`) to `point` (f `f`) stalled.
    func stalled(from previous: SIMD2<Double>, _ fPrevious: Double, to point: SIMD2<Double>, _ f: Double) -> Bool {
        guard fTolerance > 0, stepTolerance > 0 else { return false }
        let d = point - previous
        let stepLength = (d * d).sum().squareRoot()
        let norm = (point * point).sum().squareRoot()
        return abs(f - fPrevious) <= fTolerance * Swift.max(1, abs(f))
            && stepLength <= stepTolerance * Swift.max(1, norm)
    }
}

/// How a method says it has converged (see `StopRules`).
public enum ConvergenceTest: Sendable, Equatable {
    /// ‖∇f‖ and the stall rule of `StopRules`.
    case gradient
    /// The method's own test, met or not after the last step.
    case own(met: Bool)
}
