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

    /// A `best` legend that would cover lines in every corner of the plot (at 480×320 the lines
    /// fill its top, the best note its bottom) goes below or beside it, as a landscape's does;
    /// where a corner is clear (1280×720) it stays inside.
    @Test func aLegendThatCoversLinesInEveryCornerGoesOutside() throws {
        let scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/convergence.json").path)
        var session = try HeadlessSession(scenario: scenario)
        session.runToCompletion()
        let state = session.renderState, fonts = try FontLibrary.loadDefault()
        let figures = SessionFigures(scenario: scenario, fonts: fonts)
        let inside = ConvergenceFigure(scenario: state.scenario, width: 480, height: 320, fonts: fonts, showGradientNorm: true)
        #expect(inside.legendOutside == nil && inside.canvas(state).legendCoversData, "inside, every corner covers lines")
        let small = try #require(figures.figure(for: state, width: 480, height: 320) as? ConvergenceFigure)
        #expect(small.legendOutside != nil)
        let legend = try #require(small.canvas(state).legend)
        #expect(!legend.overlaps(PixelRectF(small.layout.plot)), "\(legend) is outside the plot")
        #expect(legend.x0 >= 0 && legend.y0 >= 0 && legend.x1 <= 480 && legend.y1 <= 320)
        let large = try #require(figures.figure(for: state, width: 1280, height: 720) as? ConvergenceFigure)
        #expect(large.legendOutside == nil && !large.canvas(state).legendCoversData)
    }
}
