/// Fewer points for very long paths, so that drawing one stays within a frame's budget however
/// long a followed log grows (a million points would take half a second a frame to stroke).
/// Paths up to `budget` points are drawn exactly as they are. Longer ones keep only points at
/// least `spacing` pixels from the last point kept: one pixel first, less than a path's width,
/// which changes nothing visible on a smooth run, then wider until at most `budget` points remain. (The path's drawn
/// length / budget always suffices, as each point kept after the first stands for at least
/// `spacing` of length; noisy paths need far less, so that is only the last resort.) The first
/// and last points are always kept, and so is every break (non-finite point). A pure function of
/// the points: the same path draws the same pixels in the viewer and in a replay.
enum PolylineThinning {
    /// The most points a path is stroked with.
    static let budget = 4_000

    static func thinned(_ points: [SIMD2<Float>], budget: Int = budget) -> [SIMD2<Float>] {
        guard points.count > max(2, budget) else { return points }
        var length: Float = 0
        for (a, b) in zip(points, points.dropFirst()) where a.x.isFinite && a.y.isFinite && b.x.isFinite && b.y.isFinite {
            length += ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        }
        let enough = max(1, length / Float(max(1, budget - 2)))
        guard enough.isFinite else { return points }
        var spacing: Float = 1
        while true {
            var count = 0
            walk(points, spacing: spacing) { _ in count += 1 }
            if count <= budget || spacing >= enough { break }
            // Points kept fall at least as fast as 1 / spacing (a smooth path) and at most as fast
            // as 1 / spacing² (a random walk); this step overshoots neither by much.
            spacing = min(enough, spacing * max(2, (Float(count) / Float(budget)).squareRoot()))
        }
        return thin(points, spacing: spacing)
    }

    /// The first and last points, each point at least `spacing` from the last one kept, and each
    /// non-finite point with the finite point after it.
    static func thin(_ points: [SIMD2<Float>], spacing: Float) -> [SIMD2<Float>] {
        var kept: [SIMD2<Float>] = []
        walk(points, spacing: spacing) { kept.append($0) }
        return kept
    }

    /// Calls `keep` with each point `thin` keeps, in order.
    private static func walk(_ points: [SIMD2<Float>], spacing: Float, _ keep: (SIMD2<Float>) -> Void) {
        guard let first = points.first, let final = points.last, points.count > 2 else {
            points.forEach(keep)
            return
        }
        keep(first)
        let squared = spacing * spacing
        var last = first
        for p in points[1..<(points.count - 1)] {
            let d = p - last
            // NaN distances (a break on either side) compare false: such points are kept too.
            if !(d.x * d.x + d.y * d.y < squared) {
                keep(p)
                last = p
            }
        }
        keep(final)
    }
}
