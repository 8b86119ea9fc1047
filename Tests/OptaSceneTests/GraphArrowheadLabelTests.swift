import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// Labels keep off arrowheads where they can: at 320×240 the state machine's "Evaluate" sat
/// above-right of its node on the head of the edge from "Train step", hiding which way it runs;
/// it now stands above-left, 3 px further out than the nearest corner (which touches its
/// self-loop's box), clear of every head. The supply chain's warehouses 5 and 7 keep their
/// labels over their incoming heads: an edge runs along every other side.
@Suite struct GraphArrowheadLabelTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    @Test(arguments: [(320, 240), (960, 540), (1280, 720), (3840, 2160)])
    func theStateMachinesLabelsKeepOffArrowheads(width: Int, height: Int) throws {
        let (figure, state) = try exampleGraph("state-machine", width: width, height: height, fonts: fonts)
        let g = figure.geometry(state)
        let loops = figure.selfLoops(g).sorted { $0.key < $1.key }.map(\.value)
            .map { PixelRectF(x0: $0.bounds.min.x, y0: $0.bounds.min.y, x1: $0.bounds.max.x, y1: $0.bounds.max.y) }
        let labels = figure.placedLabels(g, keepingOff: loops)
        #expect(labels.count == 6, "\(width)×\(height): \(labels.count) named")
        let heads = figure.arrowheads(g)
        for label in labels {
            #expect(!heads.overlaps(label.card), "\(width)×\(height): \(figure.graph.nodes[label.node].id)'s label covers an arrowhead")
        }
    }

    @Test func arrowheadOverlapIsTheTrianglesNotItsBox() {
        let heads = ArrowheadIndex([(SIMD2(0, 0), SIMD2(10, 0), SIMD2(0, 10))])
        #expect(heads.overlaps(PixelRectF(x0: 1, y0: 1, x1: 3, y1: 3)))
        #expect(!heads.overlaps(PixelRectF(x0: 7, y0: 7, x1: 9, y1: 9)), "inside the box, beyond the hypotenuse")
        #expect(!heads.overlaps(PixelRectF(x0: 11, y0: 0, x1: 12, y1: 1)))
        #expect(heads.isHit(from: SIMD2(-5, 5), to: SIMD2(5, 2)))
        #expect(!heads.isHit(from: SIMD2(8, 8), to: SIMD2(20, 8)))
    }
}
