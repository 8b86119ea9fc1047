import Foundation

/// The contour levels of a landscape, kept in the space where they are evenly spaced when there
/// is one (f itself, or log f), so the shader finds each pixel's nearest level by rounding.
public struct ContourLevels: Sendable, Equatable {
    /// Where levels are compared with pixel values: f, or log2(f − shift).
    public enum Space: Sendable, Equatable {
        case linear
        case log(shift: Double)

        /// The value of f in this space (NaN or −∞ where undefined).
        public func apply(_ f: Double) -> Double {
            switch self {
            case .linear: f
            case .log(let shift): f - shift > 0 ? log2(f - shift) : -.infinity
            }
        }
    }

    /// Levels as f values, ascending.
    public let values: [Double]
    /// The space the shader compares in, and the levels in it, ascending.
    public let space: Space
    public let transformed: [Float]
    /// When the transformed levels are evenly spaced: first level and step.
    public let uniform: (start: Float, step: Float)?

    public static func == (a: ContourLevels, b: ContourLevels) -> Bool { a.values == b.values && a.space == b.space }

    /// Levels `values` (any order; duplicates and non-finite ones dropped) for a landscape drawn
    /// with `scale`. Evenly spaced levels (linearly or in log f) get the fast path; any other list
    /// is compared in the colour scale's space.
    public init(values: [Double], scale: ValueScale) {
        let sorted = Array(Set(values.filter { $0.isFinite })).sorted()
        let fallback: Space = scale.kind == .log ? .log(shift: scale.shift) : .linear
        var candidates: [Space] = [.linear]
        if sorted.first.map({ $0 > 0 }) ?? false { candidates.append(.log(shift: 0)) }
        candidates.append(fallback)
        var chosen = fallback
        var even: (Float, Float)?
        for space in candidates {
            if let u = Self.evenSpacing(sorted.map { Float(space.apply($0)) }) {
                chosen = space
                even = u
                break
            }
        }
        self.values = sorted.filter { chosen.apply($0).isFinite }
        self.space = chosen
        self.transformed = self.values.map { Float(chosen.apply($0)) }
        self.uniform = even
    }

    /// First level and step when `levels` (ascending) are evenly spaced, two or more of them.
    static func evenSpacing(_ levels: [Float]) -> (Float, Float)? {
        guard levels.count >= 2, levels.allSatisfy(\.isFinite) else { return nil }
        let step = (levels[levels.count - 1] - levels[0]) / Float(levels.count - 1)
        guard step > 0 else { return nil }
        for (k, level) in levels.enumerated() where abs(level - (levels[0] + Float(k) * step)) > step * 1e-3 {
            return nil
        }
        return (levels[0], step)
    }

    /// `count` levels between `low` and `high` (f values), evenly spaced linearly or in log10.
    public static func spaced(count: Int, from low: Double, to high: Double, logarithmic: Bool) -> [Double] {
        guard count > 0 else { return [] }
        if count == 1 { return [logarithmic ? (low * high).squareRoot() : (low + high) / 2] }
        return (0..<count).map { k in
            let u = Double(k) / Double(count - 1)
            if logarithmic {
                let a = log10(low), b = log10(high)
                return pow(10, a + (b - a) * u)
            }
            return low + (high - low) * u
        }
    }
}
