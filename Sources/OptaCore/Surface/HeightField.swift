import Foundation

/// An objective sampled on an N×N grid over a domain as a surface: each vertex's height (the
/// value, linear or log scaled, normalized to 0…1 over the grid, times `height`) and its normal,
/// from the analytic gradient.
///
/// Log scale: s(f) = log(1 + f − fmin), where fmin is the grid's lowest value.
public struct HeightField: Sendable {
    public let resolution: Int
    public let domain: Domain
    /// The height the value range maps to, in domain units.
    public let height: Double
    public let scale: ScaleChoice
    /// Lowest and highest finite value on the grid.
    public let fMin: Double
    public let fMax: Double
    /// Normalized height (0…1) per vertex, row-major: vertex (i, j) at x_i, y_j is `j * N + i`.
    public let levels: [Float]
    /// Unit normal per vertex (pointing up, +z).
    public let normals: [SIMD3<Float>]

    public init(objective: Objective, domain: Domain, resolution: Int, height: Double, scale: ScaleChoice) {
        precondition(resolution >= 2, "a height field needs at least 2×2 samples")
        self.resolution = resolution
        self.domain = domain
        self.height = height
        self.scale = scale
        let n = resolution
        var values = [Double](repeating: .nan, count: n * n)
        var gradients = [SIMD2<Double>](repeating: .zero, count: n * n)
        var lo = Double.infinity, hi = -Double.infinity
        for j in 0..<n {
            for i in 0..<n {
                let p = Self.point(i, j, n, domain)
                let f = objective.value(p)
                values[j * n + i] = f
                if f.isFinite {
                    lo = min(lo, f); hi = max(hi, f)
                    gradients[j * n + i] = objective.gradient(p)
                }
            }
        }
        if !lo.isFinite { lo = 0; hi = 1 }
        fMin = lo
        fMax = hi
        let sLo = Self.scaled(lo, scale: scale, fMin: lo), sHi = Self.scaled(hi, scale: scale, fMin: lo)
        let span = sHi > sLo ? sHi - sLo : 1
        var levels = [Float](repeating: 0, count: n * n)
        var normals = [SIMD3<Float>](repeating: SIMD3(0, 0, 1), count: n * n)
        for k in 0..<(n * n) {
            let f = values[k]
            guard f.isFinite else { continue }
            levels[k] = Float((Self.scaled(f, scale: scale, fMin: lo) - sLo) / span)
            let slope = Self.slope(f, scale: scale, fMin: lo) * height / span
            var g = gradients[k] * slope
            if !(g.x.isFinite && g.y.isFinite) { g = .zero }
            let v = SIMD3(-g.x, -g.y, 1)
            normals[k] = SIMD3<Float>(v / (v * v).sum().squareRoot())
        }
        self.levels = levels
        self.normals = normals
    }

    /// The grid point (i, j).
    @inlinable
    public static func point(_ i: Int, _ j: Int, _ n: Int, _ domain: Domain) -> SIMD2<Double> {
        SIMD2(domain.x.lowerBound + (domain.x.upperBound - domain.x.lowerBound) * Double(i) / Double(n - 1),
              domain.y.lowerBound + (domain.y.upperBound - domain.y.lowerBound) * Double(j) / Double(n - 1))
    }

    /// The normalized height (0…1, unclamped) of value f.
    public func level(of f: Double) -> Double {
        let sLo = Self.scaled(fMin, scale: scale, fMin: fMin), sHi = Self.scaled(fMax, scale: scale, fMin: fMin)
        let span = sHi > sLo ? sHi - sLo : 1
        return (Self.scaled(f, scale: scale, fMin: fMin) - sLo) / span
    }

    /// The value at normalized height `level` (the inverse of `level(of:)`).
    public func value(atLevel level: Double) -> Double {
        let sLo = Self.scaled(fMin, scale: scale, fMin: fMin), sHi = Self.scaled(fMax, scale: scale, fMin: fMin)
        let s = sLo + level * (sHi > sLo ? sHi - sLo : 1)
        switch scale {
        case .linear: return s
        case .log: return exp(s) - 1 + fMin
        }
    }

    static func scaled(_ f: Double, scale: ScaleChoice, fMin: Double) -> Double {
        switch scale {
        case .linear: f
        case .log: log(1 + max(0, f - fMin))
        }
    }

    /// ds/df.
    static func slope(_ f: Double, scale: ScaleChoice, fMin: Double) -> Double {
        switch scale {
        case .linear: 1
        case .log: 1 / (1 + max(0, f - fMin))
        }
    }
}
