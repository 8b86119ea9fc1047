import Foundation
import OptaCore
import OptaImage
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// Graph labels never cover one another or a node, and stay in the frame; where they fit, every
/// one is shown on its preferred side.
@Suite struct GraphLabelPlacementTests {
    /// The label text masks (not their halos) the graph draws, and the figure.
    func labels(width: Int, height: Int, example: String = "supply-chain") throws -> (boxes: [PixelRectF], figure: GraphFigure, state: RenderState) {
        var scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/\(example).json").path)
        scenario.width = width; scenario.height = height
        let session = try HeadlessSession(scenario: scenario)
        let figure = GraphFigure(scenario: scenario, width: width, height: height, fonts: try FontLibrary.loadDefault())
        var list = DrawList()
        figure.addLabels(&list, figure.geometry(session.renderState))
        let boxes: [PixelRectF] = list.items.compactMap { item in
            guard case .mask(let x, let y, let w, let h, _, let color) = item, color == GraphFigure.labelInk else { return nil }
            return PixelRectF(x: Float(x), y: Float(y), width: Float(w), height: Float(h))
        }
        return (boxes, figure, session.renderState)
    }

    @Test(arguments: [(320, 240), (640, 360), (1280, 720), (3840, 2160)])
    func labelsKeepApart(width: Int, height: Int) throws {
        let (boxes, figure, state) = try labels(width: width, height: height)
        let g = figure.geometry(state)
        func overlap(_ a: PixelRectF, _ b: PixelRectF) -> Bool { a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 }
        for (i, a) in boxes.enumerated() {
            #expect(a.x0 >= 0 && a.y0 >= 0 && a.x1 <= Float(width) && a.y1 <= Float(height), "label \(i) leaves the frame")
            for b in boxes[(i + 1)...] { #expect(!overlap(a, b), "two labels overlap at \(a) and \(b)") }
            for (c, r) in zip(g.centers, g.radii) {
                #expect(!overlap(a, PixelRectF(x0: c.x - r, y0: c.y - r, x1: c.x + r, y1: c.y + r)), "label \(i) covers the node at \(c)")
            }
        }
        #expect(boxes.count > 0)
    }

    /// The state machine's self-loops: no label is drawn over one, at any size.
    @Test(arguments: [(320, 240), (960, 540), (3840, 2160)])
    func labelsKeepOffSelfLoops(width: Int, height: Int) throws {
        var scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/state-machine.json").path)
        scenario.width = width; scenario.height = height
        let session = try HeadlessSession(scenario: scenario)
        let figure = GraphFigure(scenario: scenario, width: width, height: height, fonts: try FontLibrary.loadDefault())
        let list = figure.drawList(session.renderState)
        let labels: [PixelRectF] = list.items.compactMap { item in
            guard case .mask(let x, let y, let w, let h, _, let color) = item, color == GraphFigure.labelInk else { return nil }
            return PixelRectF(x: Float(x), y: Float(y), width: Float(w), height: Float(h))
        }
        let loops = figure.selfLoops(figure.geometry(session.renderState)).values
        #expect(loops.count == 5 && labels.count >= 6)
        for label in labels {
            for loop in loops {
                let box = PixelRectF(x0: loop.bounds.min.x, y0: loop.bounds.min.y, x1: loop.bounds.max.x, y1: loop.bounds.max.y)
                #expect(!label.overlaps(box), "a label at \(label) covers the loop at \(box)")
            }
        }
    }

    /// A node whose edges leave on all four sides (the state machine's "Evaluate": right, up,
    /// up-right, and its self-loop below-left) has its label in a corner no edge crosses.
    @Test(arguments: [("state-machine", 960, 540), ("state-machine", 1280, 720), ("state-machine", 3840, 2160)])
    func aLabelWhoseSidesAreAllCrossedTakesACorner(example: String, width: Int, height: Int) throws {
        let (boxes, figure, state) = try labels(width: width, height: height, example: example)
        let g = figure.geometry(state)
        #expect(boxes.count == figure.graph.nodes.filter { $0.label?.isEmpty == false }.count, "every node is labelled")
        for box in boxes {
            let crossed = figure.graph.edges.filter { $0.from != $0.to }
                .map { PathClipping.length(of: [g.centers[$0.from], g.centers[$0.to]], inside: box.grown(by: 1)) }
            #expect(crossed.reduce(0, +) == 0, "edges run \(crossed.reduce(0, +)) px through the label at \(box)")
        }
    }

    /// No edge runs through a label's text: each label takes a side of its node that no edge
    /// crosses (a label above a node at the frame's side slides into the frame to find one);
    /// where none is left (a thumbnail), one that no edge runs along, else none. The edges are
    /// the lines between node centres, arrowheads and all.
    @Test(arguments: [(320, 240), (640, 480), (1280, 720), (3840, 2160)])
    func noEdgeRunsThroughALabel(width: Int, height: Int) throws {
        let (boxes, figure, state) = try labels(width: width, height: height)
        let g = figure.geometry(state)
        #expect(boxes.count >= (width >= 1280 ? 30 : 11), "\(boxes.count) labels")
        for box in boxes {
            let crossed = figure.graph.edges.map { PathClipping.length(of: [g.centers[$0.from], g.centers[$0.to]], inside: box.grown(by: 1)) }
            if width >= 1280 {
                #expect(crossed.reduce(0, +) == 0, "edges run \(crossed.reduce(0, +)) px through the label at \(box)")
            } else {
                #expect(crossed.max() ?? 0 <= max(box.width / 2, box.height * 2), "an edge runs along the label at \(box)")
            }
        }
    }

    @Test func everyLabelShowsWhereThereIsRoom() throws {
        #expect(try labels(width: 1280, height: 720).boxes.count == 30)
    }
}

/// A figure keeps the labels it placed for the last node positions: the same positions draw the
/// same labels as a fresh figure does, and moved nodes get labels placed for where they are now.
@Suite struct GraphLabelCacheTests {
    @Test func keptLabelsAreThoseAFreshFigurePlaces() throws {
        var scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/graph-from-csv.json").path)
        scenario.width = 960; scenario.height = 540
        let session = try HeadlessSession(scenario: scenario)
        let settled = try #require(session.renderState.graphLayout)
        let fonts = try FontLibrary.loadDefault()
        func fresh() -> GraphFigure { GraphFigure(scenario: scenario, width: 960, height: 540, fonts: fonts) }
        func state(_ positions: [SIMD2<Double>]) -> RenderState {
            RenderState(frame: 0, state: session.state, solvers: [],
                        graphLayout: GraphLayoutSnapshot(positions: positions, iteration: settled.iteration,
                                                         maxIterations: settled.maxIterations, settled: true))
        }
        let here = state(settled.positions)
        // Every node moved a little, one far: labels are placed anew.
        var moved = settled.positions.map { $0 * 0.97 }
        moved[3] = moved[17]
        let there = state(moved)
        let figure = fresh()
        let first = figure.drawList(here)
        #expect(figure.drawList(here) == first, "drawn again from the kept labels")
        #expect(first == fresh().drawList(here))
        let afterMoving = figure.drawList(there)
        #expect(afterMoving == fresh().drawList(there), "labels placed for the moved nodes")
        #expect(afterMoving != first)
        #expect(figure.drawList(here) == first, "and back")
    }
}

/// A label an edge runs through or beside sits on a card of the background's colour, as
/// matplotlib's and Graphviz's label boxes do, so the edge stops at the text instead of showing
/// between its letters (in graph-from-csv at 1280×720 it did through about ten labels); and a
/// crowded frame keeps the labels of its most connected nodes, each where it reads as its own
/// node's.
@Suite struct GraphLabelCardTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    func graph(_ example: String, width: Int, height: Int) throws -> (GraphFigure, RenderState) {
        try exampleGraph(example, width: width, height: height, fonts: fonts)
    }

