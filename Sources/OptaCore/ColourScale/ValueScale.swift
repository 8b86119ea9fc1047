import Foundation

/// How function values map to colours: linear, or logarithmic after shifting the minimum.
public enum ScaleKind: String, Sendable, CaseIterable {
    case linear, log
}

/// Maps function values f to a scaled value s and to 0…1 for the colormap.
///
/// Linear: s = f. Log: s = log2(f − shift) where shift = fmin − ε, so the lowest value maps to
/// log2(ε) and the valley keeps its detail. `lower`…`upper` is the scaled range shown.
public struct ValueScale: Sendable, Equatable {
    public let kind: ScaleKind
    /// Subtracted from f before the log (fmin − ε); zero for linear scales.
    public let shift: Double
    /// Scaled values at the ends of the colormap.
    public let lower: Double
    public let upper: Double
    /// The f values at the ends of the colormap.
    public let vmin: Double
    public let vmax: Double

    /// A linear scale from `vmin` to `vmax`.
    public static func linear(vmin: Double, vmax: Double) -> ValueScale {
        let hi = vmax > vmin ? vmax : vmin + 1
        return ValueScale(kind: .linear, shift: 0, lower: vmin, upper: hi, vmin: vmin, vmax: hi)
    }

    /// A log scale of f − fmin + ε from `vmin` to `vmax` (f values), with `fmin` the function's lowest value.
    public static func log(vmin: Double, vmax: Double, fmin: Double, epsilon: Double) -> ValueScale {
        let shift = fmin - epsilon
        let lo = Foundation.log2(max(vmin - shift, epsilon))
        var hi = Foundation.log2(max(vmax - shift, epsilon))
        if hi <= lo { hi = lo + 1 }
        return ValueScale(kind: .log, shift: shift, lower: lo, upper: hi, vmin: vmin, vmax: vmax)
    }

    /// A default ε for a log scale: one millionth of the value range (at least 1e−12), small
    /// enough that the valley floor spans several colours.
    public static func defaultEpsilon(fmin: Double, fmax: Double) -> Double {
        max(1e-12, (fmax - fmin) * 1e-6)
    }

    /// The scaled value of f (NaN for undefined or non-positive shifted values on a log scale).
    public func scaled(_ f: Double) -> Double {
        switch kind {
        case .linear: return f
        case .log: return f - shift > 0 ? Foundation.log2(f - shift) : -.infinity
        }
    }

    /// The f value whose scaled value is s.
    public func unscaled(_ s: Double) -> Double {
        switch kind {
        case .linear: return s
        case .log: return Foundation.exp2(s) + shift
        }
    }

    /// The same scale for values given less `offset` (f − offset), as `OffsetField` samples them:
    /// every value keeps its colour.
    public func offset(by offset: Double) -> ValueScale {
        switch kind {
        case .linear:
            ValueScale(kind: .linear, shift: 0, lower: lower - offset, upper: upper - offset, vmin: vmin - offset, vmax: vmax - offset)
        case .log:
            ValueScale(kind: .log, shift: shift - offset, lower: lower, upper: upper, vmin: vmin - offset, vmax: vmax - offset)
        }
    }

    /// Where f falls on the colormap, 0…1 (clamped).
    public func normalized(_ f: Double) -> Double {
        max(0, min(1, (scaled(f) - lower) / (upper - lower)))
    }
}
