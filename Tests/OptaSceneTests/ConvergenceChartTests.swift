import Foundation
import OptaA11y
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

@Suite struct ConvergenceScaleTests {
    @Test func knownMinimumGivesALogAxisOfTheGap() {
        let scale = ConvergenceScale(values: [[10, 1, 0.02], [5, 0.5]], knownMinimum: 0)
        #expect(scale.logarithmic && scale.title == "f − f*")
        #expect(scale.range == 1e-2...1e1)
        #expect(scale.fraction(1e-2) == 0 && scale.fraction(10) == 1)
        #expect(abs(scale.fraction(1)! - 2.0 / 3) < 1e-12)
        // Exactly at the minimum, or below the floor: on the axis floor, not lost.
        #expect(scale.fraction(0) == 0)
        #expect(scale.fraction(.nan) == nil)
        #expect(scale.ticks(targetCount: 10).map(\.label) == ["0.01", "0.1", "1", "10"])
    }

    @Test func theLogAxisSpansAtMostSixteenDecades() {
        let scale = ConvergenceScale(values: [[100, 1e-30]], knownMinimum: 0)
        #expect(scale.range.upperBound == 100)
        #expect(abs(log10(scale.range.lowerBound) - (2 - ConvergenceScale.maxDecades)) < 1e-9)
    }

    @Test func valuesBelowTheLogFloorOrAtTheMinimumAreOffTheAxis() {
        let scale = ConvergenceScale(values: [[100, 1e-30]], knownMinimum: 0)
        #expect(scale.isBelowFloor(1e-30) && scale.isBelowFloor(0) && scale.isBelowFloor(-1))
        #expect(!scale.isBelowFloor(scale.range.lowerBound) && !scale.isBelowFloor(1) && !scale.isBelowFloor(.nan))
        let shifted = ConvergenceScale(values: [[5, 2, 1]], knownMinimum: 1)
        #expect(shifted.isBelowFloor(1) && !shifted.isBelowFloor(2))
        let linear = ConvergenceScale(values: [[3, -2, -5]], knownMinimum: nil)
        #expect(!linear.isBelowFloor(-5))
    }

    @Test func negativeValuesWithoutAKnownMinimumGoLinear() {
        let scale = ConvergenceScale(values: [[3, -2, -5]], knownMinimum: nil)
        #expect(!scale.logarithmic && scale.title == "f")
        #expect(scale.range.lowerBound < -5 && scale.range.upperBound > 3)
        #expect(scale.fraction(-5)! < scale.fraction(3)!)
    }
}

