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
    /// not the one naming the most. A label over an arrowhead then moves off it where it can.
    func placedLabels(_ g: GraphGeometry, keepingOff loops: [PixelRectF] = []) -> [PlacedLabel] {
        var best: [PlacedLabel] = []
        // Arrowheads, which labels keep clear of when they can (`placedLabels(_:size:keepingOff:heads:)`).
        let heads = graph.nodes.contains { !($0.label ?? "").isEmpty } ? arrowheads(g) : ArrowheadIndex()
        for size in labelSizes {
            let placed = placedLabels(g, size: size, keepingOff: loops, heads: heads)
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
    func placedLabels(_ g: GraphGeometry, size labelSize: Int, keepingOff loops: [PixelRectF], heads: ArrowheadIndex) -> [PlacedLabel] {
        // Each label's origins beside its node (`sides` order), and the same sides `Self.nudge`
        // pixels further out (for a label moved off an arrowhead, below).
        var stamps: [(node: Int, stamp: TextStamp, origins: [SIMD2<Int>], nudged: [SIMD2<Int>])] = []
        for i in graph.nodes.indices {
            guard let label = graph.nodes[i].label, !label.isEmpty else { continue }
            let stamp = TextStamp(fonts.layout(label, pixelSize: labelSize))
            stamps.append((i, stamp, origins(stamp, node: i, g, out: 0), origins(stamp, node: i, g, out: Self.nudge)))
        }
        // Text against text and nodes, a pixel around each box so that neighbouring labels keep
        // a gap and read apart; halos may touch (they are the background colour).
        func boxes(_ stamp: TextStamp, _ origins: [SIMD2<Int>]) -> [PixelRectF] {
            origins.map { PlacedLabel(node: 0, stamp: stamp, origin: $0, crossed: false).box }
        }
        let candidates = stamps.map { boxes($0.stamp, $0.origins) }
        let titleBand = scenario.title == nil ? [] : [PixelRectF(x0: 0, y0: 0, x1: Float(width), y1: Float(self.labelSize) * 2 + titleExtraHeight)]
        let legendRow = legendBand > 0 ? [PixelRectF(x0: 0, y0: Float(height) - legendBand, x1: Float(width), y1: Float(height))] : []
        let frame = PixelRectF(x0: 0, y0: 0, x1: Float(width), y1: Float(height))
        // Edges as the lines between node centres (what a node's disk covers of them does not matter:
        // no label covers a node).
        let edges = SegmentIndex(stamps.isEmpty ? [] : graph.edges.filter { $0.from != $0.to }.map { [g.centers[$0.from], g.centers[$0.to]] },
                                 cell: 64)
        let none = ArrowheadIndex()
        /// The side chosen for each label (nil: left out), the labels placed in `order`.
        func place(_ order: [Int], crowded: Bool) -> [Int?] {
            let sides = GraphLabelPlacement.place(order.map { candidates[$0] }, owners: order.map { stamps[$0].node },
                                                  centers: g.centers, radii: g.radii, frame: frame,
                                                  keepOut: titleBand + legendRow + loops, edges: edges, nearestOwner: crowded)
            var chosen = [Int?](repeating: nil, count: stamps.count)
            for (index, side) in zip(order, sides) { chosen[index] = side }
            return chosen
        }
        /// `placed` and the labels `left` (indices into `stamps`) that find a clear place beside
        /// their node (at `origins`) around them: clear of them as placement's are of one
        /// another, of their leaders and of `heads`.
        func beside(_ placed: [PlacedLabel], _ left: [Int], origins: (Int) -> [SIMD2<Int>], crowded: Bool,
                    heads: ArrowheadIndex) -> [PlacedLabel] {
            let tried = left.map { ($0, stamps[$0].stamp, origins($0)) }
            guard !tried.isEmpty else { return placed }
            let sides = GraphLabelPlacement.place(tried.map { boxes($0.1, $0.2) }, owners: tried.map { stamps[$0.0].node },
                                                  centers: g.centers, radii: g.radii, frame: frame,
                                                  keepOut: titleBand + legendRow + loops + placed.map { crowded ? $0.textBox : $0.box },
                                                  edges: edges, heads: heads, leaders: Self.leaders(of: placed), nearestOwner: crowded)
            return placed + zip(tried, sides).compactMap { entry, side in
                side.map { PlacedLabel(node: stamps[entry.0].node, stamp: entry.1, origin: entry.2[$0], crossed: false) }
            }
        }
        /// `placed` and the labels `left` that find a place further out on a leader around them
        /// (`GraphLeaderPlacement`), clear of `heads`.
        func onLeaders(_ placed: [PlacedLabel], _ left: [Int], heads: ArrowheadIndex) -> [PlacedLabel] {
            let tried = left.map { ($0, stamps[$0].stamp) }
            guard !tried.isEmpty else { return placed }
            let beside = placed.filter { $0.leader == nil }.map { (center: g.centers[$0.node], text: $0.textBox) }
            let options = tried.map { index, stamp in
                let node = stamps[index].node
                return leaderCandidates(stamp, center: g.centers[node], radius: g.radii[node], sides: self.sides(of: node),
                                        columnEdge: Self.columnEdge(of: g.centers[node], placed: beside))
            }
            let picks = GraphLeaderPlacement.place(options, placed: placed.map(\.textBox), centers: g.centers, radii: g.radii, frame: frame,
                                                   keepOut: titleBand + legendRow + loops, edges: edges, heads: heads,
                                                   leaders: Self.leaders(of: placed))
            var out = placed
            for ((index, stamp), (option, pick)) in zip(tried, zip(options, picks)) {
                guard let pick else { continue }
                out.append(PlacedLabel(node: stamps[index].node, stamp: stamp, origin: option[pick].origin, crossed: false,
                                       leader: (option[pick].from, option[pick].to)))
            }
            return out
        }
        /// The labels `chosen` places beside their nodes, and those it leaves out placed, in
        /// `order`, further out with leaders where they can be.
        func withLeaders(_ chosen: [Int?], order: [Int]) -> [PlacedLabel] {
            let placed = zip(stamps.indices, chosen).compactMap { index, side in
                side.map { PlacedLabel(node: stamps[index].node, stamp: stamps[index].stamp, origin: stamps[index].origins[$0], crossed: false) }
            }
            let left = order.filter { chosen[$0] == nil }
            guard !left.isEmpty, left.count <= Self.leaderLimit else { return placed }
            return onLeaders(placed, left, heads: none)
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
        // Then each label over an arrowhead, whose halo would hide which way its edge runs, is
        // placed again with the heads as obstacles and the other labels where they are: on a
        // side of its node, then a few pixels further out, then on a leader; where none is
        // clear it stays (at 320×240 the supply chain's warehouses 5 and 7 have no readable
        // place but left of their node, over the heads of the edges coming in). Keeping every
        // label off every head from the start named two warehouses fewer there. The state
        // machine's "Evaluate" moves off the head of the edge from "Train step", above-left.
        if !heads.isEmpty {
            let crowded = labelSize < self.labelSize || first.contains { $0 == nil }
            let entry = Dictionary(stamps.indices.map { (stamps[$0].node, $0) }, uniquingKeysWith: { a, _ in a })
            for k in placed.indices where heads.overlaps(placed[k].card) {
                guard let index = entry[placed[k].node] else { continue }
                var others = placed
                others.remove(at: k)
                var moved = beside(others, [index], origins: { stamps[$0].origins + stamps[$0].nudged }, crowded: crowded, heads: heads)
                if moved.count == others.count { moved = onLeaders(others, [index], heads: heads) }
                if moved.count > others.count, let label = moved.last { placed[k] = label }
            }
        }
        // An edge's line reaches about a pixel past its centre line (more for heavy edges,
        // which the halo's reach covers).
        for i in placed.indices { placed[i].crossed = edges.lengths(inside: placed[i].card.grown(by: 1)).total > 0 }
        return placed
    }

    /// The origins of a label `stamp` beside node `i`, on each of its `sides`, preferred first,
    /// `out` pixels further from the node than the nearest place (corners `out` pixels along
    /// their diagonal): right and left of the node, centred on its row; above and below,
    /// centred on its column (sliding along into the frame near its side); the corners just
    /// off the square around the disk, which clear labels keep off.
    func origins(_ stamp: TextStamp, node i: Int, _ g: GraphGeometry, out e: Float) -> [SIMD2<Int>] {
        let c = g.centers[i], r = g.radii[i]
        let d = r + 2 + e * 0.7071
        func inFrame(_ o: SIMD2<Int>) -> SIMD2<Int> { SIMD2(max(1, min(o.x, width - 1 - stamp.width)), o.y) }
        return sides(of: i).map { side in
            switch side {
            case .right: stamp.origin(anchor: c + SIMD2(r + 4 + e, 0), horizontal: .left, vertical: .middle)
            case .above: inFrame(stamp.origin(anchor: c + SIMD2(0, -r - 3 - e), horizontal: .center, vertical: .bottom))
            case .left: stamp.origin(anchor: c - SIMD2(r + 4 + e, 0), horizontal: .right, vertical: .middle)
            case .below: inFrame(stamp.origin(anchor: c + SIMD2(0, r + 3 + e), horizontal: .center, vertical: .top))
            case .aboveRight: stamp.origin(anchor: c + SIMD2(d, -d), horizontal: .left, vertical: .bottom)
            case .aboveLeft: stamp.origin(anchor: c + SIMD2(-d, -d), horizontal: .right, vertical: .bottom)
            case .belowRight: stamp.origin(anchor: c + SIMD2(d, d), horizontal: .left, vertical: .top)
            case .belowLeft: stamp.origin(anchor: c + SIMD2(-d, d), horizontal: .right, vertical: .top)
            }
        }
    }

    /// The leader lines of `placed`, for placement to keep clear of.
    static func leaders(of placed: [PlacedLabel]) -> LeaderIndex {
        var index = LeaderIndex()
        for label in placed { if let l = label.leader { index.insert(l.from, l.to) } }
        return index
    }

    /// How much further out (in pixels) a label left out beside its node tries each side again
    /// before a leader: a corner 3 px further clears a self-loop's box that the nearest place
    /// touches (the state machine's "Evaluate" at 320×240, whose other sides an edge runs along,
    /// an arrowhead takes, or the legend's row holds), and still reads as its node's.
    static let nudge: Float = 3

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
