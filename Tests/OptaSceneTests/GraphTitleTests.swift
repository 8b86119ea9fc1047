import Foundation
import OptaCore
import OptaRaster
import OptaScene
import OptaText
import Testing

/// A graph's title is cut to the frame ("…") rather than running off both sides at small sizes.
@Suite struct GraphTitleTests {
    @Test(arguments: [(320, 240), (640, 360), (960, 540)])
    func titleStaysInTheFrame(width: Int, height: Int) throws {
        var scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/supply-chain.json").path)
        scenario.width = width; scenario.height = height
        let session = try HeadlessSession(scenario: scenario)
        let figure = GraphFigure(scenario: scenario, width: width, height: height, fonts: try FontLibrary.loadDefault())
        let list = figure.drawList(session.renderState)
        // The title is drawn first: its glyph masks lead the list, in the band above the graph.
        var titleMasks = 0
        for item in list.items {
            guard case .mask(let x, let y, let w, _, _, _) = item, y < height / 10 else { break }
            #expect(x >= 0 && x + w <= width, "a title glyph at x \(x)…\(x + w) leaves a \(width)-pixel frame")
            titleMasks += 1
        }
        #expect(titleMasks > 0, "the title is drawn")
    }
}
