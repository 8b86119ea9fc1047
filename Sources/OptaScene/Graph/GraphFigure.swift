import OptaA11y
import OptaCore
import OptaRaster
import OptaText

/// A node-link graph: straight edges (width and colour by weight, arrowheads when directed),
/// self-loops as small arcs on the free side of their node,
/// nodes as outlined disks (size by value, colour by group), labels with halos, and the selected
/// node (`selection` = "node/<id>") and its edges highlighted. Positions come from the layout
/// solver's snapshot in the `RenderState`, or from the scenario for fixed layouts.
public struct GraphFigure: SceneFigure {
    public let width: Int
    public let height: Int
    let scenario: Scenario
    let graph: GraphSpec
    let fonts: FontLibrary
    let degrees: [Int]
    /// Where "fit" layouts are placed: below the title, above the legend's band, inside a margin,
    /// with room for the outermost nodes' labels (`GraphFit`).
    let fit: GraphFit
    /// The size of the title and the legend, and the largest of the node labels.
    let labelSize: Int
    /// The bottom band the group legend's row keeps (0 without groups).
    let legendBand: Float
    /// The title, wrapped onto at most two lines to fit the frame (none without a title).
    let titleLines: [String]
    /// The height a title's second line takes from the graph.
    let titleExtraHeight: Float
    /// Nodes whose label goes above them (sources of directed edges, whose arrows leave to the right).
    let labelAbove: Set<Int>
    /// Edges from a node to itself, in edge order.
    let loopEdges: [Int]
    /// The order labels are placed in when not all of them fit in scenario order: more edges
    /// first (a hub, a warehouse between factories and stores, names more of the picture), then
    /// scenario order. A small frame that has room for only some labels keeps these.
    let labelOrder: [Int]
    /// The labels placed for the last frame's node positions.
    let labelCache = GraphLabelCache()

    static let highlight = RGBA(0.835, 0.369, 0.0)  // Okabe–Ito vermillion
    static let labelInk = RGBA(0.13, 0.13, 0.15)

    public init(scenario: Scenario, width: Int, height: Int, fonts: FontLibrary) {
        self.scenario = scenario
        graph = scenario.graph ?? GraphSpec(nodes: [], edges: [])
        self.width = width
        self.height = height
        self.fonts = fonts
        let degrees = graph.degrees
        self.degrees = degrees
        labelOrder = graph.nodes.indices.sorted { degrees[$0] != degrees[$1] ? degrees[$0] > degrees[$1] : $0 < $1 }
        labelSize = LandscapeLayout.labelSize(frameHeight: height)
        let titleLines = scenario.title.map { [labelSize] in
            FigureText.wrapped($0, maxWidth: Float(width) - Float(labelSize) * 2,
                               maxLines: FigureText.titleLineLimit(frameHeight: height, labelSize: labelSize),
                               fonts: fonts, size: labelSize + 2, weight: .bold)
        } ?? []
        self.titleLines = titleLines
        titleExtraHeight = Float(max(0, titleLines.count - 1)) * Float(labelSize + 2) * 1.3
        let top: Float = scenario.title == nil ? 0 : Float(labelSize) * 2.2 + titleExtraHeight
        // A thumbnail's margin narrows (to 8 px at 240 px) so that its nodes keep the room; labels
        // that need more get it from the fit.
        let shorter = Float(min(width, height))
        let margin = shorter >= 336 ? (shorter / 14).rounded(.down) : max(8, 24 - (336 - shorter) / 6)
        let sources = Set(graph.edges.filter(\.directed).map(\.from))
        var labels: [GraphFit.Label] = []
        if graph.style.labels {
            for (i, node) in graph.nodes.enumerated() {
                guard let label = node.label, !label.isEmpty else { continue }
                let run = fonts.layout(label, pixelSize: labelSize)
                let small = fonts.layout(label, pixelSize: Self.labelSizes(labelSize).last ?? labelSize)
                labels.append(GraphFit.Label(node: i, width: run.advance + 1, height: run.ascent + run.descent + 2,
                                             above: sources.contains(i),
                                             smallWidth: small.advance + 1, smallHeight: small.ascent + small.descent + 2))
            }
        }
        labelAbove = sources
        let edges = graph.edges
        loopEdges = edges.indices.filter { edges[$0].from == edges[$0].to }
        // The group legend's row (`addLegend`) keeps the bottom band: nodes, their labels and
        // self-loops stay above it.
        let legendBand = graph.nodes.contains { $0.group != nil } ? Float(labelSize) * 1.85 : 0
        self.legendBand = legendBand
        let titleBand = scenario.title == nil ? 0 : Float(labelSize) * 2 + titleExtraHeight
        let styleRadius = Float(graph.style.nodeRadius) * LandscapeLayout.strokeScale(labelSize: labelSize)
            * (graph.valueRange.map { $0.upperBound > $0.lowerBound } == true ? 2 : 1)
        fit = GraphFit(bounds: PixelRectF(x0: 2, y0: max(2, titleBand), x1: Float(width) - 2, y1: Float(height) - legendBand - 2),
                       start: PixelRectF(x0: margin, y0: top + margin, x1: Float(width) - margin, y1: Float(height) - margin - legendBand),
                       labels: labels, radius: styleRadius + Float(graph.style.nodeOutlineWidth),
                       fullRadii: GraphGeometry.fullRadii(graph, strokeScale: LandscapeLayout.strokeScale(labelSize: labelSize)),
                       outlineWidth: Float(graph.style.nodeOutlineWidth) * LandscapeLayout.strokeScale(labelSize: labelSize))
    }

