/// One point a solver run reached, as `SolverRun.step(on:observe:)` hands it out: every one of
/// them, including those the bounded trajectory later drops (the run store records these).
public struct SolverIterate: Sendable, Equatable {
    /// 0 for the start, k for the point after k steps.
    public var step: Int
    public var point: SIMD2<Double>
    /// f at `point`.
    public var value: Double
    /// ‖∇f‖ at `point`.
    public var gradientNorm: Double

    public init(step: Int, point: SIMD2<Double>, value: Double, gradientNorm: Double) {
        self.step = step
        self.point = point
        self.value = value
        self.gradientNorm = gradientNorm
    }
}
