import OptaCore

/// Where a landscape's f is undefined (drawn as the grey hatch), from a 32 × 32 sample of the
/// shown domain at cell centres: how many samples, and the box they span. When that sample finds
/// none, the domain's four edges are sampled just inside the edge (`edgeSamples` a side),
/// so that a strip too narrow for the coarse sample (a log's domain starting a little below zero)
/// is still named. Worked out once per figure, for the legend's "f undefined" entry and the
/// accessibility tree alike, so the picture and the tree agree.
struct UndefinedSample: Sendable, Equatable {
    static let samplesPerAxis = 32
    /// Samples along each edge, and how far inside the edge they lie (a share of the span: less
    /// than half a pixel of most plots, so a value undefined only on the edge itself, which no
    /// pixel shows, is not counted).
    static let edgeSamples = 64
    static let edgeInset = 1.0 / 4096
    /// The coarse sample's points where f is undefined (0 when only the edges found it).
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
        if count == 0 {
            for p in Self.edgePoints(domain) where !objective.value(p).isFinite {
                lo = pointwiseMin(lo, p)
                hi = pointwiseMax(hi, p)
            }
        }
        guard lo.x <= hi.x else { return nil }
        (self.count, self.lo, self.hi) = (count, lo, hi)
    }

    /// `edgeSamples` points along each edge of `domain`, `edgeInset` of the span inside it.
    static func edgePoints(_ domain: Domain) -> [SIMD2<Double>] {
        let lo = SIMD2(domain.x.lowerBound, domain.y.lowerBound), span = SIMD2(domain.x.upperBound, domain.y.upperBound) - lo
        let inner = lo + span * edgeInset, outer = lo + span * (1 - edgeInset)
        return (0..<edgeSamples).flatMap { k -> [SIMD2<Double>] in
            let t = lo + span * ((Double(k) + 0.5) / Double(edgeSamples))
            return [SIMD2(t.x, inner.y), SIMD2(t.x, outer.y), SIMD2(inner.x, t.y), SIMD2(outer.x, t.y)]
        }
    }

    /// The share of the coarse sample, in whole percent, at least 1; nil for a strip only the
    /// edges found (well under 1 % of the plot).
    var percent: Int? {
        count == 0 ? nil : max(1, Int((Double(count) / Double(Self.samplesPerAxis * Self.samplesPerAxis) * 100).rounded()))
    }
}
