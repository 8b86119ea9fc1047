import OptaRaster

/// The hatch that marks undefined values: dark grey diagonal stripes, a quarter of the period
/// wide, on a light grey, anti-aliased. Pixels with the same x + y lie on one diagonal, so the
/// pattern is one row of colours indexed by (x + y) mod period. Each pixel's colour is the
/// share of the stripe its square covers: seen along the stripe's normal, a unit square's area
/// spreads as a triangle two units wide, so the two pixels at each edge of the stripe take 7/8
/// and 1/8 of the dark grey instead of a hard step.
public enum HatchPattern {
    static let dark = SIMD3<Float>(0.55, 0.55, 0.58)
    static let light = SIMD3<Float>(0.82, 0.82, 0.84)

    /// The colours of one period (a power of two, at least 4).
    public static func colors(period: Int) -> [UInt32] {
        let width = Float(period / 4)
        return (0..<period).map { t in
            // The stripe covers pixel positions −½ … width − ½ (and the same a period on either side).
            let share = [-1, 0, 1].reduce(Float(0)) { sum, copy in
                let a = Float(copy * period) - 0.5, b = a + width
                return sum + covered(by: a...b, at: Float(t))
            }
            let c = light + (dark - light) * min(share, 1)
            return PackedColor.opaque(c.x, c.y, c.z)
        }
    }

    /// The part of a unit pixel square centred at `t` (along the normal) that `band` covers: the
    /// integral of the triangle 1 − |u − t| over the band.
    static func covered(by band: ClosedRange<Float>, at t: Float) -> Float {
        let lo = max(band.lowerBound - t, -1), hi = min(band.upperBound - t, 1)
        guard hi > lo else { return 0 }
        // ∫ from −1 to v of (1 − |u|) du.
        func area(_ v: Float) -> Float { v <= 0 ? (v + 1) * (v + 1) / 2 : 1 - (1 - v) * (1 - v) / 2 }
        return area(hi) - area(lo)
    }
}

/// The hatch's colours for one period, worked out once for a figure size (a landscape figure
/// keeps it for all its frames): the period in pixels along a row, a power of two from 4 to
/// 1024 (so the per-pixel lookup is a mask), and its colours (`HatchPattern.colors`).
public struct HatchRow: Sendable, Equatable {
    public let period: Int
    public let colors: [UInt32]

    /// The row for the largest power of two at most `requested` (at least 4, at most 1024).
    public init(period requested: Int) {
        var period = 4
        while period * 2 <= requested, period < 1 << 10 { period *= 2 }
        self.period = period
        colors = HatchPattern.colors(period: period)
    }

    /// The colour at pixel (x, y).
    @inline(__always)
    func color(x: Int, y: Int) -> UInt32 { colors[(x + y) & (period - 1)] }
}