    public var hudOrigin: SIMD2<Float> { SIMD2(8, 8) }

    func geometry(_ state: RenderState) -> GraphGeometry {
        let positions = GraphGeometry.positions(graph, state)
        let area = graph.layout.units == .fit ? fit.area(for: positions) : fit.start
        return GraphGeometry(graph: graph, positions: positions, area: area, degrees: degrees,
                      strokeScale: LandscapeLayout.strokeScale(labelSize: labelSize))
    }

    /// The frame that shows `state`: the background, then edges, nodes and labels, and `overlay`.
    public func plan(_ state: RenderState, overlay: DrawList) -> FramePlan {
        var list = drawList(state)
        list.items += overlay.items
        return FramePlan([.fill(RGBA(graph.style.background).premultipliedPacked), .vector(list)])
    }

    public func accessibilityTree(for state: RenderState) -> AccessibilityTree {
        GraphAccessibility.tree(self, state: state)
    }

    /// The selected node's index, from `selection` "node/<id>".
    func selectedNode(_ state: RenderState) -> Int? {
        guard let s = state.selection, s.hasPrefix("node/") else { return nil }
        let id = String(s.dropFirst(5))
        return graph.nodes.firstIndex { $0.id == id }
    }

    /// How far apart a wrapped title's lines are (as `titleExtraHeight` counts them).
    var titleLineStep: Float { Float(labelSize + 2) * 1.3 }

    /// Everything the graph draws for `state`, in painter's order.
    public func drawList(_ state: RenderState) -> DrawList {
        let g = geometry(state)
        let style = graph.style
        var list = DrawList()
        list.reserveCapacity(graph.edges.count * 2 + graph.nodes.count * 3 + 2)
        // Each line cut to the frame (less a margin each side), as the other figures' titles are.
        for (index, line) in titleLines.enumerated() {
            FigureText.append(&list, line, fonts: fonts, at: SIMD2(Float(width) / 2, Float(labelSize) * 0.6 + Float(index) * titleLineStep),
                              size: labelSize + 2, weight: .bold, horizontal: .center, vertical: .top, color: Self.labelInk)
        }
        let selected = selectedNode(state)
        let edgeColor = RGBA(style.edgeColor)
        let weights = graph.weightRange
        let loops = selfLoops(g)
        for (e, edge) in graph.edges.enumerated() where selected == nil || (edge.from != selected && edge.to != selected) {
            var color = edgeColor
            if let weights, weights.upperBound > weights.lowerBound, let w = edge.weight {
                // Heavier flows darker: alpha from 45 % to 100 % of the style's.
                let t = Float((w - weights.lowerBound) / (weights.upperBound - weights.lowerBound))
                color = edgeColor.fading(by: 0.45 + 0.55 * t)
            }
            addEdge(&list, edge, g, width: g.edgeWidths[e], color: color, loop: loops[e])
        }
        if let selected {
            for (e, edge) in graph.edges.enumerated() where edge.from == selected || edge.to == selected {
                addEdge(&list, edge, g, width: g.edgeWidths[e] + 1, color: Self.highlight, loop: loops[e])
            }
        }
        let fill = nodeColors()
        let outline = RGBA(style.nodeOutlineColor)
        for i in graph.nodes.indices {
            list.append(.disk(center: g.centers[i], radius: g.radii[i], fill: fill[i],
                              outlineWidth: g.outlineWidth, outline: outline))
        }
        if let selected {
            list.append(.ring(center: g.centers[selected], radius: g.radii[selected] + 4, width: 2.5, color: Self.highlight))
        }
        if style.labels {
            // In edge order, so that the same loops make the same cache key.
            let loopBoxes = loops.sorted { $0.key < $1.key }.map(\.value).map { PixelRectF(x0: $0.bounds.min.x, y0: $0.bounds.min.y, x1: $0.bounds.max.x, y1: $0.bounds.max.y) }
            list.items += labelCache.items(for: .init(centers: g.centers, radii: g.radii, loops: loopBoxes)) {
                var labels = DrawList()
                addLabels(&labels, g, keepingOff: loopBoxes)
                return labels.items
            }
        }
        addLegend(&list)
        return list
    }