    @Test(arguments: [(1280, 720), (3840, 2160)])
    func aLabelAnEdgeCrossesSitsOnACard(width: Int, height: Int) throws {
        let (figure, state) = try graph("graph-from-csv", width: width, height: height)
        let g = figure.geometry(state)
        let labels = figure.placedLabels(g)
        #expect(labels.count == 60, "every router is named")
        let items = figure.drawList(state).items
        let frame = figure.render(state, threads: 2)
        let image = RGBAImage(width: frame.width, height: frame.height, bytes: frame.straightRGBA())
        var carded = 0
        for label in labels {
            let card = label.card
            let crossed = figure.graph.edges.filter { $0.from != $0.to }
                .contains { PathClipping.length(of: [g.centers[$0.from], g.centers[$0.to]], inside: card.grown(by: 1)) > 0 }
            guard crossed else { continue }
            carded += 1
            let name = figure.graph.nodes[label.node].id
            #expect(items.contains { if case .roundedRect(card, _, _, _, _) = $0 { true } else { false } }, "\(name): no card")
            // Around its text (the text's box and a pixel: the card's anti-aliased rim and round
            // corners lie beyond) and away from its letters (a pixel around their ink), the card
            // shows the background: an edge under it at most a tenth as dark as it is drawn.
            let ink = MaskHalo.dilated(label.stamp.inkCoverage, width: label.stamp.width, height: label.stamp.height, radius: 1)
            let inner = label.textBox.grown(by: 1)
            var darkest = 255
            for y in Int(inner.y0.rounded(.down))..<Int(inner.y1.rounded(.up)) {
                for x in Int(inner.x0.rounded(.down))..<Int(inner.x1.rounded(.up)) {
                    let mx = x - label.origin.x + ink.pad, my = y - label.origin.y + ink.pad
                    if mx >= 0, my >= 0, mx < ink.width, my < ink.height, ink.coverage[my * ink.width + mx] > 0 { continue }
                    let p = image.pixel(x, y)
                    darkest = min(darkest, Int(p.r), Int(p.g), Int(p.b))
                }
            }
            #expect(darkest >= 225, "\(name): an edge shows through its card (\(darkest))")
        }
        #expect(carded >= 5, "\(carded) labels an edge runs through")
    }

