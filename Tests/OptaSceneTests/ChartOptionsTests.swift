import Foundation
import OptaA11y
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// A convergence panel's axis titles, log x axis and marks (`"xTitle"`, `"yTitle"`, `"xScale"`,
/// `"best"`, `"points"`): the chart then plots measurements other than f against step.
@Suite struct ChartOptionsTests {
    /// Frame time against frame size, logged as JSON Lines with the size as `step` and the time as `f`.
    static func curveScenario(best: Bool = false) throws -> Scenario {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("opta-chart-options-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = [(230_400, 0.9), (921_600, 2.1), (2_073_600, 4.0), (8_294_400, 15.5)].map {
            "{\"path\": \"p50\", \"step\": \($0.0), \"x\": 0, \"y\": 0, \"f\": \($0.1)}"
        }
        try lines.joined(separator: "\n").write(to: folder.appendingPathComponent("curve.jsonl"), atomically: true, encoding: .utf8)
        return try ScenarioLoader.parse(Data("""
            {"version": 1, "title": "Frame time", "size": {"width": 800, "height": 500},
             "landscape": {"expression": "x*x + y*y + 1", "domain": {"x": [-1, 1], "y": [-1, 1]}},
             "pathsFile": "curve.jsonl",
             "panels": [{"view": "convergence", "xScale": "log", "xTitle": "pixels per frame", "yTitle": "ms per frame",
                         "best": \(best), "points": true}]}
            """.utf8), baseFolder: folder.path)
    }

    @Test func theOptionsAreReadAndOnlyAConvergencePanelTakesThem() throws {
        let chart = try Self.curveScenario().panels[0].chart
        #expect(chart == ChartOptions(xTitle: "pixels per frame", yTitle: "ms per frame", xLogarithmic: true,
                                      marksBest: false, marksPoints: true))
        #expect(try ScenarioLoader.parse(Data(#"{"version": 1, "landscape": {"function": "rosenbrock"}, "panels": [{"view": "convergence"}]}"#.utf8)).panels[0].chart
            == ChartOptions())
        do {
            _ = try ScenarioLoader.parse(Data(#"{"version": 1, "landscape": {"function": "rosenbrock"}, "panels": [{"view": "landscape", "xScale": "log"}]}"#.utf8))
            Issue.record("a landscape panel took xScale")
        } catch {
            #expect("\(error)".contains("panels[0].xScale") && "\(error)".contains("only a \"convergence\" panel"))
        }
        do {
            _ = try ScenarioLoader.parse(Data(#"{"version": 1, "landscape": {"function": "rosenbrock"}, "panels": [{"view": "convergence", "xScale": "ln"}]}"#.utf8))
            Issue.record("xScale took \"ln\"")
        } catch {
            #expect("\(error)".contains("panels[0].xScale must be \"linear\" or \"log\""))
        }
    }

    @Test func aLogXAxisPlacesLoggedPathsAtTheirStepsInWholeDecades() throws {
        let scenario = try Self.curveScenario()
        let state = try HeadlessSession(scenario: scenario).renderState
        let figure = try #require(SessionFigures(scenario: scenario, fonts: try FontLibrary.loadDefault()).figure(for: state)
            as? ConvergenceFigure)
        #expect(figure.xAxis.range == 1e5...1e7)
        #expect(figure.xTicks.map(\.label) == ["10⁵", "10⁶", "10⁷"])
        let series = try #require(figure.series(state).first)
        #expect(series.steps == [230_400, 921_600, 2_073_600, 8_294_400])
        // Equal ratios of x are equal distances: 10⁵ → 10⁶ is half the width the data span.
        let scale = figure.scale([series])
        let a = try #require(figure.framePoint(step: 1e5, f: 1, scale: scale))
        let b = try #require(figure.framePoint(step: 1e6, f: 1, scale: scale))
        #expect(abs(Double(b.x - a.x) - Double(figure.dataRect.width) / 2) < 1e-3)
        #expect(figure.framePoint(step: 0, f: 1, scale: scale) == nil)

        let tree = figure.accessibilityTree(for: state)
        let xAxis = try #require(tree.node(id: "chart/axis/x"))
        #expect(xAxis.name == "pixels per frame" && xAxis.value?.hasSuffix("log scale") == true)
        #expect(xAxis.attributes["scale"] == "log")
        #expect(tree.node(id: "chart/axis/y")?.name == "ms per frame")
    }

    @Test func withoutBestMarksTheChartDrawsNoRingsNoteOrLegendEntry() throws {
        let fonts = try FontLibrary.loadDefault()
        func texts(best: Bool) throws -> [String] {
            let scenario = try Self.curveScenario(best: best)
            let state = try HeadlessSession(scenario: scenario).renderState
            let figure = try #require(SessionFigures(scenario: scenario, fonts: fonts).figure(for: state) as? ConvergenceFigure)
            return figure.canvas(state).texts.map(\.text)
        }
        let without = try texts(best: false)
        #expect(without.contains("pixels per frame") && without.contains("ms per frame"))
        // The y axis keeps its decades beside a log x axis (which has no step 0 to place them at).
        #expect(["0.1", "1", "10", "100"].allSatisfy(without.contains))
        #expect(!without.contains { $0.hasPrefix("best") })
        #expect(try texts(best: true).contains { $0.hasPrefix("best ms per frame = 0.9 · p50") })
    }
}
