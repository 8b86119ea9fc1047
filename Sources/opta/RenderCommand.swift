import ArgumentParser
import Foundation
import OptaA11y
import OptaCore
import OptaImage
import OptaRaster
import OptaScene

/// `opta render`: draws a scenario (or the default scene) into a PNG file or a numbered sequence.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scenario to a PNG file, or a range of frames to a numbered PNG sequence or a video.",
        discussion: """
            Without SCENARIO, renders the built-in default scene: the Rosenbrock valley on a log colour \
            scale with contours and the Adam solver's path (reference scene R1). Solvers in a scenario run \
            to their step budget, unless --frame or --frames asks for a moment of the run: headless, each \
            frame applies its recorded actions (--replay) and then advances every running solver by the \
            scenario's stepsPerFrame, so frame N is the same picture every time. PNGs are written \
            atomically: a failed or interrupted render never leaves a partial file.

            Examples:
              opta render --output rosenbrock.png
              opta render Examples/himmelblau.json -o h.png --width 1280 --height 720
              opta render --expression "sin(3*x)*cos(2*y)" --domain -3,3,-2,2 -o f.png
              opta render --function rastrigin --scale linear -o rastrigin.png
              opta render Examples/solvers.json --frame 40 --replay s.jsonl -o 40.png
              opta render Examples/solvers.json --frames 0...199 --output-dir frames/
              opta render Examples/solvers.json --frames 0...299 --output run.mp4
              opta render Examples/solvers.json --frames 0...99 --fps 20 -o run.gif
              opta render Examples/rastrigin-3d.json --frames 0...239 --orbit 360 -o o.webm
            """
    )

    @Argument(help: "A scenario JSON file (see docs/scenario.md). Default: the built-in R1 scene.")
    var scenario: String?

    @Option(name: .shortAndLong, help: "Where to write the PNG: a file (its folder must exist), a FIFO or device, or - for standard output.")
    var output: String?

    @Option(parsing: .unconditional, help: "Render frame N of the run (0 is the first).")
    var frame: Int?

    @Option(parsing: .unconditional, help: "Render frames A...B (inclusive, at most \(Limits.framesPerExport) frames, up to frame \(Limits.maxFrameNumber)) into --output-dir as frame-00000.png, ...")
    var frames: FrameRange?

    @Option(name: .customLong("output-dir"), help: "Folder for --frames; it must exist.")
    var outputDirectory: String?

    @Flag(help: "Logged paths (paths, pathsFile) grow step by step: frame k shows them through step (k+1)·stepsPerFrame, in PNG sequences and videos alike. Frames of a run always show them so; the flag says it explicitly.")
    var reveal = false

    @Option(help: "A trace of actions (JSON Lines, as `opta view --record` writes) to replay.")
    var replay: String?

    @OptionGroup(title: "Landscape (instead of, or on top of, a scenario file)") var landscape: LandscapeOptions

    @OptionGroup var frameOptions: FrameOptions

    @Option(help: "PNG compression: fast (default) or small.")
    var compression: PNGCompression = .fast

    @Option(name: .customLong("a11y"), help: "Also write the frame's accessibility tree as JSON to PATH (see `opta a11y`).")
    var a11y: String?

    @OptionGroup var storeLocation: StoreLocationOption

    // Videos (RenderCommand+Video.swift).
    @OptionGroup(title: "Video (--frames A...B --output FILE.mp4, .webm or .gif)") var video: VideoOptions

    /// Nodes × iterations from which a force layout shows progress (about a second of work).
    static let layoutProgressWork = 1_000_000

    func validate() throws {
        if reveal, frames == nil, frame == nil {
            throw ValidationError("--reveal grows logged paths over the frames of a run: add --frames A...B (PNG frames with --output-dir, or a video) or --frame N; a single picture shows them whole")
        }
        if try validateVideo() { return }
        if frames != nil {
            guard outputDirectory != nil else {
                throw ValidationError("--frames needs --output-dir FOLDER (PNG frames) or --output FILE.mp4, .webm or .gif (a video)")
            }
            guard output == nil, frame == nil else { throw ValidationError("--frames writes a sequence: use --output-dir, not --output or --frame") }
            guard a11y == nil else { throw ValidationError("--a11y goes with a single frame (--output), not --frames") }
        } else {
            guard output != nil else { throw ValidationError("--output PATH is required (or --frames A...B with --output-dir)") }
            guard outputDirectory == nil else { throw ValidationError("--output-dir goes with --frames A...B") }
        }
        if let frame, !(0...Limits.maxFrameNumber).contains(frame) {
            throw ValidationError("--frame must be from 0 to \(Limits.maxFrameNumber) (docs/limits.md), got \(frame)")
        }
        if let problem = frames?.problem { throw ValidationError(problem) }
    }

    func run() throws {
        try reportingFailures {
            let status = try StatusOutput(outputs: [("--output", output), ("--a11y", a11y)])
            if let output {
                do { try PNGWriter.checkDestination(output, example: "out.png") } catch { throw CommandFailure.usage("--output \(error)") }
            }
            if let a11y {
                do { try PNGWriter.checkDestination(a11y, example: "tree.json") } catch { throw CommandFailure.usage("--a11y \(error)") }
            }
            if let outputDirectory { try checkFolder(outputDirectory) }
            var scenario = landscape.isEmpty
                ? try ScenarioInput.load(self.scenario, store: storeLocation.path)
                : try landscape.apply(to: self.scenario.map { try ScenarioInput.load($0, store: storeLocation.path) })
            scenario.width = frameOptions.width ?? scenario.width
            scenario.height = frameOptions.height ?? scenario.height
            let trace = try replay.map { path -> Trace in
                guard FileManager.default.fileExists(atPath: path) else {
                    throw CommandFailure.usage("--replay \(path) does not exist")
                }
                do { return try Trace.load(path: path) } catch { throw CommandFailure.badData("\(error)") }
            } ?? Trace()
            var session: HeadlessSession
            do { session = try HeadlessSession(scenario: scenario) } catch { throw CommandFailure.badData("\(error)") }
            let figures = SessionFigures(scenario: scenario, fonts: try ScenarioInput.fonts())

            if let frames, let videoFormat {
                try renderVideo(frames, format: videoFormat, session: &session, trace: trace, figures: figures)
                return
            }
            if let frames {
                try renderSequence(frames, session: &session, trace: trace, figures: figures)
                return
            }
            if let frame {
                session.replayShowingProgress(trace, through: frame)
            } else if let replay {
                let last = trace.entries.last?.frame ?? 0
                guard last <= Limits.maxFrameNumber else {
                    throw CommandFailure.usage("--replay \(replay) ends at frame \(last), beyond the \(Limits.maxFrameNumber) frames Opta replays (docs/limits.md); give --frame N to draw an earlier frame")
                }
                session.replayShowingProgress(trace, through: last)
            } else if let graph = scenario.graph, graph.layout.method == .force,
                      graph.nodes.count * graph.layout.iterations >= Self.layoutProgressWork {
                // A layout of this size takes seconds to minutes: show how far it is.
                let progress = ProgressReporter(total: graph.layout.iterations, label: "layout iterations (\(graph.nodes.count) nodes)")
                session.runToCompletion { done, _ in progress.set(done: done, detail: "layout") }
                progress.end()
            } else {
                session.runToCompletion()
            }
            let clock = ContinuousClock()
            let start = clock.now
            let figure = figures.figure(for: session.renderState)
            let framebuffer = figure.render(session.renderState, threads: frameOptions.threadCount)
            let rendered = clock.now - start
            try write(framebuffer, to: output!)
            status.say("wrote \(output!) (\(framebuffer.width)×\(framebuffer.height), rendered in \(Milliseconds.format(rendered)))")
            if let a11y { try writeTree(of: figure, state: session.renderState, to: a11y, status: status) }
        }
    }

    private func renderSequence(_ range: FrameRange, session: inout HeadlessSession, trace: Trace,
                                figures: SessionFigures) throws {
        let folder = outputDirectory!
        let progress = ProgressReporter(total: range.count, label: "frames")
        session.replayShowingProgress(trace, through: range.first - 1)
        var context = RenderContext()
        for index in range.first...range.last {
            session.replay(trace, through: index)
            let framebuffer = figures.figure(for: session.renderState).render(session.renderState, context: &context,
                                                                              threads: frameOptions.threadCount)
            let path = "\(folder)/frame-\(String(format: "%05d", index)).png"
            try write(framebuffer, to: path)
            progress.advance(detail: path)
        }
        progress.finish(summary: "wrote \(range.count) frames to \(folder)")
    }

    /// Builds the frame's accessibility tree (only when asked) and writes it as JSON, atomically.
    private func writeTree(of figure: any SceneFigure, state: RenderState, to path: String, status: StatusOutput) throws {
        let clock = ContinuousClock()
        let start = clock.now
        let tree = figure.accessibilityTree(for: state)
        let built = clock.now - start
        do { try AtomicFile.write([UInt8](try tree.jsonData()), to: path) } catch {
            throw CommandFailure.failure("cannot write \(error)")
        }
        status.say("wrote \(path) (accessibility tree of \(tree.allNodes.count) items, built in \(Milliseconds.format(built)))")
    }

    private func write(_ framebuffer: Framebuffer, to path: String) throws {
        do { try PNGWriter.write(framebuffer.image, to: path, compression: compression) } catch {
            throw CommandFailure.failure("cannot write \(error)")
        }
    }

    private func checkFolder(_ path: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw CommandFailure.usage("--output-dir \(path) does not exist; create it first")
        }
        guard isFolder.boolValue else { throw CommandFailure.usage("--output-dir \(path) is not a folder") }
        guard FileManager.default.isWritableFile(atPath: path) else {
            throw CommandFailure.usage("--output-dir \(path) is not writable")
        }
    }
}


