import Foundation
import OptaCore
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
