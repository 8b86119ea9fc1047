/// One optimizer's full state (hyper-parameters, moments, memory, random generator): `step`
/// advances it by one iteration; Codable, so a checkpoint is its JSON.
public protocol SolverState: Sendable, Codable, Equatable {
    /// The method this state belongs to.
    static var method: SolverMethod { get }
    /// The iterate a trajectory shows (for population methods, the best or mean point).
    var point: SIMD2<Double> { get }
    /// One iteration on `objective`. Never traps: bad arithmetic shows up as non-finite points.
    mutating func step(on objective: Objective)
    /// The change of f that `StopRules.fTolerance` compares after a step, given f at the
    /// previous and current point; nil when the rule does not apply to this method.
    func fChange(previous: Double, current: Double) -> Double?
}

extension SolverState {
    public func fChange(previous: Double, current: Double) -> Double? {
        abs(current - previous)
    }
}
