import OptaRaster

/// Where the labels that found no clear side of their node (`GraphLabelPlacement`) go in a
/// crowded frame: a little further out, joined to their node by a thin leader line, as a
/// figure's author names a column of nodes closer than a label's height: every other name in a
/// second, staggered column, its leader running between the first column's names. Each label
/// takes its first candidate (`GraphFigure.leaderCandidates`: the column's second place, then
/// the sides and corners a step further out at a time) whose box is clear, as placement's are,
/// of every label, node, leader and the frame's edges, that no edge runs along, and whose leader
/// passes no other label, node or leader and runs along no edge; of those, one no edge crosses
/// when there is one. A label with no such place stays left out.
enum GraphLeaderPlacement {
    /// A place for a label away from its node: the box placement keeps clear (the text's, a
    /// pixel around it), the text's origin, and the leader from the node's rim to the text.
    struct Candidate {
        let box: PixelRectF
        let origin: SIMD2<Int>
        let from: SIMD2<Float>
        let to: SIMD2<Float>
        /// Where the leader's own test starts: just outside its node's square, which other
        /// labels keep clear of and which the test would otherwise find.
        let clearFrom: SIMD2<Float>
    }

    /// For each label, the index of the candidate chosen, nil where none is clear. `placed` are
    /// the text boxes of the labels already beside their nodes; labels are placed in the order
    /// given. As in a crowded frame's placement (`GraphLabelPlacement`), texts keep a pixel
    /// apart, and a leader keeps off the texts' boxes: in a column of nodes 6.9 px apart (the
    /// supply chain's stores at 320×240), the first column's 9 px labels, 12 px tall, stand
    /// 13.8 px apart, and the leader between two of them passes under a pixel from their line
    /// boxes (two or more from their ink, which the line box's descent and leading keep off).
    static func place(_ candidates: [[Candidate]], placed: [PixelRectF], centers: [SIMD2<Float>],
                      radii: [Float], frame: PixelRectF, keepOut: [PixelRectF], edges: SegmentIndex,
                      heads: ArrowheadIndex = ArrowheadIndex(), leaders placedLeaders: LeaderIndex = LeaderIndex()) -> [Int?] {
        var taken = RectIndex(cell: 64)
        for (c, r) in zip(centers, radii) { taken.insert(PixelRectF(x0: c.x - r, y0: c.y - r, x1: c.x + r, y1: c.y + r)) }
        for rect in keepOut + placed { taken.insert(rect) }
        var leaders = placedLeaders
        return candidates.map { options in
            var chosen: (index: Int, crossed: Float)?
            // Cheapest tests first: a dense graph tries tens of places for each of hundreds of labels.
            for (k, c) in options.enumerated()
            where c.box.x0 >= frame.x0 && c.box.y0 >= frame.y0 && c.box.x1 <= frame.x1 && c.box.y1 <= frame.y1 && !taken.overlaps(c.box) {
                guard !leaders.meets(c.box), !leaders.crosses(c.from, c.to), !taken.isHit(from: c.clearFrom, to: c.to),
                      !heads.overlaps(c.box.grown(by: 1)), !heads.isHit(from: c.clearFrom, to: c.to) else { continue }
                let (crossed, longest) = edges.lengths(inside: c.box)
                guard GraphLabelPlacement.readable(c.box, crossedFor: longest), !runsAlongAnEdge(c.clearFrom, c.to, edges) else { continue }
                if crossed < (chosen?.crossed ?? .infinity) { chosen = (k, crossed) }
                if crossed == 0 { break }
            }
            if let chosen {
                taken.insert(options[chosen.index].box.grown(by: -1))
                leaders.insert(options[chosen.index].from, options[chosen.index].to)
            }
            return chosen?.index
        }
    }

    /// Whether segments `a` and `b` cross (or touch).
    static func crosses(_ a: (SIMD2<Float>, SIMD2<Float>), _ b: (SIMD2<Float>, SIMD2<Float>)) -> Bool {
        func side(_ p: SIMD2<Float>, _ q: SIMD2<Float>, _ r: SIMD2<Float>) -> Float {
            (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)
        }
        let d1 = side(b.0, b.1, a.0), d2 = side(b.0, b.1, a.1), d3 = side(a.0, a.1, b.0), d4 = side(a.0, a.1, b.1)
        guard d1 * d2 <= 0, d3 * d4 <= 0 else { return false }
        // Collinear segments cross only where their boxes meet.
        if d1 == 0 && d2 == 0 {
            let lo = pointwiseMax(pointwiseMin(a.0, a.1), pointwiseMin(b.0, b.1))
            let hi = pointwiseMin(pointwiseMax(a.0, a.1), pointwiseMax(b.0, b.1))
            return lo.x <= hi.x && lo.y <= hi.y
        }
        return true
    }

    /// Whether an edge runs along the leader from `a` to `b`: more than half of the points
    /// every two pixels along it lie within a pixel and a half of an edge's line (a leader
    /// across an edge passes near it at one or two of them).
    static func runsAlongAnEdge(_ a: SIMD2<Float>, _ b: SIMD2<Float>, _ edges: SegmentIndex) -> Bool {
        let d = b - a, length = (d * d).sum().squareRoot()
        let steps = Int((length / 2).rounded(.up))
        guard steps >= 2, length.isFinite else { return false }
        var near = 0
        for i in 0...steps {
            let p = a + d * (Float(i) / Float(steps))
            if edges.comesWithin(1.5, of: PixelRectF(x0: p.x, y0: p.y, x1: p.x, y1: p.y)) { near += 1 }
        }
        return near * 2 > steps + 1
    }
}

/// The leaders placed so far, bucketed by a square grid, so that a candidate is tested against
/// the leaders near it only.
struct LeaderIndex {
    private let cell: Float = 64
    private var segments: [(SIMD2<Float>, SIMD2<Float>)] = []
    private var buckets: [SIMD2<Int32>: [Int]] = [:]

    private func cells(_ lo: SIMD2<Float>, _ hi: SIMD2<Float>) -> [SIMD2<Int32>] {
        RectIndex.cells(PixelRectF(x0: lo.x, y0: lo.y, x1: hi.x, y1: hi.y), cell: cell)
    }

    /// The leaders in the cells `lo`…`hi` covers (some more than once).
    private func near(_ lo: SIMD2<Float>, _ hi: SIMD2<Float>) -> [Int] {
        guard !segments.isEmpty else { return [] }
        return cells(lo, hi).flatMap { buckets[$0] ?? [] }
    }

    mutating func insert(_ a: SIMD2<Float>, _ b: SIMD2<Float>) {
        segments.append((a, b))
        for c in cells(pointwiseMin(a, b), pointwiseMax(a, b)) { buckets[c, default: []].append(segments.count - 1) }
    }

    /// Whether a leader passes through or touches `box`.
    func meets(_ box: PixelRectF) -> Bool {
        near(SIMD2(box.x0, box.y0), SIMD2(box.x1, box.y1)).contains { box.distance(toSegment: segments[$0].0, segments[$0].1) <= 0 }
    }

    /// Whether a leader crosses the segment from `a` to `b`.
    func crosses(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Bool {
        near(pointwiseMin(a, b), pointwiseMax(a, b)).contains { GraphLeaderPlacement.crosses(segments[$0], (a, b)) }
    }
}
