import Benchmark
import Foundation
import OptaCore
import OptaRaster
import OptaScene
import OptaText

/// Frame-time benchmarks of Opta's reference scenes at 1920×1080: every iteration builds the
/// overlay and renders the whole frame in memory, as `opta bench` does.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 10,
        maxDuration: .seconds(10),
        maxIterations: 300
    )

    let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios")
    let threads = ProcessInfo.processInfo.activeProcessorCount

    Benchmark("R1 landscape2d 1920x1080") { benchmark in
        guard let fonts = try? FontLibrary.loadDefault(),
              let scenario = try? ScenarioLoader.load(path: scenarios.appendingPathComponent("r1-landscape2d.json").path)
        else {
            benchmark.error("cannot load R1 or the fonts")
            return
        }
        let figure = LandscapeFigure(scenario: scenario, width: 1920, height: 1080, fonts: fonts)
        var framebuffer = Framebuffer(width: 1920, height: 1080)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            FrameRenderer.render(shader: figure.shader, overlay: figure.drawList(), into: &framebuffer, threads: threads)
            blackHole(framebuffer.pixels[framebuffer.pixels.count / 2])
        }
    }
    r2GraphBenchmark(scenarios: scenarios, threads: threads)
    surfaceBenchmarks(scenarios: scenarios, threads: threads)
}
