/// An axis-aligned rectangle a run must stay in; leaving it marks the run diverged.
public struct SolverRegion: Sendable, Codable, Equatable {
    /// The lower-left corner.
    public var min: SIMD2<Double>
    /// The upper-right corner.
    public var max: SIMD2<Double>

    /// The rectangle between `min` and `max` (inclusive).
    public init(min: SIMD2<Double>, max: SIMD2<Double>) {
        self.min = min
        self.max = max
    }

    /// The rectangle of `domain`.
    public init(_ domain: Domain) {
        self.init(min: SIMD2(domain.x.lowerBound, domain.y.lowerBound),
                  max: SIMD2(domain.x.upperBound, domain.y.upperBound))
    }

    /// The square of half-width `radius` around `center`.
    public init(center: SIMD2<Double> = .zero, radius: Double) {
        self.init(min: center - radius, max: center + radius)
    }

    /// Whether `p` lies inside (NaN never does).
    public func contains(_ p: SIMD2<Double>) -> Bool {
        p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y
    }
}