    /// At 320×240 the supply chain names a factory, a warehouse and a store (it named no
    /// warehouse: the factories' and stores' labels, placed first, left none a place), and every
    /// label beside its node (not on a leader, `GraphLeaderPlacement`) has its middle nearer its
    /// own node than any other.
    @Test(arguments: ["supply-chain", "graph-from-csv"])
    func aCrowdedThumbnailKeepsItsHubsLabelsEachBesideItsNode(example: String) throws {
        let (figure, state) = try graph(example, width: 320, height: 240)
        let g = figure.geometry(state)
        let labels = figure.placedLabels(g)
        #expect(labels.count >= 11 && labels.count < figure.graph.nodes.count, "\(labels.count) labels: a crowded frame")
        for label in labels where label.leader == nil {
            let box = label.box, middle = SIMD2((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
            func distance(_ i: Int) -> Float { let d = middle - g.centers[i]; return (d * d).sum() }
            let nearest = g.centers.indices.min { distance($0) < distance($1) }
            #expect(nearest == label.node, "\(figure.graph.nodes[label.node].id)'s label reads as another node's")
        }
        if example == "supply-chain" {
            let groups = Set(labels.compactMap { figure.graph.nodes[$0.node].group })
            #expect(groups == ["factory", "warehouse", "store"], "\(groups)")
        }
    }
}

/// The graph figure of `Examples/<example>.json` at `width` × `height` with its layout run to the
/// end, as rendered, and the state it draws.
func exampleGraph(_ example: String, width: Int, height: Int, fonts: FontLibrary) throws -> (GraphFigure, RenderState) {
    var scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/\(example).json").path)
    scenario.width = width; scenario.height = height
    var session = try HeadlessSession(scenario: scenario)
    session.runToCompletion()
    return (GraphFigure(scenario: scenario, width: width, height: height, fonts: fonts), session.renderState)
}
