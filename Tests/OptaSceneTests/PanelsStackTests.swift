import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// Panels too narrow to sit side by side at a frame size are stacked, each as wide as the frame.
@Suite struct PanelsStackTests {
    @Test func panelsTooNarrowToSitSideBySideAreStacked() throws {
        let small = PanelsFigure.layout(weights: [1, 1], width: 320, height: 240)
        #expect(small == [PixelRect(x0: 0, y0: 0, x1: 320, y1: 120), PixelRect(x0: 0, y0: 120, x1: 320, y1: 240)])
        let wide = PanelsFigure.layout(weights: [1, 1], width: 960, height: 540)
        #expect(wide.map(\.y0) == [0, 0] && wide.map(\.x1) == [480, 960])
        for example in ["panels", "grid-valley-panels"] {
            let (figure, _) = try FigureWrapTests.figure(example)
            let panels = try #require(figure as? PanelsFigure)
            let landscape = try #require(panels.panels.first?.figure as? LandscapeFigure)
            #expect(landscape.layout.plot.width >= 100, "\(example): the landscape's plot is \(landscape.layout.plot.width) px wide")
        }
    }
}

/// A stacked panel whose title one line would cut ("A logged run on its sampled loss s…" at
/// 320×240) gets a second line, and the stack shares the frame's height anew for it: each panel's
/// title and axes get what they take, each plot its minimum, and what is left goes to the plots,
/// 4 parts to a landscape and 3 to a chart.
@Suite struct StackedPanelTitleTests {
    /// The scenario `json` at its start, and the figures a session of it draws.
    func session(_ json: String) throws -> (RenderState, SessionFigures) {
        let scenario = try ScenarioLoader.parse(Data(json.utf8))
        return (try HeadlessSession(scenario: scenario).renderState, SessionFigures(scenario: scenario, fonts: try FontLibrary.loadDefault()))
    }

    @Test func aStackedPanelsTitleWrapsAndItsPanelGetsTheHeight() throws {
        let scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/grid-valley-panels.json").path)
        let session = try HeadlessSession(scenario: scenario)
        let state = session.renderState
        let figure = SessionFigures(scenario: scenario, fonts: try FontLibrary.loadDefault()).figure(for: state, width: 320, height: 240)
        let panels = try #require(figure as? PanelsFigure)
        #expect(panels.stacked)
        let landscape = try #require(panels.panels.first?.figure as? LandscapeFigure)
        let chart = try #require(panels.panels.last?.figure as? ConvergenceFigure)
        #expect(landscape.titleLines.count == 2)
        #expect(landscape.titleLines.joined(separator: " ") == scenario.title)
        #expect(!chart.titleIsCut, "\(chart.titleLines)")
        // The panels tile the frame, top to bottom; the one with the longer title is the taller.
        let rects = panels.panels.map(\.rect)
        #expect(rects.first?.y0 == 0 && rects.last?.y1 == 240 && rects[0].y1 == rects[1].y0)
        #expect(rects.allSatisfy { $0.x0 == 0 && $0.x1 == 320 })
        #expect(rects[0].height > rects[1].height)
        // Both plots tall enough for two tick labels; what is left over shared 4 : 3.
        let plots = [landscape.layout.plot.height, chart.layout.plot.height]
        let minimum = landscape.layout.labelSize * 5 / 2
        #expect(plots.allSatisfy { $0 >= minimum }, "\(plots)")
        #expect(abs((plots[0] - minimum) * 3 - (plots[1] - minimum) * 4) <= 7, "\(plots)")
        // The screen reader hears the panel's whole title.
        let tree = figure.accessibilityTree(for: state)
        #expect(tree.node(id: "panel1/document")?.name == scenario.title)
    }

    /// A stack too short for two-line titles (the plots would drop below 2.5 label heights)
    /// stays as it was: equal heights, the title on one line.
    @Test func aStackTooShortForTwoLinesKeepsOne() throws {
        let (figure, _) = try FigureWrapTests.figure("grid-valley-panels", width: 320, height: 200)
        let panels = try #require(figure as? PanelsFigure)
        #expect(panels.stacked)
        #expect(panels.panels.map(\.rect.height) == [100, 100])
        let landscape = try #require(panels.panels.first?.figure as? LandscapeFigure)
        #expect(landscape.titleLines.count == 1)
    }

    /// A chart rebuilt as followed paths widen its x axis keeps the two title lines its stack
    /// gave it (its panel's height was shared for them; 320×280 has room for them and the legend).
    @Test func aRebuiltChartKeepsTheTitleLinesItsStackGaveIt() throws {
        let json = """
        {"version": 1, "title": "Rosenbrock", "landscape": {"function": "rosenbrock"},
         "solvers": [{"id": "Adam", "method": "adam", "start": [-1.5, 2.5], "steps": 40}],
         "panels": [{"view": "landscape"}, {"view": "convergence", "title": "How far each solver is from the minimum, step by step"}]}
        """
        let (state, figures) = try session(json)
        let first = try #require(figures.figure(for: state, width: 320, height: 280) as? PanelsFigure)
        let chart = try #require(first.panels.last?.figure as? ConvergenceFigure)
        #expect(chart.titleLines.count == 2 && !chart.titleIsCut, "\(chart.titleLines)")
        let rebuilt = try #require(figures.figure(for: state, width: 320, height: 280, rebuildingChartsOf: first) as? PanelsFigure)
        let again = try #require(rebuilt.panels.last?.figure as? ConvergenceFigure)
        #expect(again.titleLines == chart.titleLines && again.layout == chart.layout)
    }

    @Test func stackedRectsShareWhatTheChromeLeavesByShares() {
        // 240 - 176 - 2 × 27 = 10 px over the minimum plots: 5 to the first (4 parts of 7), 5 to the second.
        let rects = PanelsFigure.stackedRects(chrome: [98, 78], shares: [4, 3], width: 320, height: 240, minimumPlot: 27)
        #expect(rects == [PixelRect(x0: 0, y0: 0, x1: 320, y1: 130), PixelRect(x0: 0, y0: 130, x1: 320, y1: 240)])
        let equal = PanelsFigure.stackedRects(chrome: [98, 78, 50], shares: [1, 1, 1], width: 320, height: 300, minimumPlot: 20)
        #expect(equal?.map(\.height) == [98 + 24, 78 + 25, 50 + 25])
        #expect(PanelsFigure.stackedRects(chrome: [98, 78], shares: [4, 3], width: 320, height: 240, minimumPlot: 32)?.map(\.height) == [130, 110])
        #expect(PanelsFigure.stackedRects(chrome: [98, 78], shares: [4, 3], width: 320, height: 240, minimumPlot: 33) == nil)
        #expect(PanelsFigure.stackedRects(chrome: [98, 78], shares: [4, 3], width: 320, height: 200, minimumPlot: 13) == nil)
    }
}
