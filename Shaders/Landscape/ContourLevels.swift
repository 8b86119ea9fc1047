import Foundation

/// The contour levels of a landscape in the colour scale's scaled space, arranged for fast
/// nearest-level lookup per pixel.
public struct ContourLevels: Sendable, Equatable {
    /// Levels as f values, ascending.
    public let values: [Double]
    /// The same levels in scaled space, ascending.
    public let scaled: [Float]
    /// When the scaled levels are evenly spaced: first level and step (nearest level by rounding).
    public let uniform: (start: Float, step: Float)?

    public static func == (a: ContourLevels, b: ContourLevels) -> Bool { a.values == b.values }

    /// Levels `values` (any order, duplicates and undefined ones dropped) under `scale`.
    public init(values: [Double], scale: ValueScale) {
        let sorted = Array(Set(values.filter { $0.isFinite && scale.scaled($0).isFinite })).sorted()
        self.values = sorted
        self.scaled = sorted.map { Float(scale.scaled($0)) }
        if scaled.count >= 2 {
            let step = scaled[1] - scaled[0]
            let even = zip(scaled.dropFirst(), scaled).allSatisfy { abs(($0 - $1) - step) <= abs(step) * 1e-4 }
            uniform = even && step > 0 ? (scaled[0], step) : nil
        } else {
            uniform = nil
        }
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
