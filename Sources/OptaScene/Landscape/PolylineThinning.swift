import OptaCore

/// Fewer points for very long paths, so that drawing one stays within a frame's budget however
/// long a followed log grows (a million points would take half a second a frame to stroke).
/// Paths up to `budget` points are drawn exactly as they are. Longer ones keep only points at
/// least `spacing` pixels from the last point kept: one pixel first (less than a path's width,
/// so a smooth run loses nothing visible), then wider until at most `budget` points remain. The
/// first and last points are always kept, and so is every break (non-finite point). A pure
/// function of the points: the same path draws the same pixels in the viewer and in a replay.
enum PolylineThinning {
    /// The most points a path is stroked with.
    static let budget = 4_000

    static func thinned(_ points: [SIMD2<Float>], budget: Int = budget) -> [SIMD2<Float>] {
        guard points.count > max(2, budget) else { return points }
        var spacing: Float = 1
        // Each look at least doubles the spacing; past the largest frame's size only the ends and
        // the breaks are left, so this ends.
        while spacing < Float(Limits.frameSide.upperBound) {
            // A look that stops as soon as more than `budget` points are kept, and estimates the
            // whole path's count from the part it saw.
            guard let (kept, seen) = overBudget(points, spacing: spacing, budget: budget) else { break }
            let estimate = Float(kept) * Float(points.count) / Float(max(1, seen))
            // Points kept fall at least as fast as 1 / spacing (a smooth path) and at most as fast
            // as 1 / spacing² (a random walk); this step overshoots neither by much.
            spacing *= max(2, (estimate / Float(budget)).squareRoot())
        }
        return thin(points, spacing: spacing)
    }

    /// Nil when thinning at `spacing` keeps at most `budget` points; otherwise how many it had
    /// kept, and how many points it had looked at, when it went over.
    static func overBudget(_ points: [SIMD2<Float>], spacing: Float, budget: Int) -> (kept: Int, seen: Int)? {
        guard var last = points.first, points.count > 2 else { return nil }
        let squared = spacing * spacing
        var kept = 2  // the first and the last point
        for i in 1..<(points.count - 1) {
            let p = points[i], d = p - last
            if !(d.x * d.x + d.y * d.y < squared) {
                kept += 1
                last = p
                if kept > budget { return (kept, i + 1) }
            }
        }
        return nil
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
