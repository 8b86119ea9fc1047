import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// Stacked panels (a landscape above its convergence chart, in a frame too narrow for them side
/// by side) name their paths once, in a legend below the stack: every path when the frame has the
/// room, no text on other text or outside the frame, and every plot at least its minimum size.
@Suite struct StackLegendTests {
    /// `example` (or the scenario `json`) at its start drawn at `width` × `height`, and the state drawn.
    func stack(_ example: String? = nil, json: String? = nil, width: Int, height: Int) throws -> (PanelsFigure, RenderState) {
        let scenario = try example.map {
            try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/\($0).json").path)
        } ?? ScenarioLoader.parse(Data((json ?? "").utf8))
        let state = try HeadlessSession(scenario: scenario).renderState
        let figure = SessionFigures(scenario: scenario, fonts: try FontLibrary.loadDefault()).figure(for: state, width: width, height: height)
        return (try #require(figure as? PanelsFigure), state)
    }

    /// Every text box of the stack in frame pixels: each panel's, then the legend's.
    func texts(_ panels: PanelsFigure, _ state: RenderState) -> [PlacedText] {
        var texts: [PlacedText] = []
        for panel in panels.panels {
            let moved = { (text: PlacedText) in
                PlacedText(text: text.text, rect: PixelRectF(x0: text.rect.x0 + Float(panel.rect.x0), y0: text.rect.y0 + Float(panel.rect.y0),
                                                             x1: text.rect.x1 + Float(panel.rect.x0), y1: text.rect.y1 + Float(panel.rect.y0)))
            }
            if let landscape = panel.figure as? LandscapeFigure { texts += landscape.layoutReport(paths: state.scenario.paths).texts.map(moved) }
            if let chart = panel.figure as? ConvergenceFigure { texts += chart.canvas(state).texts.map(moved) }
        }
        return texts + (panels.legendCanvas?.texts ?? [])
    }

    /// The minimum plot height in a stack: 2.5 label heights, room for two tick labels.
    static let minimumPlot = 11 * 5 / 2

    /// The names the stack's legend gives, shown and summarized, in order.
    func named(_ legend: Legend) -> [String] { (legend.shown + legend.hidden).map(\.name) }

    @Test(arguments: ["panels", "grid-valley-panels"], [(320, 240), (320, 260), (320, 280), (400, 300), (480, 360)])
    func aStackKeepsItsPlotsAndItsTextApart(example: String, size: (Int, Int)) throws {
        let (panels, state) = try stack(example, width: size.0, height: size.1)
        let context = "\(example) \(size.0)×\(size.1)"
        #expect(panels.stacked, "\(context)")
        for panel in panels.panels {
            let plot = try #require(panel.figure as? any StackablePanel).layout.plot
            #expect(plot.height >= Self.minimumPlot, "\(context): plot \(plot)")
            if panel.figure is LandscapeFigure { #expect(plot.width >= 100, "\(context): plot \(plot)") }
        }
        let texts = texts(panels, state)
        let frame = PixelRectF(x0: 0, y0: 0, x1: Float(size.0), y1: Float(size.1))
        for (i, a) in texts.enumerated() {
            #expect(frame.contains(a.rect), "\(context): \"\(a.text)\" at \(a.rect) leaves the frame")
            for b in texts[(i + 1)...] where a.rect.overlaps(b.rect) {
                Issue.record("\(context): \"\(a.text)\" \(a.rect) overlaps \"\(b.text)\" \(b.rect)")
            }
        }
        if let legend = panels.legend {
            #expect(legend.frame.y0 >= Float(try #require(panels.panels.last).rect.y1), "\(context): the legend is below the stack")
            #expect(frame.contains(legend.frame), "\(context): the legend is inside the frame")
            #expect(Array(named(legend.legend).prefix(state.scenario.paths.count)) == state.scenario.paths.map(\.name), "\(context)")
        }
    }

    /// From 320×260 up, both stacks name every path, and the panels draw no legends of their own.
    @Test(arguments: ["panels", "grid-valley-panels"], [(320, 260), (320, 280), (400, 300), (480, 360)])
    func aStackWithRoomNamesEveryPath(example: String, size: (Int, Int)) throws {
        let (panels, state) = try stack(example, width: size.0, height: size.1)
        let legend = try #require(panels.legend, "\(example) \(size.0)×\(size.1)")
        #expect(legend.legend.hidden.isEmpty, "\(example) \(size.0)×\(size.1): \(named(legend.legend))")
        let shown = panels.legendCanvas?.texts.map(\.text) ?? []
        for path in state.scenario.paths { #expect(shown.contains(path.name), "\(example): \(path.name) in \(shown)") }
        for panel in panels.panels {
            let legendText = (panel.figure as? LandscapeFigure)?.layoutReport(paths: state.scenario.paths).legend
                ?? (panel.figure as? ConvergenceFigure)?.canvas(state).legend
            #expect(legendText == nil, "\(example): a panel draws a legend of its own")
        }
        let tree = panels.accessibilityTree(for: state)
        let node = try #require(tree.node(id: "legend"))
        #expect(node.children.map(\.name).prefix(state.scenario.paths.count) == state.scenario.paths.map(\.name)[...])
    }

    /// At 320×240 both stacks name every path (the chart's title and the x axes' titles give
    /// way, `StackTrim`; before, "panels" summed up two paths and "grid-valley-panels" had no
    /// legend); at 320×160 not even one row fits beside the minimum plots: the legend is left
    /// out, and the screen reader is told.
    /// The strip below the panels, where the legend sits, is the figures' background like the
    /// rest of the frame: every pixel opaque, drawn into a frame or straight into caller memory.
    @Test(arguments: ["panels", "grid-valley-panels"], [(320, 240), (480, 200)])
    func everyPixelOfAStackIsOpaque(example: String, size: (Int, Int)) throws {
        let (panels, state) = try stack(example, width: size.0, height: size.1)
        #expect(panels.legend != nil, "\(example) at \(size): no legend below the stack")
        let frame = panels.render(state, threads: 2)
        let bytes = frame.straightRGBA()
        let seeThrough = stride(from: 3, to: bytes.count, by: 4).filter { bytes[$0] != 255 }.count
        #expect(seeThrough == 0, "\(example) at \(size): \(seeThrough) pixels not opaque")
        var context = RenderContext()
        var straight = [UInt8](repeating: 0, count: 4 * size.0 * size.1)
        straight.withUnsafeMutableBytes {
            context.run(panels.plan(state, overlay: DrawList()), intoStraightRGBA: $0.baseAddress!, width: size.0, height: size.1,
                        bytesPerRow: 4 * size.0, threads: 2)
        }
        let differing = zip(straight, bytes).filter { $0 != $1 }.count
        #expect(differing == 0, "\(example) at \(size): drawn into caller memory, \(differing) bytes differ")
    }

    @Test func aThumbnailStackNamesEveryPathOrSaysItHasNoRoom() throws {
        for example in ["panels", "grid-valley-panels"] {
            let (panels, state) = try stack(example, width: 320, height: 240)
            let legend = try #require(panels.legend?.legend, "\(example)")
            #expect(legend.hidden.isEmpty && Array(named(legend).prefix(state.scenario.paths.count)) == state.scenario.paths.map(\.name),
                    "\(example): \(named(legend))")
            let landscape = try #require(panels.panels.first?.figure as? LandscapeFigure)
            #expect(!landscape.titleLines.isEmpty && !landscape.titleIsCut, "\(example): \(landscape.titleLines)")
        }
        let (small, smallState) = try stack("grid-valley-panels", width: 320, height: 160)
        #expect(small.legend == nil && small.legendLeftOut)
        let description = small.accessibilityTree(for: smallState).root.description ?? ""
        #expect(description.contains("no room for a legend"), "\(description)")
    }

    /// Two titles that each need a second line: with the stack's smaller titles both take it
    /// (320×260 and up: at 320×260 and 320×280 the x axes' titles move onto their tick rows to
    /// make room, where the lower title was left out before, `StackTrim`), never cut with "…";
    /// every plot keeps its minimum and the legend names the path either way.
    @Test func bothStackedTitlesWrapWhenThereIsRoom() throws {
        let json = """
        {"version": 1, "title": "Rosenbrock, with a title that one line cannot hold", "landscape": {"function": "rosenbrock"},
         "solvers": [{"id": "Adam", "method": "adam", "start": [-1.5, 2.5], "steps": 40}],
         "panels": [{"view": "landscape"}, {"view": "convergence", "title": "How far each solver is from the minimum, step by step"}]}
        """
        for (height, chartLines) in [(360, 2), (320, 2), (280, 2), (260, 2)] {
            let (panels, state) = try stack(json: json, width: 320, height: height)
            let landscape = try #require(panels.panels.first?.figure as? LandscapeFigure)
            let chart = try #require(panels.panels.last?.figure as? ConvergenceFigure)
            #expect(landscape.titleLines.count == 2 && !landscape.titleIsCut, "\(height): \(landscape.titleLines)")
            #expect(chart.titleLines.count == chartLines && !chart.titleIsCut, "\(height): \(chart.titleLines)")
            if chartLines > 0 { #expect(landscape.layout.titleSize == chart.layout.titleSize, "\(height): one title size in a stack") }
            #expect([landscape.layout.plot.height, chart.layout.plot.height].allSatisfy { $0 >= Self.minimumPlot })
            let legend = try #require(panels.legend?.legend, "\(height)")
            #expect(named(legend).first == "Adam" && legend.hidden.isEmpty, "\(height): \(named(legend))")
            let texts = texts(panels, state)
            for (i, a) in texts.enumerated() {
                #expect(a.rect.x0 >= 0 && a.rect.x1 <= 320 && a.rect.y0 >= 0 && a.rect.y1 <= Float(height), "\(a.text) \(a.rect)")
                for b in texts[(i + 1)...] { #expect(!a.rect.overlaps(b.rect), "\(a.text) overlaps \(b.text)") }
            }
        }
    }

    /// The minimum marker is named when the legend with it takes at most a fifth of the frame's
    /// height: a tall stack, and at 320×280 a thumbnail's compact legend (two rows, 37 px).
    @Test func aTallStackNamesTheMinimumToo() throws {
        let (tall, _) = try stack("panels", width: 500, height: 1400)
        #expect(tall.legend.map { named($0.legend) }?.last == "global minimum")
        let (small, _) = try stack("panels", width: 320, height: 280)
        let legend = try #require(small.legend?.legend)
        #expect(named(legend).last == "global minimum" && legend.hidden.isEmpty, "\(named(legend))")
        #expect(legend.size.y <= 280 / 5)
    }

    /// A chart rebuilt as followed paths widen its x axis keeps its stack's legend and title.
    @Test func aRebuiltChartKeepsTheStacksLegend() throws {
        let scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/panels.json").path)
        let state = try HeadlessSession(scenario: scenario).renderState
        let figures = SessionFigures(scenario: scenario, fonts: try FontLibrary.loadDefault())
        let first = try #require(figures.figure(for: state, width: 320, height: 280) as? PanelsFigure)
        let rebuilt = try #require(figures.figure(for: state, width: 320, height: 280, rebuildingChartsOf: first) as? PanelsFigure)
        #expect(rebuilt.legend?.frame == first.legend?.frame && rebuilt.legend != nil)
        let (chart, again) = (try #require(first.panels.last?.figure as? ConvergenceFigure),
                              try #require(rebuilt.panels.last?.figure as? ConvergenceFigure))
        #expect(again.layout == chart.layout && again.titleLines == chart.titleLines && !again.scenario.axes.legend)
    }
}
