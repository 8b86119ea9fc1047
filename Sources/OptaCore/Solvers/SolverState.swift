/// One optimizer's full state (hyper-parameters, moments, memory, random generator): `step`
/// advances it by one iteration; Codable, so a checkpoint is its JSON.
public protocol SolverState: Sendable, Codable, Equatable {
    /// The method this state belongs to.
    static var method: SolverMethod { get }
    /// The iterate a trajectory shows (for population and stochastic methods, the best point so far
    /// or the mean; see each method).
    var point: SIMD2<Double> { get }
    /// One iteration on `objective`. Never traps: bad arithmetic shows up as non-finite points.
    mutating func step(on objective: Objective)
    /// How the run judges convergence after a step (see `StopRules`).
    var convergence: ConvergenceTest { get }
    /// Called when the run has used its step budget: how many more steps the method needs to
    /// finish (0 to stop now). A method asks at most once per phase it starts.
    mutating func stepsAfterBudget() -> Int
}

extension SolverState {
    public var convergence: ConvergenceTest { .gradient }
    public mutating func stepsAfterBudget() -> Int { 0 }
}
