import ArgumentParser
import Foundation
import OptaCore
import OptaRaster
import OptaScene
import OptaSupport

/// `opta bench`: frame times of scenarios rendered in memory (PNG encoding excluded).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure frame times of scenarios (default: the built-in R1 scene at 1920×1080).",
        discussion: """
            Each frame is built and rendered in full (draw list, tiles, shading), the picture finished in \
            memory; PNG encoding is not included. Prints p50, p95, p99 and max frame time, frames per second \
            and the share of frames over the 16.7 ms budget of 60 Hz. With --json, one JSON object per \
            scenario per line, with the keys scenario, frames, p50_ms, p95_ms, p99_ms, max_ms, fps, \
            over_budget_share.

            Every frame draws the same state with one render context, as a still window redraws: from the \
            third frame on, a landscape's shaded layer is copied from the frame before instead of shaded \
            again. --no-layer-cache shades every frame.

            Example:
              opta bench Benchmarks/Scenarios/r1-landscape2d.json --frames 300 --json
            """
    )

    @Argument(help: "Scenario JSON files. Default: the built-in R1 scene.")
    var scenarios: [String] = []

    @Option(parsing: .unconditional, help: "Frames to measure.")
    var frames: Int = 120

    @Option(parsing: .unconditional, help: "Frames rendered first and not measured.")
    var warmup: Int = 10

    @OptionGroup var frame: FrameOptions

    @OptionGroup var storeLocation: StoreLocationOption

    @Flag(help: "Print one JSON object per scenario instead of a table.")
    var json = false

    @Flag(help: "Also build each frame's accessibility tree and report its cost (a11y_p50_ms, a11y_share).")
    var a11y = false

    @Flag(help: "Shade every frame's landscape anew instead of copying the layer an identical frame before left (measures the shading itself).")
    var noLayerCache = false

    func validate() throws {
        guard (1...Limits.maxFrameNumber).contains(frames) else {
            throw ValidationError("--frames must be from 1 to \(Limits.maxFrameNumber) (docs/limits.md), got \(frames)")
        }
        guard (0...Limits.maxFrameNumber).contains(warmup) else {
            throw ValidationError("--warmup must be from 0 to \(Limits.maxFrameNumber) (docs/limits.md), got \(warmup)")
        }
    }

    func run() throws {
        try reportingFailures {
            let fonts = try ScenarioInput.fonts()
            let paths: [String?] = scenarios.isEmpty ? [nil] : scenarios.map { $0 }
            for path in paths {
                try GridBench.prepare(path)
                var scenario = try ScenarioInput.load(path, store: storeLocation.path)
                scenario.width = frame.width ?? scenario.width
                scenario.height = frame.height ?? scenario.height
                // Solvers run to their budget first: the benchmark measures drawing the finished picture.
                var session: HeadlessSession
                do { session = try HeadlessSession(scenario: scenario) } catch { throw CommandFailure.badData("\(error)") }
                session.runToCompletion()
                let figure = SessionFigures(scenario: scenario, fonts: fonts).figure(for: session.renderState)
                var framebuffer = Framebuffer(width: scenario.width, height: scenario.height)
                var context = RenderContext()
                context.cachesLayers = !noLayerCache
                let clock = ContinuousClock()
                var times: [Double] = []
                var treeTimes: [Double] = []
                times.reserveCapacity(frames)
                let renderState = session.renderState
                for i in 0..<(warmup + frames) {
                    let start = clock.now
                    figure.render(renderState, overlay: DrawList(), into: &framebuffer, context: &context, threads: frame.threadCount)
                    if i >= warmup { times.append(Milliseconds.of(clock.now - start)) }
                    if a11y {
                        let treeStart = clock.now
                        let tree = figure.accessibilityTree(for: renderState)
                        withExtendedLifetime(tree) {
                            if i >= warmup { treeTimes.append(Milliseconds.of(clock.now - treeStart)) }
                        }
                    }
                }
                let stats = FrameStatistics(milliseconds: times)
                let name = ScenarioInput.name(path)
                let tree = a11y ? FrameStatistics(milliseconds: treeTimes) : nil
                let share = tree.map { $0.p50 / stats.p50 }
                if json {
                    var line = stats.json(scenario: name)
                    if let tree, let share {
                        line.removeLast()
                        line += String(format: ", \"a11y_p50_ms\": %.3f, \"a11y_share\": %.4f}", tree.p50, share)
                    }
                    print(line)
                } else {
                    print(stats.table(scenario: name, width: scenario.width, height: scenario.height, threads: frame.threadCount))
                    if let load = GridBench.loadTimes(scenario, scenarioPath: path) {
                        print(String(format: "  grid file %@ read and checked: p50 %.1f ms, p99 %.1f ms", load.file, load.p50, load.p99))
                    }
                    if let tree, let share {
                        print(String(format: "  accessibility tree: p50 %.3f ms, %.1f%% of the frame's p50", tree.p50, share * 100))
                    }
                }
            }
        }
    }
}
