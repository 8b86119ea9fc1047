import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// A crowded thumbnail names the nodes whose labels find no clear side a little further out, on
/// a leader line (`GraphLeaderPlacement`): the supply chain's 18 stores, 8.3 px apart at 320×240
/// where a 9 px label needs about 14, in two staggered columns (the fit keeps room for the
/// second; the stores now stand 6.9 px apart). Before, it named Store 1, 3, 5 … 17 and 18
/// (10 of 18 stores, 17 of 30 nodes; 24 with leaders, 25 naming hubs first) and the router
/// network 30 of its 60 routers (35 with leaders, 36 naming hubs first).
@Suite struct GraphLeaderLabelTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    @Test func theSupplyChainThumbnailNamesEveryStore() throws {
        let (figure, state) = try exampleGraph("supply-chain", width: 320, height: 240, fonts: fonts)
        let labels = figure.placedLabels(figure.geometry(state))
        let stores = figure.graph.nodes.indices.filter { figure.graph.nodes[$0].group == "store" }
        #expect(stores.count == 18)
        let named = Set(labels.map(\.node))
        let missing = stores.filter { !named.contains($0) }.map { figure.graph.nodes[$0].id }
        #expect(missing.isEmpty, "stores left out: \(missing)")
        // Every other store's label stands in the second column, all of them at one x.
        let second = labels.filter { $0.leader != nil && figure.graph.nodes[$0.node].group == "store" }
        #expect(second.count >= 8 && Set(second.map(\.origin.x)).count == 1, "\(second.map(\.origin))")
    }

    @Test(arguments: [("supply-chain", 25), ("graph-from-csv", 36)])
    func aCrowdedThumbnailNamesMoreWithLeaders(example: String, least: Int) throws {
        let (figure, state) = try exampleGraph(example, width: 320, height: 240, fonts: fonts)
        let g = figure.geometry(state)
        let labels = figure.placedLabels(g)
        #expect(labels.count >= least, "\(example): \(labels.count) of \(figure.graph.nodes.count) nodes named")
        let frame = PixelRectF(x0: 0, y0: 0, x1: 320, y1: 240)
        for (i, a) in labels.enumerated() {
            #expect(frame.contains(a.textBox), "\(example): \(a.textBox) leaves the frame")
            for (j, b) in labels.enumerated() where j != i {
                if j > i { #expect(!a.textBox.overlaps(b.textBox), "\(example): labels overlap at \(a.textBox) and \(b.textBox)") }
                // No leader runs through another label's text or crosses another leader.
                if let l = a.leader {
                    #expect(b.textBox.distance(toSegment: l.from, l.to) > 0, "\(example): a leader runs through \(b.textBox)")
                    if j > i, let m = b.leader {
                        #expect(!GraphLeaderPlacement.crosses((l.from, l.to), (m.from, m.to)), "\(example): leaders cross")
                    }
                }
            }
            for (n, (c, r)) in zip(g.centers, g.radii).enumerated() {
                let square = PixelRectF(x0: c.x - r, y0: c.y - r, x1: c.x + r, y1: c.y + r)
                #expect(!a.textBox.overlaps(square), "\(example): a label at \(a.textBox) covers the node at \(c)")
                if let l = a.leader, n != a.node {
                    #expect(square.distance(toSegment: l.from, l.to) > 0, "\(example): a leader runs through the node at \(c)")
                }
            }
            // A leader joins its node's rim to its label's text, a couple of pixels off each.
            if let l = a.leader {
                let c = g.centers[a.node], r = g.radii[a.node]
                let d = l.from - c
                #expect(abs((d * d).sum().squareRoot() - (r + 1)) < 0.75, "\(example): a leader starts off its node")
                #expect(a.textBox.distance(to: l.to) <= 1.5, "\(example): a leader ends \(a.textBox.distance(to: l.to)) px off its label")
            }
        }
    }

    /// Leaders are drawn, each as a dotted line; a roomy frame, which names every node
    /// beside it, draws none.
    @Test func leadersAreDrawnOnlyWhereLabelsStandAway() throws {
        for (width, height, leaders) in [(320, 240, true), (1280, 720, false), (3840, 2160, false)] {
            let (figure, state) = try exampleGraph("supply-chain", width: width, height: height, fonts: fonts)
            let labels = figure.placedLabels(figure.geometry(state))
            let lines = labels.compactMap(\.leader)
            #expect(lines.isEmpty != leaders, "\(width)×\(height): \(lines.count) leaders")
            let items = figure.drawList(state).items
            for l in lines {
                guard case .polyline(let points, _, _) = GraphFigure.leaderItem(l, strokeScale: 1) else { Issue.record("not dotted"); continue }
                #expect(items.contains { if case .polyline(let drawn, _, _) = $0 { drawn.count == points.count && drawn.first == points.first }
                                         else { false } }, "a leader is not drawn")
            }
        }
    }

    @Test func segmentsCrossOnlyWhereTheyMeet() {
        let a = (SIMD2<Float>(0, 0), SIMD2<Float>(10, 10))
        #expect(GraphLeaderPlacement.crosses(a, (SIMD2(0, 10), SIMD2(10, 0))))
        #expect(!GraphLeaderPlacement.crosses(a, (SIMD2(0, 1), SIMD2(9, 10))))
        #expect(!GraphLeaderPlacement.crosses(a, (SIMD2(11, 11), SIMD2(20, 20))))
        #expect(GraphLeaderPlacement.crosses(a, (SIMD2(5, 5), SIMD2(20, 20))))
    }
}
