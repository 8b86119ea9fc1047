/// Evenly spaced contour levels thinned where they crowd on screen (a steep wall, a small
/// picture): where neighbouring levels come closer than `crowdedSpacing` line widths, every other
/// level fades out, then every fourth, and so on, so the lines left stay that far apart instead
/// of merging into a solid band; the 3-D surface's isolines follow the same rule (`IsolineCoverage`).
/// The fade is continuous: the levels at odd multiples of k fade in as the spacing of every
/// k-th level grows from one to two crowded spacings, where the next finer set takes over.
/// Where levels are at least two crowded spacings apart nothing changes.
public enum ContourThinning {
    /// How many line widths apart, centre to centre, contour lines must be to read as lines.
    public static let crowdedSpacing: Float = 3

    /// For eight pixels with contour value `c` (u = (c − start) / step levels from the first) and
    /// |∇c| `gradient` per pixel: the distance in contour units to the nearest level kept, and
    /// that level's weight (0…1). `crowdedPerStep` is the crowded spacing in pixels over `step`,
    /// `stepPerCrowded` its inverse.
    /// k and 1/k are powers of two made from exponent bits; 1/|∇c| is the caller's.
    @inline(__always)
    public static func nearestKept(_ c: SIMD8<Float>, u: SIMD8<Float>, start: SIMD8<Float>, step: SIMD8<Float>,
                                   lastLevel: SIMD8<Float>, gradient: SIMD8<Float>, inverseGradient: SIMD8<Float>,
                                   crowdedPerStep: SIMD8<Float>, stepPerCrowded: SIMD8<Float>)
        -> (distance: SIMD8<Float>, weight: SIMD8<Float>) {
        typealias V = SIMD8<Float>
        typealias Bits = SIMD8<UInt32>
        let one = V(repeating: 1)
        // crowded / spacing, with spacing = step / |∇c| the levels' spacing in pixels; k is the
        // smallest power of two at or above it (its exponent rounded up), at least 1, at most 2^20.
        let raw = gradient * crowdedPerStep
        let ratio = FastMath.min(FastMath.max(raw, one), V(repeating: 0x1p20))
        let kBits = (unsafeBitCast(ratio, to: Bits.self) &+ 0x007F_FFFF) & 0x7F80_0000
        let k = unsafeBitCast(kBits, to: V.self), inverseK = unsafeBitCast(0x7F00_0000 &- kBits, to: V.self)
        // The nearest multiple of k among the levels, m = n · k.
        let n = FastMath.min(FastMath.max(FastMath.round(u * inverseK), .zero), FastMath.floor(lastLevel * inverseK))
        let distance = FastMath.abs(c - (start + n * k * step))
        // Odd multiples of k fade, by (k · spacing − crowded) / crowded = k · step / (|∇c| · crowded)
        // − 1; even ones (multiples of 2k) stay.
        let fade = FastMath.min(FastMath.max(k * inverseGradient * stepPerCrowded - one, .zero), one)
        let odd = n - 2 * FastMath.floor(n * 0.5)
        return (distance, one + odd * (fade - one))
    }

    /// Evenly spaced levels for eight lanes, with the ratios thinning needs (worked out once a
    /// tile, in the order the shader's first pass uses, so its bits match).
    public struct EvenLevels {
        public let start, step, stepInverse: SIMD8<Float>
        /// The index of the last level.
        public let lastLevel: SIMD8<Float>
        /// Two crowded spacings in pixels; the crowded spacing over `step`, and its inverse.
        public let twoCrowded, crowdedPerStep, stepPerCrowded: SIMD8<Float>

        /// `count` levels from `start`, `step` apart, crowded below `crowded` pixels apart.
        public init(start: Float, step: Float, count: Int, crowded: Float) {
            self.start = SIMD8(repeating: start)
            self.step = SIMD8(repeating: step)
            stepInverse = SIMD8(repeating: 1) / self.step
            lastLevel = SIMD8(repeating: Float(Swift.max(0, count - 1)))
            let crowded = SIMD8<Float>(repeating: crowded)
            twoCrowded = 2 * crowded
            crowdedPerStep = crowded * stepInverse
            stepPerCrowded = self.step / crowded
        }

