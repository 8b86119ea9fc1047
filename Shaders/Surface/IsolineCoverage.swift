/// Anti-aliased lines where a smoothly varying quantity crosses given levels: the pixel distance
/// to the nearest level is |q − c| / |∇q| (∇ in pixels), and coverage falls off linearly over a pixel.
public enum IsolineCoverage {
    /// Coverage (0…1) of a line `width` pixels wide at the level in `sortedLevels` nearest to `q`.
    ///
    /// Where neighbouring levels come closer than `crowdedSpacing` line widths apart on screen (a
    /// steep slope, a small or distant surface), every other level fades out, then every fourth,
    /// and so on: the lines left keep at least that spacing, instead of merging into moiré. The
    /// fade is continuous: a level kept at spacing k·d fades in as k·d grows from one to two
    /// crowded spacings, where the next finer set of levels takes over.
    @inlinable
    public static func coverage(_ q: Float, gradient: SIMD2<Float>, sortedLevels: UnsafeBufferPointer<Float>, width: Float) -> Float {
        let n = sortedLevels.count
        guard n > 0 else { return 0 }
        // Binary search for the first level ≥ q.
        var lo = 0, hi = n
        while lo < hi {
            let mid = (lo + hi) / 2
            if sortedLevels[mid] < q { lo = mid + 1 } else { hi = mid }
        }
        let g = (gradient * gradient).sum().squareRoot()
        // The on-screen spacing of the levels around q, in pixels.
        let upper = Swift.min(Swift.max(lo, 1), n - 1)
        let pixels = n > 1 ? (sortedLevels[upper] - sortedLevels[upper - 1]) / g : .infinity
        let crowded = crowdedSpacing * width
        guard pixels < 2 * crowded else {
            var distance = Float.infinity
            if lo < n { distance = sortedLevels[lo] - q }
            if lo > 0 { distance = Swift.min(distance, q - sortedLevels[lo - 1]) }
            return coverage(distance: distance, gradient: gradient, width: width)
        }
        // Keep every k-th level (k a power of two) so that they are at least `crowded` apart.
        var k = 1
        while Float(k) * pixels < crowded && k < n { k *= 2 }
        let fade = Swift.max(0, Swift.min(1, (Float(k) * pixels - crowded) / crowded))
        // The nearest kept level below q and above it.
        func kept(_ index: Int) -> Float {
            guard index >= 0, index < n else { return 0 }
            let alpha = index % (2 * k) == 0 ? 1 : fade
            return alpha * coverage(distance: Swift.abs(sortedLevels[index] - q), gradient: gradient, width: width)
        }
        return Swift.max(lo > 0 ? kept((lo - 1) / k * k) : 0, kept((lo + k - 1) / k * k))
    }

    /// How many line widths apart, centre to centre, isolines must be to read as lines.
    public static let crowdedSpacing: Float = 3

    /// Coverage of a line `width` pixels wide whose quantity is `distance` away (in q units).
    @inlinable
    public static func coverage(distance: Float, gradient: SIMD2<Float>, width: Float) -> Float {
        let g = (gradient * gradient).sum().squareRoot()
        guard g > 1e-12, distance.isFinite else { return 0 }
        let pixels = distance / g
        return Swift.max(0, Swift.min(1, width / 2 + 0.5 - pixels))
    }

    /// Coverage of lines at every multiple of `step` (offset by `origin`).
    @inlinable
    public static func gridCoverage(_ q: Float, origin: Float, step: Float, gradient: SIMD2<Float>, width: Float) -> Float {
        let u = (q - origin) / step
        let distance = Swift.abs(u - u.rounded()) * step
        return coverage(distance: distance, gradient: gradient, width: width)
    }
}