    /// The group colours, in a row at the bottom left: "● factory  ● warehouse  ● store". The
    /// swatches grow with the text, and so do the gaps and outlines (by the stroke scale, as the
    /// nodes' do), so a 4K legend reads like the 1080 p one.
    func addLegend(_ list: inout DrawList) {
        let groups = groupColors()
        guard !groups.isEmpty else { return }
        let scale = LandscapeLayout.strokeScale(labelSize: labelSize)
        var x = Float(max(24, min(width, height) / 14))
        let y = Float(height) - Float(labelSize) * 1.2
        let r = Float(labelSize) * 0.4
        let nameGap = 5 * scale, entryGap = 18 * scale
        for (name, color) in groups {
            list.append(.disk(center: SIMD2(x + r, y), radius: r, fill: color, outlineWidth: scale, outline: RGBA(0.15, 0.15, 0.15)))
            FigureText.append(&list, name, fonts: fonts, at: SIMD2(x + 2 * r + nameGap, y), size: labelSize, horizontal: .left,
                              vertical: .middle, color: Self.labelInk)
            x += 2 * r + nameGap + fonts.measure(name, pixelSize: labelSize) + entryGap
        }
    }

    /// Node fill colours: by group (Okabe–Ito, in order of first appearance) when groups are
    /// given, else the style's node colour.
    func nodeColors() -> [RGBA] {
        let base = RGBA(graph.style.nodeColor)
        var groups: [String: Int] = [:]
        return graph.nodes.map { node in
            guard let group = node.group else { return base }
            let index = groups[group] ?? groups.count
            groups[group] = index
            return Palette.color(index)
        }
    }

    /// The groups in order of first appearance, with their colours.
    func groupColors() -> [(String, RGBA)] {
        var seen: [String] = []
        for node in graph.nodes { if let g = node.group, !seen.contains(g) { seen.append(g) } }
        return seen.enumerated().map { ($0.element, Palette.color($0.offset)) }
    }

    /// A straight edge from rim to rim; a directed edge ends in an arrowhead touching the target's rim.
    /// A self-loop draws its `loop` arc (and head) instead.
    func addEdge(_ list: inout DrawList, _ edge: GraphEdge, _ g: GraphGeometry, width: Float, color: RGBA, loop: SelfLoop?) {
        let a = g.centers[edge.from], b = g.centers[edge.to]
        guard edge.from != edge.to else {
            guard let loop else { return }
            list.append(.polyline(points: loop.arc, width: width, color: color))
            if !loop.head.isEmpty { list.append(.convexPolygon(points: loop.head, fill: color)) }
            return
        }
        guard edge.directed else {
            list.append(.line(from: a, to: b, width: width, color: color))
            return
        }
        guard let head = Self.arrowhead(from: a, to: b, rim: arrowRim(g, edge.to), edgeScale: g.edgeScale, width: width) else { return }
        // The shaft's round cap reaches half its width into the head, so no gap shows.
        list.append(.line(from: a, to: head.back, width: width, color: color))
        list.append(.convexPolygon(points: [head.tip, head.left, head.right], fill: color))
    }
}
