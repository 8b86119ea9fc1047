import OptaCore

/// Fewer points for very long paths, so that drawing one stays within a frame's budget however
/// long a followed log grows. Paths up to `budget` points are drawn exactly as they are. Longer
/// ones keep only points at least `spacing` pixels from the last point kept, with the smallest
/// spacing of `spacings` (a quarter pixel, then √2 times more each) that keeps at most `budget`
/// points: a quarter pixel moves no edge of a stroke visibly, so a smooth run loses nothing, and a
/// noisy one is thinned no more than it must be. The first and last points are always kept, and
/// so is every break (non-finite point) with the point after it.
///
/// Incremental: `append` takes the points a growing path gained since the last call, and the walk
/// at each spacing goes on from where it stopped, so a frame costs its new points, not the whole
/// path. A walk is dropped once it keeps more than `budget` points (a walk's points kept only
/// grow with the path). The result is a pure function of all the points appended, however they
/// were split into calls: the viewer following a log and a replay of it draw the same pixels.
struct PolylineThinning: Sendable {
    /// The most points a path is stroked with.
    static let budget = 4_000

    /// The spacings tried, in pixels: ¼ × √2ᵏ up to the largest frame's side, past which only the
    /// ends and the breaks are left.
    static let spacings: [Float] = {
        var spacings: [Float] = []
        var k = 0
        while true {
            let spacing = 0.25 * Float(2).squareRoot().power(k)
            spacings.append(spacing)
            if spacing >= Float(Limits.frameSide.upperBound) { return spacings }
            k += 1
        }
    }()

    /// One spacing's walk over the middle points (all but the first and the last) so far.
    private struct Walk: Sendable {
        let squared: Float
        var last: SIMD2<Float>
        /// The first point and the middle points kept.
        var kept: [SIMD2<Float>]
    }

    let budget: Int
    /// How many points were appended.
    private(set) var count = 0
    /// Every point while there are at most `budget` of them (then they are drawn as they are).
    private var all: [SIMD2<Float>] = []
    /// The last point appended: always kept, but a middle point once another comes.
    private var final = SIMD2<Float>.zero
    /// The walks still within the budget, finest first, and the coarsest one, which is never
    /// dropped. Empty until the path outgrows the budget.
    private var walks: [Walk] = []

    init(budget: Int = budget) {
        self.budget = max(2, budget)
    }

    /// The points kept of `points`.
    static func thinned(_ points: [SIMD2<Float>], budget: Int = budget) -> [SIMD2<Float>] {
        var thinning = PolylineThinning(budget: budget)
        thinning.append(contentsOf: points)
        return thinning.points
    }

    /// The points kept of everything appended so far.
    var points: [SIMD2<Float>] {
        guard let walk = walks.first else { return all }
        return walk.kept + [final]
    }

    mutating func append(contentsOf points: some Collection<SIMD2<Float>>) {
        for p in points { append(p) }
    }

    mutating func append(_ p: SIMD2<Float>) {
        count += 1
        if walks.isEmpty {
            all.append(p)
            if count > budget { startWalks() }
            return
        }
        walkOn(final)
        final = p
    }

    /// The path outgrew the budget: every walk starts from its first point and takes its middle ones.
    private mutating func startWalks() {
        let first = all[0]
        walks = Self.spacings.map { Walk(squared: $0 * $0, last: first, kept: [first]) }
        for p in all[1..<(all.count - 1)] { walkOn(p) }
        final = all[all.count - 1]
        all = []
    }

    /// Gives each walk the next middle point.
    private mutating func walkOn(_ p: SIMD2<Float>) {
        var over = false
        for i in walks.indices {
            let d = p - walks[i].last
            // NaN distances (a break on either side) compare false: such points are kept too.
            if !(d.x * d.x + d.y * d.y < walks[i].squared) {
                walks[i].kept.append(p)
                walks[i].last = p
                // With the last point, more than the budget.
                if walks[i].kept.count >= budget { over = true }
            }
        }
        if over {
            let coarsest = Self.spacings[Self.spacings.count - 1]
            walks.removeAll { $0.kept.count >= budget && $0.squared < coarsest * coarsest }
        }
    }
}

private extension Float {
    /// `self` to a whole power.
    func power(_ k: Int) -> Float {
        (0..<k).reduce(1) { product, _ in product * self }
    }
}