        /// Sign bits set in the lanes where levels are closer than two crowded spacings on screen
        /// (|∇c| `gradient` in contour units per pixel): step − 2·crowded·|∇c| < 0. Integer bit
        /// logic, as SIMDMask operations are scalarized.
        @inline(__always)
        public func crowdedBits(gradient: SIMD8<Float>) -> SIMD8<UInt32> {
            unsafeBitCast(step - twoCrowded * gradient, to: SIMD8<UInt32>.self) & 0x8000_0000
        }
    }

    /// How a contour line's coverage falls off: `reach` pixels from its level to where it ends,
    /// `peak` its coverage at the level, `tiny` the least |∇c| divided by.
    public struct LineProfile {
        public let reach, peak, tiny: SIMD8<Float>

        public init(width: Float) {
            let extent = Swift.max(width, 1)
            reach = SIMD8(repeating: extent * 0.5 + 0.5)
            peak = SIMD8(repeating: width / extent)
            tiny = SIMD8(repeating: 1e-30)
        }
    }

    /// The contour coverage of eight pixels with thinning: the profile's reach less the distance in
    /// pixels to `nearestKept`'s level, clamped to 0…1, times its peak and the level's weight.
    /// Lanes that are not crowded get the bits the shader's plain rule gives (k = 1, weight 1, the
    /// same divisions).
    @inline(__always)
    public static func coverage(_ c: SIMD8<Float>, levels: EvenLevels, gradient: SIMD8<Float>,
                                line: LineProfile) -> SIMD8<Float> {
        let g = FastMath.max(gradient, line.tiny)
        let (distance, weight) = nearestKept(c, u: (c - levels.start) * levels.stepInverse, start: levels.start,
                                             step: levels.step, lastLevel: levels.lastLevel, gradient: gradient,
                                             inverseGradient: 1 / g, crowdedPerStep: levels.crowdedPerStep,
                                             stepPerCrowded: levels.stepPerCrowded)
        return FastMath.min(FastMath.max(line.reach - distance / g, .zero), SIMD8(repeating: 1)) * line.peak * weight
    }

    /// The same for one pixel and any ascending levels (the spacing is that of the two levels
    /// around `c`): the distance to the nearest kept level and its weight. Where the levels are
    /// not crowded, the distance to the nearest level, weight 1.
    public static func nearestKept(_ c: Float, sortedLevels levels: UnsafeBufferPointer<Float>, gradient: Float,
                                   crowded: Float) -> (distance: Float, weight: Float) {
        let n = levels.count
        guard n > 0 else { return (.infinity, 1) }
        var lo = 0, hi = n - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if levels[mid] <= c { lo = mid } else { hi = mid }
        }
        let nearest = Swift.min(Swift.abs(c - levels[lo]), Swift.abs(c - levels[hi]))
        let spacing = (levels[hi] - levels[lo]) / Swift.max(gradient, 1e-30)
        guard n > 1, spacing < 2 * crowded else { return (nearest, 1) }
        var k = 1
        while Float(k) * spacing < crowded && k < n { k *= 2 }
        let fade = Swift.min(Swift.max((Float(k) * spacing - crowded) / crowded, 0), 1)
        let below = lo / k * k, above = below + k
        var index = below
        // Halfway between two kept levels, the even multiple of k (as rounding halves to even does).
        if above < n {
            let toAbove = Swift.abs(c - levels[above]), toBelow = Swift.abs(c - levels[below])
            if toAbove < toBelow || (toAbove == toBelow && (above / k) % 2 == 0) { index = above }
        }
        return (Swift.abs(c - levels[index]), (index / k) % 2 == 0 ? 1 : fade)
    }
}
