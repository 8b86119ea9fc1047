import Foundation
import OptaCore
import OptaRaster
import OptaScene
import OptaText

/// R2 (2000 nodes, 8000 translucent edges) at 1920×1080: every iteration builds the graph's draw
/// list and renders the whole frame in memory, as `opta bench` does.
func r2GraphBenchmark(scenarios: URL, threads: Int) {
    frameBenchmark("R2 graph 1920x1080") {
        let fonts = try FontLibrary.loadDefault()
        let scenario = try ScenarioLoader.load(path: scenarios.appendingPathComponent("r2-graph.json").path)
        let state = try HeadlessSession(scenario: scenario).renderState
        let figure = GraphFigure(scenario: scenario, width: 1920, height: 1080, fonts: fonts)
        return { frame in
            figure.render(state, overlay: DrawList(), into: &frame.framebuffer, context: &frame.context, threads: threads)
        }
    }
}
