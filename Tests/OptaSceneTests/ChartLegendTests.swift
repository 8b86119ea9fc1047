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

/// A chart drawn while its solvers run keeps its legend where its first frame put it: the
/// mark of a best value below the log axis (L-BFGS reaches f* exactly near step 20 of the
/// convergence example) adds its entry to room the chart planned for it, so a legend beside the
/// plot does not move left and one below does not drop entries to "+ N more".
@Suite struct ChartLegendOverFramesTests {
    /// The legend's box and each named entry's text box at every frame of the run, the figure
    /// built once at the first frame, as a video export and the viewer build it.
    func legends(width: Int, height: Int, position: LegendPosition) throws -> [(box: PixelRectF, names: [String: PixelRectF])] {
        var scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/convergence.json").path)
        scenario.axes.legendPosition = position
        var session = try HeadlessSession(scenario: scenario)
        let figures = SessionFigures(scenario: scenario, fonts: try FontLibrary.loadDefault())
        guard let chart = figures.figure(for: session.renderState, width: width, height: height) as? ConvergenceFigure else {
            Issue.record("not a chart"); return []
        }
        var found: [(PixelRectF, [String: PixelRectF])] = []
        for frame in 0..<120 {
            if frame > 0 { session.advanceFrame() }
            guard frame % 4 == 0 || frame < 40 else { continue }
            let canvas = chart.canvas(session.renderState)
            guard let box = canvas.legend else { Issue.record("frame \(frame): no legend"); return [] }
            let names = Dictionary(canvas.texts.filter { box.contains($0.rect) }.map { ($0.text, $0.rect) }, uniquingKeysWith: { a, _ in a })
            found.append((box, names))
        }
        return found
    }

    @Test(arguments: [(320, 240, LegendPosition.best), (1280, 720, .outside), (640, 480, .outside)])
    func theLegendStaysPutWhileABestValueGoesBelowTheAxis(width: Int, height: Int, position: LegendPosition) throws {
        let frames = try legends(width: width, height: height, position: position)
        let first = try #require(frames.first), last = try #require(frames.last)
        #expect(first.names["below axis"] == nil && last.names["below axis"] != nil, "the run goes below the axis: \(last.names.keys)")
        for (index, frame) in frames.enumerated() {
            #expect(frame.box.x0 == first.box.x0 && frame.box.y0 == first.box.y0, "\(width)×\(height), frame \(index): \(frame.box) moved from \(first.box)")
            #expect(!frame.names.keys.contains { $0.hasSuffix("more") }, "\(width)×\(height), frame \(index): \(frame.names.keys)")
            for (name, rect) in frame.names where first.names[name] != nil {
                #expect(rect == first.names[name], "\(width)×\(height), frame \(index): \(name) moved")
            }
        }
    }
}
