import OptaCore

/// Where a landscape's f is undefined (drawn as the grey hatch), from a 32 × 32 sample of the
/// shown domain at cell centres: how many samples, and the box they span. Worked out once per
/// figure, for the legend's "f undefined" entry and the accessibility tree alike, so the picture
/// and the tree agree.
struct UndefinedSample: Sendable, Equatable {
    static let samplesPerAxis = 32
    let count: Int
    let lo: SIMD2<Double>
    let hi: SIMD2<Double>

    /// The sample of `objective` over `domain`; nil when f is defined at every sample.
    init?(_ objective: Objective, _ domain: Domain) {
        let n = Self.samplesPerAxis
        var count = 0
        var lo = SIMD2(Double.infinity, .infinity), hi = -lo
        for j in 0..<n {
            for i in 0..<n {
                let p = SIMD2(domain.x.lowerBound + (Double(i) + 0.5) / Double(n) * (domain.x.upperBound - domain.x.lowerBound),
                              domain.y.lowerBound + (Double(j) + 0.5) / Double(n) * (domain.y.upperBound - domain.y.lowerBound))
                guard !objective.value(p).isFinite else { continue }
                count += 1
                lo = pointwiseMin(lo, p)
                hi = pointwiseMax(hi, p)
            }
        }
        guard count > 0 else { return nil }
        (self.count, self.lo, self.hi) = (count, lo, hi)
    }

    /// The share of the samples, in whole percent, at least 1.
    var percent: Int { max(1, Int((Double(count) / Double(Self.samplesPerAxis * Self.samplesPerAxis) * 100).rounded())) }
}
