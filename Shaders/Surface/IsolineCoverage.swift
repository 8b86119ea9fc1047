/// Anti-aliased lines where a smoothly varying quantity crosses given levels: the pixel distance
/// to the nearest level is |q − c| / |∇q| (∇ in pixels), and coverage falls off linearly over a pixel.
public enum IsolineCoverage {
    /// Coverage (0…1) of a line `width` pixels wide at the level in `sortedLevels` nearest to `q`.
    ///
    /// Where neighbouring levels come closer than `ContourThinning.crowdedSpacing` line widths
    /// apart on screen (a steep slope, a small or distant surface), every other level fades out,
    /// then every fourth, and so on — the rule 2-D contours follow (`ContourThinning`).
    @inlinable
    public static func coverage(_ q: Float, gradient: SIMD2<Float>, sortedLevels: UnsafeBufferPointer<Float>, width: Float) -> Float {
        let g = (gradient * gradient).sum().squareRoot()
        let (distance, weight) = ContourThinning.nearestKept(q, sortedLevels: sortedLevels, gradient: g,
                                                             crowded: ContourThinning.crowdedSpacing * width)
        return weight * coverage(distance: distance, gradient: gradient, width: width)
    }

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
