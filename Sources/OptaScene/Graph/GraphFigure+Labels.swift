import OptaRaster
import OptaText

extension GraphFigure {
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
    /// closer than a label's height names every other node in a second, staggered column. Of
    /// the sizes and orders tried, the one naming the most connected nodes wins (`namesBetter`),
    /// not the one naming the most.
    func placedLabels(_ g: GraphGeometry, keepingOff loops: [PixelRectF] = []) -> [PlacedLabel] {
        var best: [PlacedLabel] = []
        for size in labelSizes {
            let placed = placedLabels(g, size: size, keepingOff: loops)
            if namesBetter(placed, than: best) { best = placed }
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
        func withLeaders(_ chosen: [Int?], order: [Int]) -> [PlacedLabel] {
            var placed = zip(stamps.indices, chosen).compactMap { index, side in
                side.map { PlacedLabel(node: stamps[index].node, stamp: stamps[index].stamp, origin: stamps[index].origins[$0], crossed: false) }
            }
            let left = order.filter { chosen[$0] == nil }
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
        var placed = withLeaders(first, order: Array(stamps.indices))
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
            var bestOrder = hubsFirst
            placed = withLeaders(place(hubsFirst, crowded: true), order: hubsFirst)
            for order in [branching + rest, Array(stamps.indices)] {
                let next = withLeaders(place(order, crowded: true), order: order)
                if namesBetter(next, than: placed) { (placed, bestOrder) = (next, order) }
            }
            // Then each hub still left out (more edges than the least connected node named, the
            // most connected first, at most `promotionLimit`) is tried ahead of all but the hubs
            // so promoted before it, and kept there when that names the hubs better
            // (`namesBetter`): the supply chain's factory D, below its node, and warehouse 8,
            // beside it, wanted the same few pixels at 320×240, and the order by degree gave them
            // to the warehouse and left the factory out where both fit.
            let named = Set(placed.map(\.node))
            let leastNamed = placed.map { degrees[$0.node] }.min() ?? 0
            let waiting = hubsFirst.filter { !named.contains(stamps[$0].node) && degrees[stamps[$0].node] > leastNamed }
            var promoted: [Int] = []
            for index in waiting.prefix(stamps.count <= Self.promotionNodeLimit ? Self.promotionLimit : 0) {
                let order = promoted + [index] + bestOrder.filter { $0 != index && !promoted.contains($0) }
                let next = withLeaders(place(order, crowded: true), order: order)
                if namesBetter(next, than: placed) { (placed, bestOrder) = (next, order); promoted.append(index) }
            }
        }
        // An edge's line reaches about a pixel past its centre line (more for heavy edges,
        // which the halo's reach covers).
        for i in placed.indices { placed[i].crossed = edges.lengths(inside: placed[i].card.grown(by: 1)).total > 0 }
        return placed
    }

    /// Whether labels `a` name the graph better for its reader than labels `b`: more of its
    /// most connected nodes, compared degree by degree from the highest down (the degrees of the
    /// nodes each names, sorted from the highest, compared in turn; the longer list wins where one
    /// begins the other). A hub left unnamed is never traded for leaves: at 320×240 the supply
    /// chain named 24 nodes (18 stores) but only 2 of its 4 factories and 4 of its 8 warehouses.
    func namesBetter(_ a: [PlacedLabel], than b: [PlacedLabel]) -> Bool {
        Self.namesBetter(degrees: a.map { degrees[$0.node] }, than: b.map { degrees[$0.node] })
    }

    /// `namesBetter` for the degrees of the nodes two placements name.
    static func namesBetter(degrees a: [Int], than b: [Int]) -> Bool {
        let da = a.sorted(by: >), db = b.sorted(by: >)
        for (x, y) in zip(da, db) where x != y { return x > y }
        return da.count > db.count
    }

    /// The most hubs left out that a crowded frame tries again ahead of the others
    /// (`placedLabels`): each try places every label once more.
    static let promotionLimit = 16

    /// The most labelled nodes a crowded frame tries hubs again for: each try costs a whole
    /// placement, which a graph of thousands of nodes cannot spend sixteen more times a frame.
    static let promotionNodeLimit = 300

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
