import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// A crowded thumbnail names its hubs before its leaves (`GraphFigure.namesBetter`): a reader of
/// a paper needs the supply chain's factories and warehouses named before its stores. At 320×240
/// it named factories A and B and warehouses 1, 5, 7 and 8, and 18 stores (24 nodes), because
/// the placement naming the most nodes won; now factory D too (25 nodes). Warehouses 2, 3, 4 and
/// 6 and factory C find no clear side even placed first: 93 px labels in a column 15.4 px
/// apart, the edges in and out running along every side. Their names alone ("Warehouse 2",
/// 65 px at 9 px) fare no better, measured for warehouse 2 on all eight sides and 3 px further
/// out: each place that covers no neighbouring node has an edge running 48 to 103 px along it
/// (readable is up to half the width), and those left of it cover the heads of the edges
/// coming in; factory C's places are taken by warehouses 5 and 7's labels.
@Suite struct GraphHubLabelTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    func hubsLeftOut(width: Int, height: Int) throws -> [String] {
        let (figure, state) = try exampleGraph("supply-chain", width: width, height: height, fonts: fonts)
        let named = Set(figure.placedLabels(figure.geometry(state)).map(\.node))
        let hubs = figure.graph.nodes.indices.filter { ["factory", "warehouse"].contains(figure.graph.nodes[$0].group) }
        #expect(hubs.count == 12)
        return hubs.filter { !named.contains($0) }.map { figure.graph.nodes[$0].id }
    }

    @Test func theSupplyChainNamesEveryHubWhereTheyFit() throws {
        let missing = try hubsLeftOut(width: 640, height: 360)
        #expect(missing.isEmpty, "640×360: hubs left out: \(missing)")
    }

    /// At 320×240 factory D's label (below it) and warehouse 8's (below it, or below right)
    /// want the same pixels; both are named.
    @Test func theSupplyChainThumbnailNamesTheHubsThatFit() throws {
        let missing = Set(try hubsLeftOut(width: 320, height: 240))
        #expect(missing.isSubset(of: ["factory-C", "warehouse-2", "warehouse-3", "warehouse-4", "warehouse-6"]), "\(missing.sorted())")
    }

    /// One more hub outweighs any number of leaves; equal hubs, then more names, win.
    @Test func hubsOutweighLeaves() {
        #expect(GraphFigure.namesBetter(degrees: [5, 4, 1], than: [5, 1, 1, 1, 1, 1, 1]))
        #expect(!GraphFigure.namesBetter(degrees: [5, 1, 1, 1, 1, 1, 1], than: [5, 4, 1]))
        #expect(GraphFigure.namesBetter(degrees: [1, 5, 2], than: [2, 5]))
        #expect(!GraphFigure.namesBetter(degrees: [5, 2], than: [2, 5]))
    }

    /// The router network and the state machine name no fewer nodes, nor fewer of their most
    /// connected ones, than before (35 of 60 and 6 of 6 at 320×240; now 36 and 6).
    @Test(arguments: [("graph-from-csv", 36, 3), ("state-machine", 6, 1)])
    func otherGraphsKeepTheirNames(example: String, least: Int, fives: Int) throws {
        let (figure, state) = try exampleGraph(example, width: 320, height: 240, fonts: fonts)
        let named = figure.placedLabels(figure.geometry(state)).map { figure.degrees[$0.node] }
        #expect(named.count >= least, "\(example): \(named.count) named")
        #expect(named.filter { $0 >= 5 }.count >= fives, "\(example): \(named.sorted(by: >))")
    }
}