@Suite struct ConvergenceChartTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func session(_ name: String, frame: Int? = nil) throws -> (Scenario, HeadlessSession) {
        let scenario = try ScenarioLoader.load(path: Self.root.appendingPathComponent("Examples/\(name).json").path)
        var session = try HeadlessSession(scenario: scenario)
        if let frame { session.replay(Trace(), through: frame) } else { session.runToCompletion() }
        return (scenario, session)
    }

    @Test func theTreeTellsEachSolversBestValueAndTrend() throws {
        let (scenario, session) = try session("convergence")
        let state = session.renderState
        let figure = SessionFigures(scenario: scenario, fonts: try FontLibrary.loadDefault()).figure(for: state)
        let tree = figure.accessibilityTree(for: state)
        let plot = try #require(figure as? ConvergenceFigure).layout.plot
        #expect(state.solvers.count == 4)
        for solver in state.solvers {
            let series = try #require(tree.node(id: "chart/series/\(solver.id)"))
            #expect(series.role == .series)
            #expect(series.attributes["count"] == String(solver.values.count))
            let best = try #require(tree.node(id: "chart/series/\(solver.id)/best"))
            let lowest = solver.values.filter(\.isFinite).min()!
            #expect(best.attributes["f"] == "\(lowest)")
            #expect(best.attributes["step"] == String(solver.values.firstIndex(of: lowest)!))
            let bounds = try #require(best.bounds)
            #expect(bounds.x >= Double(plot.x0) - 6 && bounds.maxX <= Double(plot.x1) + 6)
            #expect(series.value!.hasPrefix(solver.values.last! < solver.values.first! ? "falling" : "rising"))
        }
        #expect(tree.root.description!.contains("best f − f* ="))
        #expect(tree.node(id: "chart/axis/y")?.description?.contains("drawn on the axis floor") == true)
        #expect(tree.node(id: "chart/axis/y")?.attributes["scale"] == "log")
    }

    /// A run's last step is the x axis's end: its best-value ring there is drawn whole inside the
    /// plot (the data keep a margin from the plot's edges), at every size and in panels.
    @Test(arguments: ["convergence", "panels", "grid-valley-panels"], [(1280, 720), (320, 240), (3840, 2160)])
    func bestValueRingsLieWholeInsideThePlot(example: String, size: (Int, Int)) throws {
        let (chart, state) = try FigureWrapTests().completedChart(example, width: size.0, height: size.1)
        let k = chart.layout.strokeScale
        let canvas = chart.canvas(state)
        // Rings and triangles (not the legend's swatches).
        let rings = MarkerClipTests.markerBoxes(canvas.list, radius: ConvergenceFigure.ringRadius * k)
            .filter { ring in canvas.legend.map { !$0.overlaps(ring) } ?? true }
        #expect(rings.count >= chart.series(state).count)
        for ring in rings { #expect(MarkerClipTests.inside(ring, chart.layout.plot), "\(example) \(size): \(ring) leaves \(chart.layout.plot)") }
        // The x axis's last tick is where the last step's ring is.
        let last = try #require(chart.framePoint(step: chart.xAxis.range.upperBound, f: 1, scale: chart.scale(chart.series(state))))
        let centres: [Float] = rings.map { ($0.x0 + $0.x1) / 2 }
        #expect(centres.contains { abs($0 - last.x) < 0.01 })
    }

    /// L-BFGS reaches f − f* = 4×10⁻²⁰, below the axis' floor (16 decades under its top): its best
    /// value is marked by a downward triangle on the floor, which the legend names, rather than
    /// by a ring there that would read as the floor's value; the tree gives the value and says so.
    @Test(arguments: ["convergence", "panels"])
    func aBestValueBelowTheFloorIsMarkedAsOffTheAxis(example: String) throws {
        let (chart, state) = try FigureWrapTests().completedChart(example, width: 1280, height: 720)
        let series = chart.series(state), scale = chart.scale(series)
        let canvas = chart.canvas(state)
        for s in series {
            let best = try #require(s.best)
            let p = try #require(chart.framePoint(step: Double(best.step), f: best.value, scale: scale))
            let below = best.value - scale.offset < scale.range.lowerBound
            #expect(below == (s.id == "L-BFGS"), "\(s.id): best \(best.value), floor \(scale.range.lowerBound)")
            var rings = 0, triangles = 0
            for item in canvas.list.items {
                switch item {
                case .disk(let c, _, _, _, let outline) where outline == s.color && c == p: rings += 1
                case .convexPolygon(let points, let fill) where fill == s.color && points.map(\.x).min()! < p.x && points.map(\.x).max()! > p.x
                    && points.map(\.y).min()! < p.y && points.map(\.y).max()! > p.y: triangles += 1
                default: break
                }
            }
            #expect(rings == (below ? 0 : 1) && triangles == (below ? 1 : 0), "\(example) \(s.id): \(rings) rings, \(triangles) triangles")
        }
        let legend = try #require(canvas.legend)
        let named = canvas.texts.filter { legend.contains($0.rect) }.map(\.text)
        #expect(named.contains("best value") && named.contains("below axis"), "\(named)")
        let node = try #require(chart.accessibilityTree(for: state).node(id: "chart/series/L-BFGS/best"))
        #expect(node.value == "f − f* = 4 × 10^−20 at step 39")
        #expect(node.description?.contains("below the axis floor of 1 × 10^−1") == true, "\(node.description ?? "")")
        #expect(node.attributes["offScale"] == "below")
        #expect(chart.accessibilityTree(for: state).node(id: "chart/series/Adam/best")?.attributes["offScale"] == nil)
    }

    @Test func theChartGrowsWithTheRunOnAFixedStepAxis() throws {
        let (scenario, early) = try session("convergence", frame: 20)
        let fonts = try FontLibrary.loadDefault()
        let figures = SessionFigures(scenario: scenario, fonts: fonts)
        let tree = figures.figure(for: early.renderState).accessibilityTree(for: early.renderState)
        #expect(tree.node(id: "chart/axis/x")?.value == "0 to 400")
        // Frames 0…20 each take a step: 21 steps, 22 values with the start.
        #expect(tree.node(id: "chart/series/Adam")?.attributes["count"] == "22")
        // Later frames draw more: the frames differ, the axis does not.
        let (_, later) = try session("convergence", frame: 60)
        let a = figures.figure(for: early.renderState).render(early.renderState, threads: 2)
        let b = figures.figure(for: later.renderState).render(later.renderState, threads: 2)
        #expect(a != b)
        #expect(figures.figure(for: later.renderState).accessibilityTree(for: later.renderState)
            .node(id: "chart/axis/x")?.value == "0 to 400")
    }
}

@Suite struct PanelsFigureTests {
    @Test func panelsShareTheWidthByWeightWithoutGaps() {
        let rects = PanelsFigure.layout(weights: [1, 1], width: 1600, height: 640)
        #expect(rects == [PixelRect(x0: 0, y0: 0, x1: 800, y1: 640), PixelRect(x0: 800, y0: 0, x1: 1600, y1: 640)])
        let thirds = PanelsFigure.layout(weights: [2, 1], width: 1000, height: 10)
        #expect(thirds.map(\.x0) == [0, 667] && thirds.map(\.x1) == [667, 1000])
    }

