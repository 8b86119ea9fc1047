import OptaA11y
import OptaCore

/// The accessibility tree of a graph: a document summary (nodes, edges, layout state), the nodes
/// with label, value and degree (`node/<id>`, graph-node role), the edges as relations
/// ("Factory A → Warehouse 3", "flow 40"; graph-edge role; a self-loop says so), the group legend and the layout's
/// status. Graphs above `listLimit` nodes list their best-connected nodes only and summarize the
/// rest, so the tree stays small and cheap for big graphs.
enum GraphAccessibility {
    /// Largest graph whose nodes and edges are all listed.
    static let listLimit = 200
    /// How many of the best-connected nodes a large graph lists.
    static let hubCount = 12

    static func tree(_ figure: GraphFigure, state: RenderState) -> AccessibilityTree {
        let graph = figure.graph
        let g = figure.geometry(state)
        let large = graph.nodes.count > listLimit
        let listed: [Int] = large ? hubs(figure) : Array(graph.nodes.indices)
        let nodeNodes = listed.map { nodeNode($0, figure, g) }
        let nodesGroup = AccessibilityNode(
            id: "graph/nodes", role: .graphicsObject, name: "nodes",
            value: large ? "\(count(graph.nodes.count, "node")); the \(listed.count) best connected listed" : count(graph.nodes.count, "node"),
            description: degreeSummary(g.degrees), children: nodeNodes)
        var children = [nodesGroup]
        let loops = large ? [:] : figure.selfLoops(g)
        let edgeNodes = large ? [] : graph.edges.indices.map { edgeNode($0, figure, g, loop: loops[$0]) }
        children.append(AccessibilityNode(
            id: "graph/edges", role: .graphicsObject, name: "edges",
            value: large ? "\(count(graph.edges.count, "edge")), not listed" : count(graph.edges.count, "edge"),
            description: weightSummary(graph), children: edgeNodes))
        let groups = figure.groupColors()
        if !groups.isEmpty {
            let entries = groups.map { name, _ in
                AccessibilityNode(id: "legend/\(name)", role: .graphicsSymbol, name: name,
                                  value: count(graph.nodes.filter { $0.group == name }.count, "node"))
            }
            children.append(AccessibilityNode(id: "legend", role: .legend, name: "groups",
                                              value: groups.map(\.0).joined(separator: ", "), children: entries))
        }
        children.append(AccessibilityNode(id: "layout", role: .status, name: "layout", value: layoutState(graph, state)))
        let root = AccessibilityNode(
            id: "document", role: .graphicsDocument, name: figure.scenario.title ?? "Graph",
            description: summary(figure, state),
            bounds: AccessibilityBounds(x: 0, y: 0, width: Double(figure.width), height: Double(figure.height)),
            children: children)
        return AccessibilityTree(frame: state.frame, root: root)
    }

    static func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    /// "Graph of 30 nodes and 41 directed edges (2 self-loops); force layout settled after 300 iterations."
    static func summary(_ figure: GraphFigure, _ state: RenderState) -> String {
        let graph = figure.graph
        let directed = graph.edges.contains(where: \.directed)
        let kind = directed ? (graph.edges.allSatisfy(\.directed) ? "directed " : "partly directed ") : ""
        let loops = figure.loopEdges.isEmpty ? "" : " (\(count(figure.loopEdges.count, "self-loop")))"
        return "Graph of \(count(graph.nodes.count, "node")) and \(graph.edges.count) \(kind)edge\(graph.edges.count == 1 ? "" : "s")\(loops); "
            + layoutState(graph, state) + "."
    }

    static func layoutState(_ graph: GraphSpec, _ state: RenderState) -> String {
        guard graph.layout.method == .force else { return "fixed layout" }
        guard let s = state.graphLayout else { return "force layout not started" }
        return s.settled ? "force layout settled after \(s.iteration) iterations"
            : "force layout running, iteration \(s.iteration) of \(s.maxIterations)"
    }

