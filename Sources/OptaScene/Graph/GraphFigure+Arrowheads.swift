import OptaRaster

extension GraphFigure {
    /// The arrowhead of a directed edge from `a` to `b`, drawn `width` wide: its tip touching the
    /// target's rim (`rim` from its centre `b`), its back `5·scale + 2.5·width` behind, as wide
    /// as `4·scale + 3·width`; nil where the edge is too short to hold it (then no edge is drawn).
    /// The one place drawing and label placement take arrowheads from.
    static func arrowhead(from a: SIMD2<Float>, to b: SIMD2<Float>, rim: Float, edgeScale: Float, width: Float)
        -> (tip: SIMD2<Float>, back: SIMD2<Float>, left: SIMD2<Float>, right: SIMD2<Float>)? {
        let d = b - a
        let length = (d * d).sum().squareRoot()
        guard length > 0 else { return nil }
        let u = d / length
        let headLength = 5 * edgeScale + 2.5 * width, headHalf = 2 * edgeScale + 1.5 * width
        guard length > rim + headLength else { return nil }
        let tip = b - u * rim
        let back = tip - u * headLength
        let n = SIMD2<Float>(-u.y, u.x)
        return (tip, back, back + n * headHalf, back - n * headHalf)
    }

    /// The rim distance an arrowhead's tip keeps from node `node`'s centre.
    func arrowRim(_ g: GraphGeometry, _ node: Int) -> Float { g.radii[node] + g.outlineWidth / 2 + 1 }

    /// The arrowheads of `g`'s directed edges (self-loops, whose heads their loops' boxes hold,
    /// left out), as drawn unselected, for label placement to keep off.
    func arrowheads(_ g: GraphGeometry) -> ArrowheadIndex {
        ArrowheadIndex(graph.edges.enumerated().compactMap { e, edge in
            guard edge.directed, edge.from != edge.to,
                  let head = Self.arrowhead(from: g.centers[edge.from], to: g.centers[edge.to], rim: arrowRim(g, edge.to),
                                            edgeScale: g.edgeScale, width: g.edgeWidths[e]) else { return nil }
            return (head.tip, head.left, head.right)
        })
    }
}
