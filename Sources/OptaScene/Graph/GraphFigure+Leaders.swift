import OptaRaster
import OptaText

extension GraphFigure {
    /// The places a label left out beside its node may take further out, with a leader
    /// (`GraphLeaderPlacement`), preferred first: when the labels right of the nodes of its
    /// column (nodes within a pixel of its x) already stand there, the second column just past
    /// the widest of them, so that the column's names stagger in two aligned columns; then each
    /// side and corner (in `sides`' order) a step of 3 px further out at a time, up to the
    /// label's height: a longer leader among a force layout's edges (the router network at
    /// 320×240) reads as one more edge.
    func leaderCandidates(_ stamp: TextStamp, center c: SIMD2<Float>, radius r: Float, sides: [GraphLabelPlacement.Side],
                          columnEdge: Float?) -> [GraphLeaderPlacement.Candidate] {
        let w = Float(stamp.width), h = Float(stamp.height)
        func candidate(_ side: GraphLabelPlacement.Side, extra e: Float) -> GraphLeaderPlacement.Candidate {
            let d = r + 2 + e * 0.7071, corner = r * 1.4143 + 0.5
            let origin: SIMD2<Int>
            let from: SIMD2<Float>, clearFrom: SIMD2<Float>, to: SIMD2<Float>
            switch side {
            // A level or upright leader runs along a row or column of pixels' centres, crisp.
            case .right:
                origin = stamp.origin(anchor: c + SIMD2(r + 4 + e, 0), horizontal: .left, vertical: .middle)
                let y = c.y.rounded(.down) + 0.5
                (from, clearFrom, to) = (SIMD2(c.x + r + 1, y), SIMD2(c.x + r + 0.5, y), SIMD2(Float(origin.x) - 1, y))
            case .left:
                origin = stamp.origin(anchor: c - SIMD2(r + 4 + e, 0), horizontal: .right, vertical: .middle)
                let y = c.y.rounded(.down) + 0.5
                (from, clearFrom, to) = (SIMD2(c.x - r - 1, y), SIMD2(c.x - r - 0.5, y), SIMD2(Float(origin.x) + w + 1, y))
            case .above:
                origin = stamp.origin(anchor: c + SIMD2(0, -r - 3 - e), horizontal: .center, vertical: .bottom)
                let x = c.x.rounded(.down) + 0.5
                (from, clearFrom, to) = (SIMD2(x, c.y - r - 1), SIMD2(x, c.y - r - 0.5), SIMD2(x, Float(origin.y) + h + 1))
            case .below:
                origin = stamp.origin(anchor: c + SIMD2(0, r + 3 + e), horizontal: .center, vertical: .top)
                let x = c.x.rounded(.down) + 0.5
                (from, clearFrom, to) = (SIMD2(x, c.y + r + 1), SIMD2(x, c.y + r + 0.5), SIMD2(x, Float(origin.y) - 1))
            case .aboveRight, .aboveLeft, .belowRight, .belowLeft:
                let sx: Float = side == .aboveRight || side == .belowRight ? 1 : -1
                let sy: Float = side == .belowRight || side == .belowLeft ? 1 : -1
                origin = stamp.origin(anchor: c + SIMD2(sx * d, sy * d), horizontal: sx > 0 ? .left : .right, vertical: sy > 0 ? .top : .bottom)
                let u = SIMD2(sx, sy) * 0.7071
                // The text's corner nearest the node, a pixel off.
                let x = sx > 0 ? Float(origin.x) - 1 : Float(origin.x) + w + 1
                let y = sy > 0 ? Float(origin.y) - 1 : Float(origin.y) + h + 1
                (from, clearFrom, to) = (c + u * (r + 1), c + u * corner, SIMD2(x, y))
            }
            let box = PixelRectF(x: Float(origin.x), y: Float(origin.y), width: w, height: h).grown(by: 1)
            return GraphLeaderPlacement.Candidate(box: box, origin: origin, from: from, to: to, clearFrom: clearFrom)
        }
        var out: [GraphLeaderPlacement.Candidate] = []
        if let columnEdge, columnEdge + 3 > c.x + r + 4 { out.append(candidate(.right, extra: columnEdge + 3 - (c.x + r + 4))) }
        for e in stride(from: Float(4), through: 1.5 * h, by: 3) {
            for side in sides { out.append(candidate(side, extra: e)) }
        }
        return out
    }

    /// A leader as drawn: dots a stroke wide, three strokes apart, in the label's ink.
    static func leaderItem(_ leader: (from: SIMD2<Float>, to: SIMD2<Float>), strokeScale: Float) -> DrawItem {
        .dashed(points: [leader.from, leader.to], width: strokeScale, color: labelInk.fading(by: 0.8),
                pattern: [0.5 * strokeScale, 2.5 * strokeScale])
    }

    /// The right edge of the labels standing right of the nodes of `c`'s column (within a
    /// pixel of its x), nil when there are none.
    static func columnEdge(of c: SIMD2<Float>, placed: [(center: SIMD2<Float>, text: PixelRectF)]) -> Float? {
        placed.filter { abs($0.center.x - c.x) <= 1 && $0.text.x0 > c.x }.map(\.text.x1).max()
    }
}
