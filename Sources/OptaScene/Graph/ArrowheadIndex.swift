import OptaRaster

/// The arrowheads of a graph's directed edges, as triangles bucketed by a square grid, so that
/// label placement keeps labels and leaders off them: a label's halo over an arrowhead hides
/// which way its edge runs (the state machine's "Evaluate" hid the head of the edge from
/// "Train step" at 320×240). Touching a triangle's side is not overlapping it.
struct ArrowheadIndex {
    private let cell: Float = 64
    /// Each arrowhead's three corners.
    private var triangles: [(SIMD2<Float>, SIMD2<Float>, SIMD2<Float>)] = []
    private var buckets: [SIMD2<Int32>: [Int]] = [:]

    init(_ heads: [(SIMD2<Float>, SIMD2<Float>, SIMD2<Float>)] = []) {
        for t in heads where [t.0, t.1, t.2].allSatisfy({ $0.x.isFinite && $0.y.isFinite }) {
            triangles.append(t)
            for c in RectIndex.cells(Self.bounds(t), cell: cell) { buckets[c, default: []].append(triangles.count - 1) }
        }
    }

    var isEmpty: Bool { triangles.isEmpty }

    private static func bounds(_ t: (SIMD2<Float>, SIMD2<Float>, SIMD2<Float>)) -> PixelRectF {
        let lo = pointwiseMin(pointwiseMin(t.0, t.1), t.2), hi = pointwiseMax(pointwiseMax(t.0, t.1), t.2)
        return PixelRectF(x0: lo.x, y0: lo.y, x1: hi.x, y1: hi.y)
    }

    /// The arrowheads in the cells `box` touches (some more than once).
    private func near(_ box: PixelRectF) -> [Int] {
        guard !triangles.isEmpty else { return [] }
        return RectIndex.cells(box, cell: cell).flatMap { buckets[$0] ?? [] }
    }

    /// Whether an arrowhead reaches into `box`: no axis of the box's or the triangle's sides
    /// separates them (the separating-axis test for convex shapes).
    func overlaps(_ box: PixelRectF) -> Bool {
        near(box).contains { Self.overlaps(triangles[$0], box) }
    }

    /// Whether the segment from `a` to `b` passes through or touches an arrowhead.
    func isHit(from a: SIMD2<Float>, to b: SIMD2<Float>) -> Bool {
        let lo = pointwiseMin(a, b), hi = pointwiseMax(a, b)
        return near(PixelRectF(x0: lo.x, y0: lo.y, x1: hi.x, y1: hi.y)).contains { i in
            let t = triangles[i]
            return Self.contains(t, a) || [(t.0, t.1), (t.1, t.2), (t.2, t.0)].contains { GraphLeaderPlacement.crosses($0, (a, b)) }
        }
    }

    static func overlaps(_ t: (SIMD2<Float>, SIMD2<Float>, SIMD2<Float>), _ box: PixelRectF) -> Bool {
        let b = bounds(t)
        guard b.x0 < box.x1, box.x0 < b.x1, b.y0 < box.y1, box.y0 < b.y1 else { return false }
        let corners = [SIMD2(box.x0, box.y0), SIMD2(box.x1, box.y0), SIMD2(box.x0, box.y1), SIMD2(box.x1, box.y1)]
        let points = [t.0, t.1, t.2]
        for (p, q) in [(t.0, t.1), (t.1, t.2), (t.2, t.0)] {
            let n = SIMD2(q.y - p.y, p.x - q.x)
            let tri = points.map { ($0 * n).sum() }, rect = corners.map { ($0 * n).sum() }
            let (t0, t1) = (min(tri[0], tri[1], tri[2]), max(tri[0], tri[1], tri[2]))
            let (r0, r1) = (min(rect[0], rect[1], rect[2], rect[3]), max(rect[0], rect[1], rect[2], rect[3]))
            if r1 <= t0 || r0 >= t1 { return false }
        }
        return true
    }

    /// Whether `p` lies inside the triangle or on its sides.
    static func contains(_ t: (SIMD2<Float>, SIMD2<Float>, SIMD2<Float>), _ p: SIMD2<Float>) -> Bool {
        func side(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float { (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) }
        let s = [side(t.0, t.1), side(t.1, t.2), side(t.2, t.0)]
        return s.allSatisfy { $0 >= 0 } || s.allSatisfy { $0 <= 0 }
    }
}
