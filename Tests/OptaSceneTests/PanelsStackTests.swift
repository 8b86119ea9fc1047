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
        // The panels tile the frame down to the legend, top to bottom; the one with the longer
        // title is the taller.
        let rects = panels.panels.map(\.rect)
        let legend = try #require(panels.legend?.frame)
        #expect(rects.first?.y0 == 0 && rects[0].y1 == rects[1].y0)
        #expect(Float(rects[1].y1) <= legend.y0 && Float(rects[1].y1) >= legend.y0 - Float(landscape.layout.labelSize), "\(rects) \(legend)")
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

    /// A stack too short for plots of a third of the frame beside its legend, titles and axes
    /// (320×200) still sets its title whole, on two lines of a smaller size, where it was cut to
    /// one line ("A logged run on its sampled loss s…") while 20 px lay blank between the panels;
    /// the chart's title and the x axes' titles give their room to the plots (`StackTrim`).
    @Test func aShortStackKeepsItsTitleWhole() throws {
        let (figure, scenario) = try FigureWrapTests.figure("grid-valley-panels", width: 320, height: 200)
        let panels = try #require(figure as? PanelsFigure)
        #expect(panels.stacked)
        let landscape = try #require(panels.panels.first?.figure as? LandscapeFigure)
        let chart = try #require(panels.panels.last?.figure as? ConvergenceFigure)
        #expect(landscape.titleLines.count == 2 && landscape.titleLines.joined(separator: " ") == scenario.title)
        #expect(chart.titleLines.isEmpty && !landscape.showsXTitle && !chart.showsXTitle)
        let plots = [landscape.layout.plot.height, chart.layout.plot.height]
        #expect(plots.allSatisfy { $0 >= 27 } && plots.reduce(0, +) * 3 >= 200, "\(plots)")
    }

    /// Stacked panels share one gap: the upper keeps none below its axis labels, and the lower,
    /// without a title, only the room its top tick label needs. 20 px of blank rows lay between
    /// the panels at 320×240 (18 px at 480×360) where at most a label's height does now.
    @Test(arguments: ["panels", "grid-valley-panels"], [(320, 240), (480, 360)])
    func stackedPanelsShareOneGap(example: String, size: (width: Int, height: Int)) throws {
        let (figure, scenario) = try FigureWrapTests.figure(example, width: size.width, height: size.height)
        let panels = try #require(figure as? PanelsFigure)
        let upper = try #require(panels.panels.first), lower = try #require(panels.panels.last)
        let upperLayout = try #require((upper.figure as? any StackablePanel)?.layout)
        let lowerLayout = try #require((lower.figure as? any StackablePanel)?.layout)
        let frame = figure.render(try HeadlessSession(scenario: scenario).renderState, threads: 2)
        let bytes = frame.straightRGBA()
        let blank = { (y: Int) in
            (0..<frame.width).allSatisfy { x in (0..<3).allSatisfy { bytes[(y * frame.width + x) * 4 + $0] == 255 } }
        }
        var run = 0, longest = 0
        for y in (upper.rect.y0 + upperLayout.plot.y1)..<(lower.rect.y0 + lowerLayout.plot.y0) {
            run = blank(y) ? run + 1 : 0
            longest = max(longest, run)
        }
        #expect(longest > 0 && longest <= upperLayout.labelSize, "\(example) at \(size): \(longest) blank rows between the panels")
    }

    /// A chart rebuilt as followed paths widen its x axis keeps the titles its stack gave it (its
    /// panel's height was shared for them): two title lines at 320×360, which has room for them
    /// and the legend, and at 320×240 too, where the x axes' titles go on their tick rows
    /// (`StackTrim`; before, the chart's title was left out there).
    @Test func aRebuiltChartKeepsTheTitleLinesItsStackGaveIt() throws {
        let json = """
        {"version": 1, "title": "Rosenbrock", "landscape": {"function": "rosenbrock"},
         "solvers": [{"id": "Adam", "method": "adam", "start": [-1.5, 2.5], "steps": 40}],
         "panels": [{"view": "landscape"}, {"view": "convergence", "title": "How far each solver is from the minimum, step by step"}]}
        """
        let (state, figures) = try session(json)
        for (height, lines) in [(360, 2), (240, 2)] {
            let first = try #require(figures.figure(for: state, width: 320, height: height) as? PanelsFigure)
            let chart = try #require(first.panels.last?.figure as? ConvergenceFigure)
            #expect(chart.titleLines.count == lines && !chart.titleIsCut, "\(height): \(chart.titleLines)")
            #expect(chart.showsXTitle || chart.xTitleOnTickRow != nil, "\(height): no x axis title")
            let rebuilt = try #require(figures.figure(for: state, width: 320, height: height, rebuildingChartsOf: first) as? PanelsFigure)
            let again = try #require(rebuilt.panels.last?.figure as? ConvergenceFigure)
            #expect(again.titleLines == chart.titleLines && again.layout == chart.layout && again.showsXTitle == chart.showsXTitle)
            #expect(again.layout.stackEdges == StackEdges(above: true, below: false))
        }
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

/// A stack at thumbnail size gives its plots a third of the frame: at 320×240 the titles, axes
/// and a legend naming every path left two plots about 27 px tall each, thinner than a column of
/// their tick labels. The chart's title and the x axes' titles give way first (`StackTrim`);
/// a stack with room leaves nothing out.
@Suite struct StackPlotShareTests {
    @Test(arguments: ["panels", "grid-valley-panels"])
    func aThumbnailStacksPlotsKeepAThirdOfTheFrame(example: String) throws {
        let (figure, scenario) = try FigureWrapTests.figure(example)
        let panels = try #require(figure as? PanelsFigure)
        let stacked = panels.panels.compactMap { $0.figure as? any StackablePanel }
        #expect(stacked.count == 2)
        let plots = stacked.map(\.layout.plot.height)
        #expect(plots.reduce(0, +) * 3 >= 240, "\(example): plots \(plots)")
        #expect(plots.allSatisfy { $0 >= 36 }, "\(example): plots \(plots)")
        // The stack's own title stays whole; the legend names every path.
        #expect(!stacked[0].titleLines.isEmpty && !stacked[0].titleIsCut)
        let legend = try #require(panels.legend?.legend)
        #expect(legend.hidden.isEmpty && legend.shown.count >= scenario.paths.count + scenario.solvers.count)

        let (roomy, _) = try FigureWrapTests.figure(example, width: 480, height: 360)
        let roomyPanels = try #require(roomy as? PanelsFigure)
        #expect(roomyPanels.stacked)
        for panel in roomyPanels.panels {
            let figure = try #require(panel.figure as? any StackablePanel)
            #expect(!figure.titleLines.isEmpty, "\(example) at 480×360: \(figure.title) left out")
            let showsXTitle = (figure as? LandscapeFigure)?.showsXTitle ?? (figure as? ConvergenceFigure)?.showsXTitle
            #expect(showsXTitle == true, "\(example) at 480×360: no x axis title")
        }
    }
}

/// A stacked thumbnail's panels keep their x axes' titles: one whose layout keeps no line for it
/// below the ticks sets it at the axis's end on the tick row (`InlineAxisTitle`), inside the
/// frame and clear of the tick labels. At 320×240 the landscape's "x" (and, per an earlier note,
/// the chart's title) was left out.
@Suite struct StackedXTitleTests {
    @Test(arguments: ["panels", "grid-valley-panels"], [(320, 240), (320, 200)])
    func aThumbnailStackKeepsEveryXAxisTitle(example: String, size: (width: Int, height: Int)) throws {
        let (figure, scenario) = try FigureWrapTests.figure(example, width: size.width, height: size.height)
        let panels = try #require(figure as? PanelsFigure)
        #expect(panels.stacked)
        let fonts = try FontLibrary.loadDefault()
        let frame = figure.render(try HeadlessSession(scenario: scenario).renderState, threads: 2)
        let bytes = frame.straightRGBA()
        for (index, panel) in panels.panels.enumerated() {
            let inline: (origin: SIMD2<Float>?, title: String, size: Int, below: Bool)
            if let landscape = panel.figure as? LandscapeFigure {
                inline = (landscape.xTitleOnTickRow, landscape.scenario.axes.xTitle, landscape.layout.labelSize, landscape.showsXTitle)
            } else {
                let chart = try #require(panel.figure as? ConvergenceFigure)
                inline = (chart.xTitleOnTickRow, chart.xAxis.title, chart.layout.labelSize, chart.showsXTitle)
            }
            guard !inline.below else { continue }
            let origin = try #require(inline.origin, "\(example) at \(size): panel \(index) shows no x axis title")
            let stamp = TextStamp(fonts.layout(inline.title, pixelSize: inline.size))
            let box = stamp.rect(at: stamp.origin(anchor: origin, horizontal: .left, vertical: .top))
            // In the frame, and above the next panel's plot (its line box, as the tick labels'
            // beside it, may reach into the gap the panel below keeps at its top).
            #expect(box.x0 >= 0 && box.x1 <= Float(size.width) && Float(panel.rect.y0) + box.y1 <= Float(size.height),
                    "\(example) at \(size): panel \(index)'s x title at \(box) leaves the frame")
            if index + 1 < panels.panels.count, let next = (panels.panels[index + 1].figure as? any StackablePanel)?.layout {
                #expect(Float(panel.rect.y0) + box.y1 <= Float(panels.panels[index + 1].rect.y0 + next.plot.y0),
                        "\(example) at \(size): panel \(index)'s x title reaches the next panel's plot")
            }
            // Drawn: dark ink inside its box.
            var darkest = 255
            for y in Int(box.y0)..<Int(box.y1) {
                for x in Int(box.x0)..<Int(box.x1) {
                    let i = ((panel.rect.y0 + y) * frame.width + panel.rect.x0 + x) * 4
                    darkest = min(darkest, Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]))
                }
            }
            #expect(darkest < 100, "\(example) at \(size): panel \(index)'s x title is not drawn")
        }
    }
}
