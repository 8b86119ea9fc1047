import Benchmark
import Foundation
import OptaCore
import OptaRaster
import OptaScene
import OptaText
import Synchronization

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

    frameBenchmark("R1 landscape2d 1920x1080") {
        let fonts = try FontLibrary.loadDefault()
        let scenario = try ScenarioLoader.load(path: scenarios.appendingPathComponent("r1-landscape2d.json").path)
        let figure = LandscapeFigure(scenario: scenario, width: 1920, height: 1080, fonts: fonts)
        return { frame in
            FrameRenderer.render(shader: figure.shader, overlay: figure.drawList(), into: &frame.framebuffer, context: &frame.context,
                                 threads: threads)
        }
    }
    r2GraphBenchmark(scenarios: scenarios, threads: threads)
    surfaceBenchmarks(scenarios: scenarios, threads: threads)
}

/// Registers a frame-time benchmark at 1920×1080. `setUp` builds the scene once, outside every
/// measurement (a figure, a prepared mesh), and returns how to draw one frame; each iteration
/// draws it into the same framebuffer with the same render context, as a live viewer redraws its
/// window. (Built inside the benchmark's closure, the scene was rebuilt for every sample, and each
/// sample measured a cold first frame.)
func frameBenchmark(_ name: String, setUp: () throws -> @Sendable (inout BenchmarkFrame) -> Void) {
    let drawFrame: @Sendable (inout BenchmarkFrame) -> Void
    do {
        drawFrame = try setUp()
    } catch {
        let message = "\(name): cannot set up the scene: \(error)"
        Benchmark(name) { benchmark in benchmark.error(message) }
        return
    }
    let target = SharedFramebuffer()
    Benchmark(name) { benchmark in
        target.frame.withLock { frame in
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                drawFrame(&frame)
                blackHole(frame.framebuffer.pixels[frame.framebuffer.pixels.count / 2])
            }
        }
    }
}

/// What a benchmark draws every sample into: the frame and the render context kept between frames.
struct BenchmarkFrame: Sendable {
    var framebuffer = Framebuffer(width: 1920, height: 1080)
    var context = RenderContext()
}

/// The frame a benchmark draws every sample into.
final class SharedFramebuffer: Sendable {
    let frame = Mutex(BenchmarkFrame())
}