    /// Side by side, the landscape's colourbar title (its rightmost text) and the chart's turned
    /// y axis title (its leftmost) stand apart: each is at least twice as near its own axis's
    /// labels as the other title, and two label heights from it, so they do not read as one label.
    @Test(arguments: ["panels", "grid-valley-panels"], [(1280, 720), (1600, 640), (3840, 2160)])
    func neighbouringPanelsKeepTheirAxisTitlesApart(example: String, size: (Int, Int)) throws {
        let scenario = try ScenarioLoader.load(path: ConvergenceChartTests.root.appendingPathComponent("Examples/\(example).json").path)
        var session = try HeadlessSession(scenario: scenario)
        session.runToCompletion()
        let state = session.renderState
        let fonts = try FontLibrary.loadDefault()
        let figure = try #require(SessionFigures(scenario: scenario, fonts: fonts).figure(for: state, width: size.0, height: size.1)
            as? PanelsFigure)
        #expect(!figure.stacked)
        let landscape = try #require(figure.panels[0].figure as? LandscapeFigure)
        let chart = try #require(figure.panels[1].figure as? ConvergenceFigure)
        let shift = Float(figure.panels[1].rect.x0)
        let barTitles = landscape.layoutReport(paths: state.scenario.paths).texts.filter { landscape.colorbarTitleLines.contains($0.text) }
        let barTitle = try #require(barTitles.map(\.rect).max { $0.x1 < $1.x1 })
        let texts = chart.canvas(state).texts
        let yTitle = try #require(texts.first { $0.text == chart.yTitle(chart.scale(chart.series(state))) }?.rect)
        let plot = chart.layout.plot
        let tickLabels = texts.map(\.rect).filter { $0.x1 <= Float(plot.x0) && $0.y0 >= Float(plot.y0) - 8 && $0.x0 > yTitle.x1 }
        let nearestLabel = try #require(tickLabels.map(\.x0).min())
        let between = yTitle.x0 + shift - barTitle.x1, toLabels = nearestLabel - yTitle.x1
        let label = Float(chart.layout.labelSize)
        #expect(between >= 2 * label && between >= 2 * toLabels,
                "\(example) \(size): \(between) px between the titles, \(toLabels) px from the chart's title to its labels")
    }

    @Test func eachPanelDrawsExactlyWhatItsFigureDrawsAlone() throws {
        let scenario = try ScenarioLoader.load(path: ConvergenceChartTests.root.appendingPathComponent("Examples/panels.json").path)
        var session = try HeadlessSession(scenario: scenario)
        session.replay(Trace(), through: 30)
        let state = session.renderState
        let fonts = try FontLibrary.loadDefault()
        let figure = try #require(SessionFigures(scenario: scenario, fonts: fonts).figure(for: state) as? PanelsFigure)
        let frame = figure.render(state, threads: 2)
        for panel in figure.panels {
            let alone = panel.figure.render(state, threads: 1)
            for y in [0, panel.rect.height / 3, panel.rect.height - 1] {
                let row = Array(frame.pixels[(y * frame.width + panel.rect.x0)..<(y * frame.width + panel.rect.x1)])
                #expect(row == Array(alone.pixels[(y * alone.width)..<((y + 1) * alone.width)]))
            }
        }
        // The tree places each panel's nodes where the panel is.
        let tree = figure.accessibilityTree(for: state)
        #expect(tree.root.children.map(\.id) == ["panel1/document", "panel2/document"])
        let right = figure.panels[1].rect
        let hit = try #require(tree.hitTest(x: Double(right.x0 + right.width / 2), y: Double(right.height / 2)))
        #expect(hit.id.hasPrefix("panel2/chart"))
        let solver = try #require(tree.node(id: "panel1/solver/Adam")?.bounds)
        #expect(solver.maxX <= Double(figure.panels[0].rect.x1))
    }

    @Test func aPanelWithItsOwnCameraShowsItsOwnViewBesideTheFollowingOne() throws {
        let scenario = try ScenarioLoader.parse(Data("""
            {"version": 1, "size": {"width": 800, "height": 300}, "landscape": {"function": "rosenbrock"},
             "camera": {"center": [0, 1], "zoom": 2},
             "panels": [{"view": "landscape"}, {"view": "landscape", "camera": {"center": [1, 1], "zoom": 4}, "title": "Detail"}]}
            """.utf8))
        let state = try HeadlessSession(scenario: scenario).renderState
        let tree = SessionFigures(scenario: scenario, fonts: try FontLibrary.loadDefault()).figure(for: state).accessibilityTree(for: state)
        // The first panel follows the session camera; the second keeps its own view.
        #expect(tree.node(id: "panel1/document")?.description?.hasPrefix("Rosenbrock on [−1, 1] × [0, 2]") == true)
        #expect(tree.node(id: "panel2/document")?.name == "Detail")
        #expect(tree.node(id: "panel2/document")?.description?.hasPrefix("Rosenbrock on [0.5, 1.5] × [0.5, 1.5]") == true)
    }
}
