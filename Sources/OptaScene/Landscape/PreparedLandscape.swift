import Foundation
import OptaCore
import Shaders

/// A landscape's colour scale and contour levels, worked out once per scenario: the value range
/// comes from sampling the domain (and the known minima), unless `vmin`/`vmax` are given.
public struct PreparedLandscape: Sendable {
    public let spec: LandscapeSpec
    public let scale: ValueScale
    public let contours: ContourLevels?
    public let colormap: ColormapLUT
    /// Lowest and highest finite values seen on the sampling grid (and at known minima).
    public let sampledRange: ClosedRange<Double>?
    /// Taken off f in Double before the shader sees it (`OffsetField`): the middle of the colour
    /// range when that range sits more than 100 spans from zero (f near 1e6 varying by 2, where
    /// Float's step would band the heatmap and smear the contours); 0 otherwise.
    public let valueOffset: Double
    /// The objective as the shader samples it: less `valueOffset`.
    public let field: OffsetField

    /// Samples per axis when looking for the value range.
    public static let samplesPerAxis = 241

    /// Prepares `spec`; `sampledRange` (from `sampleRange`) keeps the colours of another view, e.g.
    /// the home view while the camera pans and zooms.
    public init(_ spec: LandscapeSpec, sampledRange known: ClosedRange<Double>?? = nil) {
        self.spec = spec
        let range = known ?? Self.sampleRange(spec.objective, spec.domain)
        sampledRange = range
        let fmin = range?.lowerBound ?? 0
        let fmax = range?.upperBound ?? 1
        let vmin = spec.vmin ?? fmin
        let vmax = spec.vmax ?? max(fmax, vmin + 1e-12)
        switch spec.scale {
        case .linear:
            scale = .linear(vmin: vmin, vmax: vmax)
        case .log:
            let floor = min(fmin, vmin)
            let epsilon = spec.epsilon ?? ValueScale.defaultEpsilon(fmin: floor, fmax: vmax)
            scale = .log(vmin: vmin, vmax: vmax, fmin: floor, epsilon: epsilon)
        }
        colormap = ColormapLUT(spec.colormap)
        let middle = (vmin + vmax) / 2
        valueOffset = middle.isFinite && abs(middle) > 100 * (vmax - vmin) ? middle : 0
        field = OffsetField(spec.objective, offset: valueOffset)
        let chosen = scale
        contours = spec.contours.map { ContourLevels(values: Self.levels($0, scale: chosen), scale: chosen) }
    }

    /// The f values of the contour levels `contour` asks for under `scale`.
    static func levels(_ contour: ContourSpec, scale: ValueScale) -> [Double] {
        if let explicit = contour.levels { return explicit }
        guard contour.count > 0 else { return [] }
        let logSpacing = contour.logSpacing ?? (scale.kind == .log)
        if let range = contour.range {
            return ContourLevels.spaced(count: contour.count, from: range.lowerBound, to: range.upperBound,
                                        logarithmic: logSpacing)
        }
        // Automatic levels at round values inside the colour range, about `count` of them.
        if logSpacing {
            // Round values per decade: 1, 2, 5 × 10ⁿ, or every decade, or every few. Of f itself when
            // f stays positive; of f − shift (shown as the f values they are) when it does not.
            let shift = scale.vmin >= 0 ? 0 : (scale.kind == .log ? scale.shift : scale.vmin - 1e-12)
            // The lowest level sits above the floor the colour scale shows: ε over the minimum.
            let lowest = scale.kind == .log ? scale.vmin - scale.shift : (scale.vmax - scale.vmin) * 1e-3
            let low = max(scale.vmin - shift, lowest, 1e-300), high = max(scale.vmax - shift, low * 10)
            // Values beyond a double's range (a scale from −1e308 to 1e308) have no round levels.
            guard low.isFinite, high.isFinite else { return [] }
            let decades = log10(high) - log10(low)
            let perDecade = Double(contour.count) / max(decades, 1e-9)
            let mantissas: [Double] = perDecade >= 2.5 ? [1, 2, 5] : perDecade >= 1.8 ? [1, 3] : perDecade >= 0.9 ? [1] : []
            var values: [Double] = []
            if mantissas.isEmpty {
                let every = max(1, Int((decades / Double(contour.count)).rounded(.up)))
                var k = Int(ceil(log10(low)))
                while Double(k) <= log10(high) { values.append(pow(10, Double(k))); k += every }
            } else {
                for k in Int(floor(log10(low)))...Int(ceil(log10(high))) {
                    for m in mantissas { values.append(m * pow(10, Double(k))) }
                }
            }
            return values.filter { $0 > low && $0 < high }.map { $0 + shift }
        }
        let step = NiceTicks.step(span: scale.vmax - scale.vmin, targetCount: contour.count + 1)
        return NiceTicks.values(in: scale.vmin...scale.vmax, step: step).filter { $0 > scale.vmin && $0 < scale.vmax }
    }

    /// Lowest and highest finite values on a grid over the domain, including known minima.
    public static func sampleRange(_ objective: Objective, _ domain: Domain) -> ClosedRange<Double>? {
        // A grid shown whole: its samples are the range (cubic interpolation does not overshoot
        // them along grid lines), exact and without 241² evaluations.
        if let grid = objective.grid, domain.x.lowerBound <= grid.x.lower, domain.x.upperBound >= grid.x.upper,
           domain.y.lowerBound <= grid.y.lower, domain.y.upperBound >= grid.y.upper {
            return grid.finiteRange
        }
        var lo = Double.infinity, hi = -Double.infinity
        let n = samplesPerAxis
        for j in 0..<n {
            let y = domain.y.lowerBound + (domain.y.upperBound - domain.y.lowerBound) * Double(j) / Double(n - 1)
            for i in 0..<n {
                let x = domain.x.lowerBound + (domain.x.upperBound - domain.x.lowerBound) * Double(i) / Double(n - 1)
                let f = objective.value(SIMD2(x, y))
                if f.isFinite { lo = min(lo, f); hi = max(hi, f) }
            }
        }
        for m in objective.minima where domain.x.contains(m.point.x) && domain.y.contains(m.point.y) {
            lo = min(lo, m.value)
        }
        return lo <= hi ? lo...hi : nil
    }
}
