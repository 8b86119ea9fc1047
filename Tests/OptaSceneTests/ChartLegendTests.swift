import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// A convergence chart's legend names every series: inside the plot when it fits there whole,
/// otherwise below (or beside) the plot, in room the chart keeps for it.
@Suite struct ChartLegendTests {
    func canvas(width: Int, height: Int) throws -> (FigureCanvas, ConvergenceFigure) {
        let scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/convergence.json").path)
        var session = try HeadlessSession(scenario: scenario)
        session.runToCompletion()
        let figure = ConvergenceFigure(scenario: scenario, width: width, height: height, fonts: try FontLibrary.loadDefault())
        return (figure.canvas(session.renderState), figure)
    }

    @Test func aSmallChartNamesEverySeriesBelowItsPlot() throws {
        let (canvas, figure) = try canvas(width: 320, height: 240)
        let names = canvas.texts.map(\.text)
        for series in ["gradient descent", "momentum", "Adam", "L-BFGS", "best value"] {
            #expect(names.contains(series), "\(series) is named: \(names)")
        }
        #expect(!names.contains { $0.hasSuffix("more") }, "no series left out")
        let legend = try #require(canvas.legend)
        #expect(legend.y0 >= Float(figure.layout.plot.y1), "below the plot")
        #expect(legend.y1 <= 240 && legend.x0 >= 0 && legend.x1 <= 320, "inside the frame")
        for text in canvas.texts where !legend.contains(text.rect) {
            #expect(!text.rect.overlaps(legend), "\(text.text) clear of the legend")
        }
    }

    @Test func aLargeChartKeepsItsLegendInsideThePlot() throws {
        let (canvas, figure) = try canvas(width: 1280, height: 720)
        let legend = try #require(canvas.legend)
        #expect(PixelRectF(figure.layout.plot).contains(legend))
        #expect(figure.legendOutside == nil)
    }
}
