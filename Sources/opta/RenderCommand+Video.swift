import ArgumentParser
import Foundation
import OptaCore
import OptaImage
import OptaRaster
import OptaScene
import OptaVideo

/// `opta render --frames A...B --output run.mp4|run.webm|run.gif`: the options of a video export.
struct VideoOptions: ParsableArguments {
    @Option(help: "Video frames per second, above 0 and at most 1000 (default 30).")
    var fps: Double?

    @Option(help: "Video quality as the encoder's constant rate factor, lower is better: MP4 0...51 (default 18), WebM 0...63 (default 31); not for GIF.")
    var quality: Int?

    @Option(help: "Turn a 3-D scenario's camera by DEG degrees about the vertical over the clip (360: one full turn).")
    var orbit: Double?

    @Option(name: .customLong("stats"), help: "Write the export's timings (total, render, encode) as JSON to PATH.")
    var statsPath: String?

    var isSet: Bool { fps != nil || quality != nil || orbit != nil || statsPath != nil }

    /// Checks the options against the chosen format.
    func validate(for format: VideoFormat) throws {
        if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps must be above 0 and at most 1000, got \(fps)") }
        if let quality {
            guard let range = format.qualityRange else {
                throw ValidationError("--quality does not apply to GIF (its colours come from one palette per clip); leave it out")
            }
            guard range.contains(quality) else {
                throw ValidationError("--quality for \(format.rawValue) must be from \(range.lowerBound) to \(range.upperBound), got \(quality)")
            }
        }
        if let orbit, !(orbit.isFinite && abs(orbit) <= 36_000) {
            throw ValidationError("--orbit must be a number of degrees from -36000 to 36000, got \(orbit)")
        }
    }
}

extension RenderCommand {
    /// The video format `--output` asks for by its extension, if any.
    var videoFormat: VideoFormat? { output.flatMap { VideoFormat(path: $0) } }

    /// `validate()`'s part for videos: true (all checked) when `--output` names a video. A video
    /// name without `--frames` is an error rather than a PNG under a video's name.
    func validateVideo() throws -> Bool {
        guard let output, let format = videoFormat else {
            if video.isSet {
                throw ValidationError("--fps, --quality, --orbit and --stats make a video: add --frames A...B --output FILE.mp4 (or .webm, .gif)")
            }
            return false
        }
        guard frames != nil else {
            throw ValidationError("--output \(output) is a video: add --frames A...B (e.g. --frames 0...149), or write one picture to a .png")
        }
        guard outputDirectory == nil, frame == nil, a11y == nil else {
            throw ValidationError("a video (--output \(output)) takes --frames A...B, not --frame, --output-dir or --a11y")
        }
        try video.validate(for: format)
        return true
    }

    /// Renders frames A...B into a video: each frame is drawn while ffmpeg encodes the ones before.
    func renderVideo(_ range: FrameRange, format: VideoFormat, session: inout HeadlessSession, trace: Trace,
                     figures: SessionFigures) throws {
        let path = output!
        if video.orbit != nil, session.state.orbit == nil {
            throw CommandFailure.usage("--orbit turns a 3-D camera, and this scenario is 2-D; add \"view\": \"3d\" to it or leave --orbit out")
        }
        if let statsPath {
            do { try PNGWriter.checkDestination(statsPath) } catch { throw CommandFailure.usage("--stats \(error)") }
        }
        let scenario = session.state.scenario
        let settings = VideoEncoder.Settings(format: format, width: scenario.width, height: scenario.height,
                                             fps: video.fps ?? 30, quality: video.quality)
        let clock = ContinuousClock()
        let start = clock.now
        let cpuAtStart = VideoTiming.processCPUSeconds()
        let encoder: VideoEncoder
        do { encoder = try VideoEncoder(path: path, settings: settings) } catch { throw CommandFailure(error) }
        let progress = ProgressReporter(total: range.count, label: "frames")
        let turn = (video.orbit ?? 0) / Double(range.count)
        var rendering = Duration.zero
        var figureCache = FigureCache()
        var context = RenderContext()
        session.replayShowingProgress(trace, through: range.first - 1)
        for index in range.first...range.last {
            if turn != 0, index > range.first { session.apply(.orbit(yaw: turn, pitch: 0)) }
            session.replay(trace, through: index)
            let begin = clock.now
            let state = session.renderState  // logged paths revealed through this frame's steps
            var frame = encoder.reusableFrame()  // drawn over whole: no clearing needed
            figureCache.figure(for: state, figures: figures).render(state, overlay: DrawList(), into: &frame, context: &context,
                                                                    threads: frameOptions.threadCount)
            rendering += clock.now - begin
            do { try encoder.append(consume frame) } catch {
                progress.abandon()
                throw CommandFailure(error)
            }
            progress.advance(detail: "frame \(index)")
        }
        let report: VideoEncoder.Report
        do { report = try encoder.finish() } catch {
            progress.abandon()
            throw CommandFailure(error)
        }
        let timing = VideoTiming(total: clock.now - start, rendering: rendering, report: report,
                                 optaCPUSeconds: VideoTiming.processCPUSeconds() - cpuAtStart)
        if let statsPath {
            do { try AtomicFile.write(Array((timing.json + "\n").utf8), to: statsPath) } catch {
                throw CommandFailure.failure("cannot write \(error)")
            }
        }
        progress.finish(summary: "wrote \(path) (\(report.framesWritten) frames, \(scenario.width)×\(scenario.height), "
            + "\(VideoFormat.describe(settings.fps)) fps, \(ByteCount.format(report.bytes))) in \(timing.summary)")
    }

