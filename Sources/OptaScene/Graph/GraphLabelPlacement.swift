import OptaRaster

/// Where a graph's node labels go, so that none covers another label or a node and none leaves
/// the frame, and edges run through as few as can be: each label takes the first of its node's
/// sides (right, or above for sources of directed edges, whose arrows leave to the right; then
/// the others; then the four corners) that is clear and that no edge crosses; when every clear side is crossed, the
/// one crossed least, if no edge runs along it (`readable`). A label with no such side goes
/// further out on a leader (`GraphLeaderPlacement`) or is left out of the picture (the
/// accessibility tree still names the node). Labels are placed in the
/// order given (scenario order; in a crowded frame `GraphFigure.labelOrder`, the most connected
/// nodes first), so the result is deterministic.
struct GraphLabelPlacement {
    /// A label's side of its node, or a corner beside it (tried after the sides: a node whose
    /// edges leave on all four sides still has a place between them).
    enum Side { case right, above, left, below, aboveRight, aboveLeft, belowRight, belowLeft }

    /// Whether a label in `box` reads with an edge running `length` pixels through it: an edge
    /// across the text does (the label's halo keeps its letters clear); one along it, over half
    /// its width and further than twice across its height, does not (such a label is left out).
    static func readable(_ box: PixelRectF, crossedFor length: Float) -> Bool {
        length <= max(box.width / 2, box.height * 2)
    }

    /// For each label, its text's box on each side, preferred side first, and its node
    /// (`owners`): the index of the side chosen, nil where none is clear. `edges` are the
    /// edges' lines. With `nearestOwner`, a box whose middle lies nearer another node than its
    /// own is not clear either: in a crowded frame a long label beside a node of a column
    /// ("Warehouse 5" left of its node, over the factories' column at 320×240) would read as the
    /// other node's. Such a crowded frame's labels also keep one pixel between their texts where
    /// others keep two: in a column of nodes 6.9 px apart (the supply chain's stores at 320×240),
    /// 9 px labels 12 px tall name every other node then, and every third otherwise.
    static func place(_ candidates: [[PixelRectF]], owners: [Int], centers: [SIMD2<Float>], radii: [Float], frame: PixelRectF,
                      keepOut: [PixelRectF], edges: SegmentIndex, heads: ArrowheadIndex = ArrowheadIndex(),
                      leaders: LeaderIndex = LeaderIndex(), nearestOwner: Bool = false) -> [Int?] {
        var taken = RectIndex(cell: 64)
        for (c, r) in zip(centers, radii) { taken.insert(PixelRectF(x0: c.x - r, y0: c.y - r, x1: c.x + r, y1: c.y + r)) }
        for rect in keepOut { taken.insert(rect) }
        let nodes = PointIndex(centers, cell: 64)
        return zip(candidates, owners).map { boxes, owner in
            var best: (side: Int, crossed: Float)?
            for (k, box) in boxes.enumerated()
            where box.x0 >= frame.x0 && box.y0 >= frame.y0 && box.x1 <= frame.x1 && box.y1 <= frame.y1 && !taken.overlaps(box)
                && !heads.overlaps(box.grown(by: 1)) && !leaders.meets(box)
                && !(nearestOwner && nodes.hasOther(than: owner, nearer: SIMD2((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2))) {
                let (crossed, longest) = edges.lengths(inside: box)
                if readable(box, crossedFor: longest), crossed < (best?.crossed ?? .infinity) { best = (k, crossed) }
                if crossed == 0 { break }
            }
            // A crowded frame's labels keep a pixel apart, not two: their text boxes (a pixel
            // inside each box) must not touch the next box.
            if let best { taken.insert(nearestOwner ? boxes[best.side].grown(by: -1) : boxes[best.side]) }
            return best?.side
        }
    }
}

/// Points bucketed by a square grid, for "is another point nearer" queries that look only at
/// nearby points.
private struct PointIndex {
    let cell: Float
    let points: [SIMD2<Float>]
    var buckets: [SIMD2<Int32>: [Int]] = [:]

    init(_ points: [SIMD2<Float>], cell: Float) {
        self.cell = cell
        self.points = points
        for (i, p) in points.enumerated() { buckets[key(p), default: []].append(i) }
    }

    private func key(_ p: SIMD2<Float>) -> SIMD2<Int32> {
        SIMD2(Int32(clamping: Int((p.x / cell).rounded(.down).clamped(-1e6, 1e6))),
              Int32(clamping: Int((p.y / cell).rounded(.down).clamped(-1e6, 1e6))))
    }

    /// Whether a point other than point `owner` lies nearer `p` than `owner` does.
    func hasOther(than owner: Int, nearer p: SIMD2<Float>) -> Bool {
        let d = p - points[owner], own = (d * d).sum()
        let reach = own.squareRoot()
        guard reach.isFinite else { return false }
        let lo = key(p - reach), hi = key(p + reach)
        for y in lo.y...hi.y {
            for x in lo.x...hi.x {
                for i in buckets[SIMD2(x, y)] ?? [] where i != owner {
                    let e = p - points[i]
                    if (e * e).sum() < own { return true }
                }
            }
        }
        return false
    }
}

/// Rectangles bucketed by a square grid, for overlap queries that look only at nearby rectangles.
struct RectIndex {
    let cell: Float
    var buckets: [SIMD2<Int32>: [PixelRectF]] = [:]

    init(cell: Float) { self.cell = cell }

    private func cells(_ r: PixelRectF) -> [SIMD2<Int32>] { Self.cells(r, cell: cell) }

    /// The grid cells of side `cell` that `r` touches.
    static func cells(_ r: PixelRectF, cell: Float) -> [SIMD2<Int32>] {
        func index(_ v: Float) -> Int32 { Int32(clamping: Int((v / cell).rounded(.down).clamped(-1e6, 1e6))) }
        let (x0, x1, y0, y1) = (index(r.x0), index(r.x1), index(r.y0), index(r.y1))
        var out: [SIMD2<Int32>] = []
        for y in y0...max(y0, y1) { for x in x0...max(x0, x1) { out.append(SIMD2(x, y)) } }
        return out
    }

    mutating func insert(_ r: PixelRectF) {
        for c in cells(r) { buckets[c, default: []].append(r) }
    }

    func overlaps(_ r: PixelRectF) -> Bool {
        cells(r).contains { c in
            buckets[c]?.contains { $0.x0 < r.x1 && r.x0 < $0.x1 && $0.y0 < r.y1 && r.y0 < $0.y1 } ?? false
        }
    }

    /// Whether the segment from `a` to `b` passes through (or touches) a rectangle.
    func isHit(from a: SIMD2<Float>, to b: SIMD2<Float>) -> Bool {
        let lo = pointwiseMin(a, b), hi = pointwiseMax(a, b)
        return cells(PixelRectF(x0: lo.x, y0: lo.y, x1: hi.x, y1: hi.y)).contains { c in
            buckets[c]?.contains { $0.distance(toSegment: a, b) <= 0 } ?? false
        }
    }
}

private extension Float {
    func clamped(_ low: Float, _ high: Float) -> Float { isNaN ? 0 : Swift.min(Swift.max(self, low), high) }
}
