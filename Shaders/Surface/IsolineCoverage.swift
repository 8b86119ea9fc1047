/// Anti-aliased lines where a smoothly varying quantity crosses given levels: the pixel distance
/// to the nearest level is |q − c| / |∇q| (∇ in pixels), and coverage falls off linearly over a pixel.
public enum IsolineCoverage {
    /// Coverage (0…1) of a line `width` pixels wide at the level in `sortedLevels` nearest to `q`.
    @inlinable
    public static func coverage(_ q: Float, gradient: SIMD2<Float>, sortedLevels: UnsafeBufferPointer<Float>, width: Float) -> Float {
        guard !sortedLevels.isEmpty else { return 0 }
        // Binary search for the first level ≥ q.
        var lo = 0, hi = sortedLevels.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sortedLevels[mid] < q { lo = mid + 1 } else { hi = mid }
        }
        var distance = Float.infinity
        if lo < sortedLevels.count { distance = sortedLevels[lo] - q }
        if lo > 0 { distance = Swift.min(distance, q - sortedLevels[lo - 1]) }
        return coverage(distance: distance, gradient: gradient, width: width)
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
