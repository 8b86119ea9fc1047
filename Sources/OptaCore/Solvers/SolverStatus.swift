/// Where a run stands: still going, converged by a tolerance, stopped by the step limit,
/// or diverged (a non-finite value or a point outside the bounded region).
public enum SolverStatus: String, Sendable, Codable {
    case running, converged, stopped, diverged

    /// Whether further steps do nothing.
    public var isFinished: Bool { self != .running }
}
