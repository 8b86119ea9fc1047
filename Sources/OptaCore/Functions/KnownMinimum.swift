/// A known minimum of a function: where it is and its value.
public struct KnownMinimum: Sendable, Equatable {
    /// The location of the minimum.
    public let point: SIMD2<Double>
    /// The function value at `point`.
    public let value: Double

    /// Creates a minimum at `point` with `value`.
    public init(point: SIMD2<Double>, value: Double) {
        self.point = point
        self.value = value
    }

    init(_ x: Double, _ y: Double, _ value: Double) {
        self.init(point: SIMD2(x, y), value: value)
    }
}
