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
            over_budget_share (and p50_vs_first with --interleave).

            Every frame draws the same state with one render context, as a still window redraws: from the \
            third frame on, a landscape's shaded layer is copied from the frame before instead of shaded \
            again. --no-layer-cache shades every frame.

            Examples:
              opta bench Benchmarks/Scenarios/r1-landscape2d.json --frames 300 --json
              opta bench r1.json grid.json --interleave --no-layer-cache
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

    @Flag(help: ArgumentHelp("Draw the scenarios' frames in turn, one frame of each at a time, and give each scenario's p50 as a ratio to the first's.",
                             discussion: "The host's drift over the run then falls on every scenario alike: use it to compare scenes on a busy machine."))
    var interleave = false

    func run() throws {
        try reportingFailures {
            let fonts = try ScenarioInput.fonts()
            let paths: [String?] = scenarios.isEmpty ? [nil] : scenarios.map { $0 }
            func subject(_ path: String?) throws -> BenchSubject {
                try BenchSubject(path: path, width: frame.width, height: frame.height, storePath: storeLocation.path,
                                 cachesLayers: !noLayerCache, fonts: fonts)
            }
            let rounds = warmup + frames, threads = frame.threadCount
            if interleave {
                var subjects = try paths.map(subject)
                for i in 0..<rounds {
                    for k in subjects.indices { subjects[k].drawFrame(measured: i >= warmup, threads: threads, a11y: a11y) }
                }
                let first = FrameStatistics(milliseconds: subjects[0].times).p50
                for s in subjects { report(s, relativeTo: first) }
            } else {
                // One scenario at a time: only one is held in memory.
                for path in paths {
                    var s = try subject(path)
                    for i in 0..<rounds { s.drawFrame(measured: i >= warmup, threads: threads, a11y: a11y) }
                    report(s, relativeTo: nil)
                }
            }
        }
    }

    /// Prints `s`'s frame statistics; with `firstP50`, also its p50 as a ratio to that one.
    private func report(_ s: BenchSubject, relativeTo firstP50: Double?) {
        let stats = FrameStatistics(milliseconds: s.times)
        let tree = a11y ? FrameStatistics(milliseconds: s.treeTimes) : nil
        let share = tree.map { $0.p50 / stats.p50 }
        let ratio = firstP50.map { $0 > 0 ? stats.p50 / $0 : 0 }
        if json {
            var line = stats.json(scenario: s.name)
            line.removeLast()
            if let tree, let share { line += String(format: ", \"a11y_p50_ms\": %.3f, \"a11y_share\": %.4f", tree.p50, share) }
            if let ratio { line += String(format: ", \"p50_vs_first\": %.4f", ratio) }
            print(line + "}")
        } else {
            print(stats.table(scenario: s.name, width: s.scenario.width, height: s.scenario.height, threads: frame.threadCount))
            if let ratio { print(String(format: "  p50 %.2f× the first scenario's (frames drawn in turn)", ratio)) }
            if let load = GridBench.loadTimes(s.scenario, scenarioPath: s.path) {
                print(String(format: "  grid file %@ read and checked: p50 %.1f ms, p99 %.1f ms", load.file, load.p50, load.p99))
            }
            if let tree, let share {
                print(String(format: "  accessibility tree: p50 %.3f ms, %.1f%% of the frame's p50", tree.p50, share * 100))
            }
        }
    }
}
