/// The optimization methods a `SolverRun` can use; the raw value is the name in scenario files.
public enum SolverMethod: String, CaseIterable, Sendable, Codable {
    case gradientDescent = "gradient-descent"
    case momentum
    case nesterov
    case adagrad
    case rmsprop
    case adam
    case nelderMead = "nelder-mead"
    case simulatedAnnealing = "simulated-annealing"
    case cmaes = "cma-es"
    case lbfgs

    /// Whether the method draws random numbers (and so depends on the run's seed).
    public var isStochastic: Bool {
        self == .simulatedAnnealing || self == .cmaes
    }
}
