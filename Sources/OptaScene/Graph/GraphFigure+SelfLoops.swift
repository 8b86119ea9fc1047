import OptaCore
import OptaRaster

extension GraphFigure {
    /// The self-loops of `g`'s frame by edge index, each on the free side of its node (away from
    /// the node's other edges and its label). Empty, at no cost, for graphs without self-loops.
    func selfLoops(_ g: GraphGeometry) -> [Int: SelfLoop] {
        guard !loopEdges.isEmpty else { return [:] }
        let loopNodes = Set(loopEdges.map { graph.edges[$0].from })
        var occupied: [Int: [SIMD2<Float>]] = [:]
        for edge in graph.edges where edge.from != edge.to {
            if loopNodes.contains(edge.from) { occupied[edge.from, default: []].append(g.centers[edge.to] - g.centers[edge.from]) }
            if loopNodes.contains(edge.to) { occupied[edge.to, default: []].append(g.centers[edge.from] - g.centers[edge.to]) }
        }
        if graph.style.labels {
            for node in loopNodes where graph.nodes[node].label?.isEmpty == false {
                occupied[node, default: []].append(labelAbove.contains(node) ? SIMD2(0, -1) : SIMD2(1, 0))
            }
        }
        // Several loops on one node share its free angle, spread across it.
        var loopsAt: [Int: [Int]] = [:]
        for e in loopEdges { loopsAt[graph.edges[e].from, default: []].append(e) }
        // A loop that would reach the frame's edge, the title or the legend's band turns away from
        // it (the node area's margin is as wide as its left edge is from the frame's).
        let area = fit.start, margin = area.x0
        let limits = PixelRectF(x0: 0, y0: area.y0 - margin, x1: Float(width), y1: area.y1 + margin)
        for (node, edges) in loopsAt {
            let c = g.centers[node]
            let reach = SelfLoop.reach(rim: g.radii[node] + g.outlineWidth / 2 + 1, width: edges.map { g.edgeWidths[$0] }.max() ?? 1)
            if c.x - reach < limits.x0 { occupied[node, default: []].append(SIMD2(-1, 0)) }
            if c.x + reach > limits.x1 { occupied[node, default: []].append(SIMD2(1, 0)) }
            if c.y - reach < limits.y0 { occupied[node, default: []].append(SIMD2(0, -1)) }
            if c.y + reach > limits.y1 { occupied[node, default: []].append(SIMD2(0, 1)) }
        }
        var loops: [Int: SelfLoop] = [:]
        for (node, edges) in loopsAt {
            let rim = g.radii[node] + g.outlineWidth / 2 + 1
            let directions = SelfLoop.freeDirections(occupied[node] ?? [], count: edges.count)
            for (e, direction) in zip(edges, directions) {
                loops[e] = SelfLoop(center: g.centers[node], rim: rim, direction: direction, width: g.edgeWidths[e],
                                    directed: graph.edges[e].directed)
            }
        }
        return loops
    }
}
