/// One point a solver run reached, as `SolverRun` hands it out: every one of them, including those
/// the bounded trajectory later drops. The run store keeps these as they are (40 bytes each: x and
/// y are stored apart, since a `SIMD2<Double>` field would align the whole to 16 bytes, 48 each).
public struct SolverIterate: Sendable, Equatable {
    /// 0 for the start, k for the point after k steps.
    public var step: Int
    public var x: Double
    public var y: Double
    /// f at the point (NaN when not known).
    public var value: Double
    /// ‖∇f‖ at the point (NaN when not known).
    public var gradientNorm: Double

    public init(step: Int, x: Double, y: Double, value: Double, gradientNorm: Double) {
        self.step = step
        self.x = x
        self.y = y
        self.value = value
        self.gradientNorm = gradientNorm
    }

    public init(step: Int, point: SIMD2<Double>, value: Double, gradientNorm: Double) {
        self.init(step: step, x: point.x, y: point.y, value: value, gradientNorm: gradientNorm)
    }

    /// The point (x, y).
    public var point: SIMD2<Double> {
        get { SIMD2(x, y) }
        set { x = newValue.x; y = newValue.y }
    }
}
