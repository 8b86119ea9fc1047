import Foundation
import OptaCore
import OptaRaster
import OptaScene
import OptaText

/// R3 (the Himmelblau surface) at 1920×1080, N = 256 and N = 512: every iteration draws the whole
/// frame (transform, bin, rasterize, shade, overlay) with the mesh prepared once, as `opta bench` does.
func surfaceBenchmarks(scenarios: URL, threads: Int) {
    for (name, file) in [("R3 surface3d N=256 1920x1080", "r3-surface3d.json"), ("R3 surface3d N=512 1920x1080", "r3-surface3d-512.json")] {
        frameBenchmark(name) {
            let fonts = try FontLibrary.loadDefault()
            let scenario = try ScenarioLoader.load(path: scenarios.appendingPathComponent(file).path)
            let state = try HeadlessSession(scenario: scenario).renderState
            let figure = SessionFigures(scenario: scenario, fonts: fonts).figure(for: state)
            return { frame in
                figure.render(state, overlay: DrawList(), into: &frame.framebuffer, context: &frame.context, threads: threads)
            }
        }
    }
}