/// `A...B`: an inclusive range of frame numbers, as typed; `validate` checks it against the limits.
struct FrameRange: ExpressibleByArgument {
    let first: Int
    let last: Int
    var count: Int { last - first + 1 }

    init?(argument: String) {
        let parts = argument.components(separatedBy: "...")
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]) else { return nil }
        first = a
        last = b
    }

    /// Nil when the range can be rendered, else the message for `--frames`.
    var problem: String? {
        if first < 0 { return "--frames must start at frame 0 or later, got \(first)...\(last)" }
        if last < first { return "--frames A...B needs A ≤ B, got \(first)...\(last); write \(last)...\(first)" }
        if last > Limits.maxFrameNumber {
            return "--frames may reach frame \(Limits.maxFrameNumber) at most (docs/limits.md), got \(first)...\(last)"
        }
        if count > Limits.framesPerExport {
            return "--frames writes at most \(Limits.framesPerExport) frames at once (docs/limits.md), got \(count) (\(first)...\(last)); split the range"
        }
        return nil
    }

    static var defaultValueDescription: String { "A...B" }
}

extension PNGCompression: ExpressibleByArgument {}

/// Formatting of durations for reports.
enum Milliseconds {
    static func of(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }

    static func format(_ d: Duration) -> String { String(format: "%.2f ms", of(d)) }
}