    /// The listed nodes of a large graph: highest degree first, ties in scenario order.
    static func hubs(_ figure: GraphFigure) -> [Int] {
        let d = figure.degrees
        return Array(d.indices.sorted { d[$0] != d[$1] ? d[$0] > d[$1] : $0 < $1 }.prefix(hubCount))
    }

    static func degreeSummary(_ degrees: [Int]) -> String? {
        guard let lo = degrees.min(), let hi = degrees.max() else { return nil }
        let sorted = degrees.sorted()
        return "degree from \(lo) to \(hi), median \(sorted[sorted.count / 2])"
    }

    static func weightSummary(_ graph: GraphSpec) -> String? {
        guard let r = graph.weightRange else { return nil }
        let word = graph.edges.contains(where: \.directed) ? "flow" : "weight"
        return "\(word) from \(A11yNumber.format(r.lowerBound)) to \(A11yNumber.format(r.upperBound)), shown by line width"
    }

    static func nodeNode(_ i: Int, _ figure: GraphFigure, _ g: GraphGeometry) -> AccessibilityNode {
        let node = figure.graph.nodes[i]
        let c = g.centers[i], r = Double(g.radii[i]) + Double(g.outlineWidth) / 2
        var parts: [String] = []
        if let v = node.value { parts.append("value \(A11yNumber.format(v))") }
        parts.append("degree \(g.degrees[i])")
        var attributes = ["degree": String(g.degrees[i])]
        if let v = node.value { attributes["value"] = "\(v)" }
        if let group = node.group { attributes["group"] = group }
        return AccessibilityNode(
            id: "node/\(node.id)", role: .graphNode, name: node.name, value: parts.joined(separator: ", "),
            description: node.group,
            bounds: AccessibilityBounds(x0: Double(c.x) - r, y0: Double(c.y) - r, x1: Double(c.x) + r, y1: Double(c.y) + r),
            attributes: attributes)
    }

    /// A node as relations name it: its label up to the first ", " ("Factory A, 80 %" → "Factory A").
    static func shortName(_ node: GraphNode) -> String {
        let name = node.name
        guard let comma = name.range(of: ", ") else { return name }
        return String(name[..<comma.lowerBound])
    }

    /// An edge as a relation; a self-loop (`loop`) is described as one and bounded by its arc.
    static func edgeNode(_ e: Int, _ figure: GraphFigure, _ g: GraphGeometry, loop: SelfLoop?) -> AccessibilityNode {
        let graph = figure.graph
        let edge = graph.edges[e]
        let a = graph.nodes[edge.from], b = graph.nodes[edge.to]
        let pa = g.centers[edge.from], pb = g.centers[edge.to]
        let half = Double(g.edgeWidths[e]) / 2 + 1
        var attributes = ["from": a.id, "to": b.id]
        if let w = edge.weight { attributes["weight"] = "\(w)" }
        var bounds = AccessibilityBounds(x0: Double(min(pa.x, pb.x)) - half, y0: Double(min(pa.y, pb.y)) - half,
                                         x1: Double(max(pa.x, pb.x)) + half, y1: Double(max(pa.y, pb.y)) + half)
        if let loop {
            attributes["selfLoop"] = "true"
            bounds = AccessibilityBounds(x0: Double(loop.bounds.min.x), y0: Double(loop.bounds.min.y),
                                         x1: Double(loop.bounds.max.x), y1: Double(loop.bounds.max.y))
        }
        return AccessibilityNode(
            id: "edge/\(e)", role: .graphEdge, name: "\(shortName(a)) \(edge.directed ? "→" : "—") \(shortName(b))",
            value: edge.weight.map { "\(edge.directed ? "flow" : "weight") \(A11yNumber.format($0))" },
            description: loop == nil ? nil : "self-loop",
            bounds: bounds, attributes: attributes)
    }
}
