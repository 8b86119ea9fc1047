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

    /// Samples per axis when looking for the value range.
    public static let samplesPerAxis = 241

    public init(_ spec: LandscapeSpec) {
        self.spec = spec
        let range = Self.sampleRange(spec.objective, spec.domain)
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
        colormap = ColormapLUT(Colormap(rawValue: spec.colormap) ?? .viridis)
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
        // Spread evenly inside the colour range (ends excluded), in the scale's own space when
        // the spacing matches the scale, so lines fall between colour extremes.
        let n = Double(contour.count + 1)
        if logSpacing == (scale.kind == .log) {
            return (1...contour.count).map { scale.unscaled(scale.lower + (scale.upper - scale.lower) * Double($0) / n) }
        }
        if logSpacing {
            let low = max(scale.vmin, (scale.vmax - scale.vmin) * 1e-6, 1e-12)
            return ContourLevels.spaced(count: contour.count + 2, from: low, to: max(scale.vmax, low * 10),
                                        logarithmic: true).dropFirst().dropLast().map { $0 }
        }
        return (1...contour.count).map { scale.vmin + (scale.vmax - scale.vmin) * Double($0) / n }
    }

    /// Lowest and highest finite values on a grid over the domain, including known minima.
    static func sampleRange(_ objective: Objective, _ domain: Domain) -> ClosedRange<Double>? {
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