    var statsPath: String? { video.statsPath }
}

/// The figure of the last frame, kept while only the paths grow (as the live viewer does): layout,
/// ticks, contour labels and the prepared landscape depend on the view, not on how far the paths
/// have come, and building them is most of a frame's cost when nothing else changes.
struct FigureCache {
    private var key: Scenario?
    private var figure: (any SceneFigure)?

    mutating func figure(for state: RenderState, figures: SessionFigures) -> any SceneFigure {
        var key = state.scenario
        key.paths = key.paths.map { path in
            var named = path
            named.points = []
            return named
        }
        if let figure, key == self.key { return figure }
        let made = figures.figure(for: state)
        self.key = key
        figure = made
        return made
    }
}

/// Where an export's time went: rendering on Opta's side, the rest waiting for and finishing the encoder.
struct VideoTiming {
    let total: Duration
    let rendering: Duration
    let report: VideoEncoder.Report
    /// CPU time Opta itself used during the export (rendering, and piping frames to ffmpeg).
    let optaCPUSeconds: Double

    /// Opta's share of all the CPU time the export took (Opta's and ffmpeg's): on a busy machine
    /// the two compete for cores, so this share moves less with the load than the wall-clock one.
    var cpuShare: Double {
        let all = optaCPUSeconds + report.encoderCPUSeconds
        return all > 0 ? optaCPUSeconds / all : 0
    }

    /// User + system CPU time of this process so far, in seconds.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    var totalSeconds: Double { Milliseconds.of(total) / 1000 }
    var renderSeconds: Double { Milliseconds.of(rendering) / 1000 }
    var renderShare: Double { totalSeconds > 0 ? renderSeconds / totalSeconds : 0 }

    var summary: String {
        String(format: "%.2f s: rendering %.2f s (%.1f %%), waiting for the encoder %.2f s, finishing %.2f s; CPU: Opta %.1f s (%.1f %%, piping %.1f s), ffmpeg %.1f s",
               totalSeconds, renderSeconds, renderShare * 100, Milliseconds.of(report.waitedForEncoder) / 1000,
               Milliseconds.of(report.finishing) / 1000, optaCPUSeconds, cpuShare * 100, report.pipingCPUSeconds,
               report.encoderCPUSeconds)
    }

    /// `frames`, `total_s`, `render_s`, `render_share`, `encode_wait_s`, `finish_s`,
    /// `encode_share` (the share of the wall time not spent rendering), `opta_cpu_s`, `pipe_cpu_s`
    /// (the part of `opta_cpu_s` spent handing frames to ffmpeg), `ffmpeg_cpu_s`, `opta_cpu_share`
    /// (Opta's part of both processes' CPU time), `bytes`.
    var json: String {
        let fields: [(String, String)] = [
            ("frames", String(report.framesWritten)),
            ("total_s", String(format: "%.3f", totalSeconds)),
            ("render_s", String(format: "%.3f", renderSeconds)),
            ("render_share", String(format: "%.4f", renderShare)),
            ("encode_wait_s", String(format: "%.3f", Milliseconds.of(report.waitedForEncoder) / 1000)),
            ("finish_s", String(format: "%.3f", Milliseconds.of(report.finishing) / 1000)),
            ("encode_share", String(format: "%.4f", 1 - renderShare)),
            ("opta_cpu_s", String(format: "%.3f", optaCPUSeconds)),
            ("pipe_cpu_s", String(format: "%.3f", report.pipingCPUSeconds)),
            ("ffmpeg_cpu_s", String(format: "%.3f", report.encoderCPUSeconds)),
            ("opta_cpu_share", String(format: "%.4f", cpuShare)),
            ("bytes", String(report.bytes)),
        ]
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }
}

extension CommandFailure {
    /// A video error as the user sees it: bad parameters are usage errors, the rest failures.
    init(_ error: VideoError) {
        self.init(status: error.kind == .badParameters ? .usage : .failure, message: error.description)
    }
}

extension VideoFormat {
    static func describe(_ fps: Double) -> String { fps == fps.rounded() ? String(Int(fps)) : String(format: "%.3f", fps) }
}

/// Sizes for people: 812 B, 4.1 MB.
enum ByteCount {
    static func format(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        if bytes < 1_000_000 { return String(format: "%.1f kB", Double(bytes) / 1e3) }
        return String(format: "%.1f MB", Double(bytes) / 1e6)
    }
}
