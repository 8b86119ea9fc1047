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
        let d = b - a
        let length = (d * d).sum().squareRoot()
        guard length > 0 else { return }
        let u = d / length
        let rim = g.radii[edge.to] + g.outlineWidth / 2 + 1
        let headLength = 5 * g.edgeScale + 2.5 * width, headHalf = 2 * g.edgeScale + 1.5 * width
        guard length > rim + headLength else { return }
        let tip = b - u * rim
        let back = tip - u * headLength
        let n = SIMD2<Float>(-u.y, u.x)
        // The shaft's round cap reaches half its width into the head, so no gap shows.
        list.append(.line(from: a, to: back, width: width, color: color))
        list.append(.convexPolygon(points: [tip, back + n * headHalf, back - n * headHalf], fill: color))
    }

    /// A label placed beside its node: its text, its top-left corner, and whether an edge runs
    /// through or along its card (it is then set on the card, `addLabels`).
    struct PlacedLabel {
        let node: Int
        let stamp: TextStamp
        let origin: SIMD2<Int>
        var crossed: Bool
        /// The line from the node's rim to the text, for a label set away from its node
        /// (`GraphLeaderPlacement`); nil beside it.
        var leader: (from: SIMD2<Float>, to: SIMD2<Float>)? = nil

        /// How far a label's halo or card reaches around its text's box.
        static let haloRadius: Float = 2

        /// The box placement kept clear: the text's, a pixel around it.
        var box: PixelRectF { textBox.grown(by: 1) }
        var textBox: PixelRectF { PixelRectF(x: Float(origin.x), y: Float(origin.y), width: Float(stamp.width), height: Float(stamp.height)) }
        /// The card a crossed label sits on: the text's box and its halo's reach.
        var card: PixelRectF { textBox.grown(by: Self.haloRadius) }
    }

    /// Where the labels go: beside their nodes, right of the node (above sources of directed
    /// edges) when that is clear, else another clear side or corner, else left out; of the clear
    /// places, one no edge crosses when there is one (`GraphLabelPlacement`). Nodes are taken in
    /// scenario order; when that leaves some out (a crowded frame), in `labelOrder`, each label
    /// only where its middle is nearest its own node. Clear means touching no other label, node
    /// or `loops` box (the self-loops' bounds), and inside the frame (a label above or below a
    /// node at the frame's side slides into it). Labels still left out then go a little further
    /// out, joined to their node by a leader line (`GraphLeaderPlacement`): a column of nodes
    /// closer than a label's height names every other node in a second, staggered column.
    func placedLabels(_ g: GraphGeometry, keepingOff loops: [PixelRectF] = []) -> [PlacedLabel] {
        var best: [PlacedLabel] = []
        for size in labelSizes {
            let placed = placedLabels(g, size: size, keepingOff: loops)
            if placed.count > best.count { best = placed }
            if placed.count == fit.labels.count { break }
        }
        return best
    }

    /// The smallest size node labels are set at: a crowded thumbnail sets its labels smaller,
    /// down to this, when that names more nodes (`placedLabels`).
    static let smallestLabelSize = 9

    /// The sizes labels are tried at, largest first: the figure's text size, then 90 % and 80 %
    /// of it (never below `smallestLabelSize`), so a crowded 4K frame's labels stay in
    /// proportion to its other text (22 px beside 28) and placement runs at most three times.
    var labelSizes: [Int] { Self.labelSizes(labelSize) }

    /// The sizes labels are tried at beside text of `labelSize` (`labelSizes`).
    static func labelSizes(_ labelSize: Int) -> [Int] {
        let smaller = [Int((Float(labelSize) * 0.9).rounded()), Int((Float(labelSize) * 0.8).rounded(.down))]
            .map { max($0, Self.smallestLabelSize) }.filter { $0 < labelSize }
        return [labelSize] + Array(Set(smaller)).sorted(by: >)
    }

    /// The labels placed at text size `size` (`placedLabels`).
    func placedLabels(_ g: GraphGeometry, size labelSize: Int, keepingOff loops: [PixelRectF]) -> [PlacedLabel] {
        var stamps: [(node: Int, stamp: TextStamp, origins: [SIMD2<Int>])] = []
        for i in graph.nodes.indices {
            guard let label = graph.nodes[i].label, !label.isEmpty else { continue }
            let stamp = TextStamp(fonts.layout(label, pixelSize: labelSize))
            let c = g.centers[i], r = g.radii[i]
            let sides = self.sides(of: i)
            // The corners' anchors: just off the square around the disk (which clear labels keep off).
            let d = r + 2
            // A label above or below a node near the frame's side slides along, into the frame.
            func inFrame(_ o: SIMD2<Int>) -> SIMD2<Int> { SIMD2(max(1, min(o.x, width - 1 - stamp.width)), o.y) }
            let origins = sides.map { side in
                switch side {
                case .right: stamp.origin(anchor: c + SIMD2(r + 4, 0), horizontal: .left, vertical: .middle)
                case .above: inFrame(stamp.origin(anchor: c + SIMD2(0, -r - 3), horizontal: .center, vertical: .bottom))
                case .left: stamp.origin(anchor: c - SIMD2(r + 4, 0), horizontal: .right, vertical: .middle)
                case .below: inFrame(stamp.origin(anchor: c + SIMD2(0, r + 3), horizontal: .center, vertical: .top))
                case .aboveRight: stamp.origin(anchor: c + SIMD2(d, -d), horizontal: .left, vertical: .bottom)
                case .aboveLeft: stamp.origin(anchor: c + SIMD2(-d, -d), horizontal: .right, vertical: .bottom)
                case .belowRight: stamp.origin(anchor: c + SIMD2(d, d), horizontal: .left, vertical: .top)
                case .belowLeft: stamp.origin(anchor: c + SIMD2(-d, d), horizontal: .right, vertical: .top)
                }
            }
            stamps.append((i, stamp, origins))
        }
        // Text against text and nodes, a pixel around each box so that neighbouring labels keep
        // a gap and read apart; halos may touch (they are the background colour).
        let candidates = stamps.map { entry in
            entry.origins.map { PlacedLabel(node: entry.node, stamp: entry.stamp, origin: $0, crossed: false).box }
        }
        let titleBand = scenario.title == nil ? [] : [PixelRectF(x0: 0, y0: 0, x1: Float(width), y1: Float(self.labelSize) * 2 + titleExtraHeight)]
        let legendRow = legendBand > 0 ? [PixelRectF(x0: 0, y0: Float(height) - legendBand, x1: Float(width), y1: Float(height))] : []
        // Edges as the lines between node centres (what a node's disk covers of them does not matter:
        // no label covers a node).
        let edges = SegmentIndex(stamps.isEmpty ? [] : graph.edges.filter { $0.from != $0.to }.map { [g.centers[$0.from], g.centers[$0.to]] },
                                 cell: 64)
        /// The side chosen for each label (nil: left out), the labels placed in `order`.
        func place(_ order: [Int], crowded: Bool) -> [Int?] {
            let sides = GraphLabelPlacement.place(order.map { candidates[$0] }, owners: order.map { stamps[$0].node },
                                                  centers: g.centers, radii: g.radii,
                                                  frame: PixelRectF(x0: 0, y0: 0, x1: Float(width), y1: Float(height)),
                                                  keepOut: titleBand + legendRow + loops, edges: edges, nearestOwner: crowded)
            var chosen = [Int?](repeating: nil, count: stamps.count)
            for (index, side) in zip(order, sides) { chosen[index] = side }
            return chosen
        }
        /// The labels `chosen` places beside their nodes, and those it leaves out placed, in
        /// scenario order, further out with leaders where they can be.
        func withLeaders(_ chosen: [Int?]) -> [PlacedLabel] {
            var placed = zip(stamps.indices, chosen).compactMap { index, side in
                side.map { PlacedLabel(node: stamps[index].node, stamp: stamps[index].stamp, origin: stamps[index].origins[$0], crossed: false) }
            }
            let left = stamps.indices.filter { chosen[$0] == nil }
            guard !left.isEmpty, left.count <= Self.leaderLimit else { return placed }
            let beside = placed.map { (center: g.centers[$0.node], text: $0.textBox) }
            let options = left.map { index in
                let node = stamps[index].node
                return leaderCandidates(stamps[index].stamp, center: g.centers[node], radius: g.radii[node], sides: self.sides(of: node),
                                        columnEdge: Self.columnEdge(of: g.centers[node], placed: beside))
            }
            let picks = GraphLeaderPlacement.place(options, placed: placed.map(\.textBox),
                                                   centers: g.centers, radii: g.radii,
                                                   frame: PixelRectF(x0: 0, y0: 0, x1: Float(width), y1: Float(height)),
                                                   keepOut: titleBand + legendRow + loops, edges: edges)
            for (index, (option, pick)) in zip(left, zip(options, picks)) {
                guard let pick else { continue }
                placed.append(PlacedLabel(node: stamps[index].node, stamp: stamps[index].stamp, origin: option[pick].origin, crossed: false,
                                          leader: (option[pick].from, option[pick].to)))
            }
            return placed
        }
        // Labels set smaller than the figure's text (a frame too crowded for them) read as their
        // own node's only where they are nearest it, in every order.
        let first = place(Array(stamps.indices), crowded: labelSize < self.labelSize)
        var placed = withLeaders(first)
        if first.contains(where: { $0 == nil }) {
            // A crowded frame: the most connected nodes first, each label where it reads as its node's;
            // or, when that names more (with the leaders the rest then take), the branching nodes
            // (more than two edges) so and then the rest in scenario order, or all in scenario
            // order: in a column of nodes closer than two labels' height, scenario order names
            // every other one beside it and leaves the others a second column, where the
            // hubs-first order (the supply chain's stores fed twice before those fed once, at
            // 320×240) left two of every three out.
            let rank = Dictionary(uniqueKeysWithValues: labelOrder.enumerated().map { ($1, $0) })
            let hubsFirst = stamps.indices.sorted { rank[stamps[$0].node, default: 0] < rank[stamps[$1].node, default: 0] }
            let branching = hubsFirst.filter { degrees[stamps[$0].node] > 2 }
            let rest = stamps.indices.filter { degrees[stamps[$0].node] <= 2 }
            placed = [hubsFirst, branching + rest, Array(stamps.indices)].map { withLeaders(place($0, crowded: true)) }
                .reduce(nil) { (best: [PlacedLabel]?, next) in best.map { next.count > $0.count ? next : $0 } ?? next } ?? placed
        }
        // An edge's line reaches about a pixel past its centre line (more for heavy edges,
        // which the halo's reach covers).
        for i in placed.indices { placed[i].crossed = edges.lengths(inside: placed[i].card.grown(by: 1)).total > 0 }
        return placed
    }

    /// The most labels left out beside their nodes that are tried on leaders: a frame that
    /// leaves out more is too dense for leaders to name much of it, and trying them would cost
    /// more than drawing it (a 2000-node labelled graph at 1920×1080 took 3 s where it took 0.5).
    static let leaderLimit = 150

    /// The sides a node's label is tried on, preferred first: right (above for a source of
    /// directed edges, whose arrows leave to the right), the other sides, then the corners.
    func sides(of node: Int) -> [GraphLabelPlacement.Side] {
        (labelAbove.contains(node) ? [.above, .right, .left, .below] : [.right, .above, .left, .below])
            + [.aboveRight, .aboveLeft, .belowRight, .belowLeft]
    }

    /// The labels (`placedLabels`), each on a halo of the background colour grown from its
    /// letters; one an edge runs through on a card of that colour over its whole box, as
    /// matplotlib's and Graphviz's label boxes are, so the edge stops at the text rather than
    /// running between its letters. Halos and cards go first, then the text: a card reaches past
    /// the text's box, and must not cover a neighbour's letters.
    func addLabels(_ list: inout DrawList, _ g: GraphGeometry, keepingOff loops: [PixelRectF] = []) {
        let halo = RGBA(graph.style.background).with(alpha: 0.9)
        let labels = placedLabels(g, keepingOff: loops)
        // Leaders first, so that the halos stop them short of the text: dotted, as a
        // typesetter's leaders are, in the label's ink, so that none reads as one more edge
        // (a solid one among the router network's edges did at 320×240).
        for label in labels {
            if let leader = label.leader { list.append(Self.leaderItem(leader, strokeScale: LandscapeLayout.strokeScale(labelSize: labelSize))) }
        }
        for label in labels {
            if label.crossed {
                list.append(.roundedRect(label.card, radius: PlacedLabel.haloRadius, fill: halo, outlineWidth: 0, outline: halo))
            } else {
                let grown = MaskHalo.dilated(label.stamp.inkCoverage, width: label.stamp.width, height: label.stamp.height,
                                             radius: PlacedLabel.haloRadius)
                list.append(.mask(x: label.origin.x - grown.pad, y: label.origin.y - grown.pad, width: grown.width, height: grown.height,
                                  coverage: grown.coverage, color: halo))
            }
        }
        for label in labels { list.items += label.stamp.items(at: label.origin, color: Self.labelInk) }
    }
}
