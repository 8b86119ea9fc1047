import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// A crowded thumbnail names most of its nodes: the fit keeps room for the outermost nodes'
/// labels (the supply chain's stores right of the last column), and labels are set smaller, down
/// to `GraphFigure.smallestLabelSize`, when that names more, and labels left out then go further
/// out on leaders (`GraphLeaderLabelTests`). At 320×240 the supply chain named 11 of its 30 nodes
/// and the router network 18 of its 60 before (counted in the pictures), 17 and 30 before the
/// leaders, 24 and 35 with them, 25 and 36 naming hubs first (`GraphHubLabelTests`); every
/// label still keeps off the others, the nodes and the frame's edges.
@Suite struct GraphThumbnailLabelTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    func graph(_ example: String, width: Int, height: Int) throws -> (GraphFigure, RenderState) {
        try exampleGraph(example, width: width, height: height, fonts: fonts)
    }

    @Test(arguments: [("supply-chain", 25), ("graph-from-csv", 36)])
    func aThumbnailNamesMostNodes(example: String, least: Int) throws {
        let (figure, state) = try graph(example, width: 320, height: 240)
        let g = figure.geometry(state)
        let labels = figure.placedLabels(g)
        #expect(labels.count >= least, "\(example): \(labels.count) of \(figure.graph.nodes.count) nodes named")
        let frame = PixelRectF(x0: 0, y0: 0, x1: 320, y1: 240)
        let smallest = TextStamp(fonts.layout("R00", pixelSize: GraphFigure.smallestLabelSize)).height
        for (i, a) in labels.enumerated() {
            #expect(frame.contains(a.textBox), "\(example): \(a.textBox) leaves the frame")
            for b in labels[(i + 1)...] { #expect(!a.textBox.overlaps(b.textBox), "\(example): labels overlap at \(a.textBox)") }
            for (c, r) in zip(g.centers, g.radii) {
                #expect(!a.textBox.overlaps(PixelRectF(x0: c.x - r, y0: c.y - r, x1: c.x + r, y1: c.y + r)),
                        "\(example): a label at \(a.textBox) covers the node at \(c)")
            }
            #expect(a.stamp.height >= smallest, "\(example): a label \(a.stamp.height) px tall is too small to read")
        }
    }

    /// The fit leaves the rightmost column room for its labels: every store of the supply chain
    /// at 320×240 has its label's place right of it inside the frame.
    @Test func theRightmostColumnsLabelsFitBesideIt() throws {
        let (figure, state) = try graph("supply-chain", width: 320, height: 240)
        let g = figure.geometry(state)
        for (i, node) in figure.graph.nodes.enumerated() where node.group == "store" {
            let width = fonts.measure(node.label ?? "", pixelSize: figure.labelSize)
            #expect(g.centers[i].x + g.radii[i] + 4 + width <= 320, "\(node.id)'s label would leave the frame")
        }
    }

    /// Labels shrink in proportion to the frame's text: a crowded 4K frame's to 22 px beside its
    /// 28 px text, not to a thumbnail's 9 px.
    @Test func labelSizesFollowTheFramesText() throws {
        let (small, _) = try graph("supply-chain", width: 320, height: 240)
        #expect(small.labelSizes == [11, 10, 9])
        let (large, _) = try graph("supply-chain", width: 3840, height: 2160)
        #expect(large.labelSizes == [28, 25, 22])
    }

    /// A roomy frame keeps its labels at the figure's size and names every node.
    @Test(arguments: [(1280, 720), (3840, 2160)])
    func roomyFramesKeepTheirLabelSize(width: Int, height: Int) throws {
        for example in ["supply-chain", "graph-from-csv"] {
            let (figure, state) = try graph(example, width: width, height: height)
            let labels = figure.placedLabels(figure.geometry(state))
            #expect(labels.count == figure.graph.nodes.count, "\(example) at \(width)×\(height): \(labels.count) labels")
            let full = TextStamp(fonts.layout("R00", pixelSize: figure.labelSize)).height
            #expect(labels.allSatisfy { $0.stamp.height == full }, "\(example) at \(width)×\(height): labels set smaller")
        }
    }
}
