import ArgumentParser
import Foundation
import OptaA11y
import OptaCore
import OptaImage
import OptaRaster
import OptaRuntime
import OptaSDL
import OptaSupport
import OptaText
import OptaVideo

/// `opta view`: the live window.
struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Open a live window: watch solvers move, pan, zoom, pause and step them.",
        discussion: """
            Mouse: drag to pan, wheel or pinch to zoom about the cursor (right- or shift-drag pans too). \
            Keys: arrows pan, + and - zoom, R reset the view, Space pause/resume solvers, N one step, \
            C next colormap, H heads-up display (fps, frame times, solver progress), S screenshot, \
            Tab / Shift-Tab move the accessibility focus, Q or Esc quit. Accessibility: X, Y, L, B focus the \
            axes, legend and colour bar; Home / End, [ / ] the focused path's start, end, lowest and highest f; \
            T reads its table; A plays its audio graph (docs/accessibility.md).

            Solvers run on background threads while you watch. With --record or --replay they advance \
            in step with the frames instead, so that a recorded session replays exactly, here or with \
            `opta render --replay TRACE --frame N`.

            With --follow FILE the window also shows a run that another program is logging, as it \
            goes: one JSON object per line, {"path": "adam", "step": 12, "x": 0.3, "y": 1.2, "f": 0.8} \
            ("path", "step" and "f" optional; "loss" may stand for "f"). Each path grows as lines \
            arrive, in the landscape and the convergence chart; a new path name gets the next colour \
            and a legend entry. A malformed line is reported once on standard error with its line \
            number and skipped; a file that is truncated or replaced is read again from its start; a \
            file that does not exist yet is waited for. `--follow -` reads standard input. Format and \
            a PyTorch example: docs/follow.md.

            Without a display (no X server), it says so and exits with status 69: use `opta render`.

            Examples:
              opta view Examples/solvers.json
              opta view --record session.jsonl --screenshot last.png
              xvfb-run -a opta view --frames 600 --stats s.json --width 1280 --height 720
              opta view Examples/solvers.json --record-video session.mp4
              python train.py & opta view Examples/panels.json --follow log.jsonl
            """
    )

    @Argument(help: "A scenario JSON file. Default: the built-in R1 scene.")
    var scenario: String?

    @Option(parsing: .unconditional, help: "Frames per second (default: the display's refresh rate, else 60).")
    var fps: Double?

    @Option(parsing: .unconditional, help: "Quit after this many frames.")
    var frames: Int?

    @Option(help: "Replay a trace of actions (JSON Lines).")
    var replay: String?

    @Option(help: "Record your actions to this trace file (JSON Lines) when the window closes.")
    var record: String?

    @Option(help: "Save the last frame as PNG here when the window closes.")
    var screenshot: String?

    @Option(help: "Write frame statistics as JSON here when the window closes.")
    var stats: String?

    @Option(parsing: .unconditional, help: "Window width in pixels.")
    var width: Int = 1280

    @Option(parsing: .unconditional, help: "Window height in pixels.")
    var height: Int = 720

    @Option(parsing: .unconditional, help: "Render threads (default: all cores).")
    var threads: Int?

    @Flag(help: "Speak the focused item (Tab, Shift-Tab) with espeak-ng, when it is installed.")
    var speak = false

    @Option(help: "How much the focused item and announcements say: low (name and value), medium (also the description), high (everything the accessibility tree knows).")
    var verbosity: Verbosity = .medium

    @Flag(help: "Play a live audio graph of the focused solver (the first when focus is elsewhere): pitch is f on the colour scale, earcons sound when it converges or diverges.")
    var sonify = false

    @Option(name: .customLong("record-video"), help: "Record the session to a video (.mp4, .webm or .gif) at the window's frame rate; written when the window closes (Q, Esc, or a first Ctrl-C; a second Ctrl-C discards it).")
    var recordVideo: String?

    @Option(help: ArgumentHelp(
        "Show a run another program logs, growing as it writes: a JSON Lines file (or - for standard input), one point per line, {\"path\": \"adam\", \"step\": 12, \"x\": 0.3, \"y\": 1.2, \"f\": 0.8}.",
        discussion: "\"path\" (default: the file's name), \"step\" and \"f\" are optional. A file that does not exist yet is waited for. See docs/follow.md.",
        valueName: "file"))
    var follow: String?

    // Run store (docs/runs.md): stored runs to overlay, the viewer's saved state (ViewCommand+Restore.swift).
    @OptionGroup var storeOptions: ViewStoreOptions

    func validate() throws {
        if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps must be between 0 and 1000, got \(fps)") }
        if let frames, !(1...Limits.maxFrameNumber).contains(frames) {
            throw ValidationError("--frames must be from 1 to \(Limits.maxFrameNumber) (docs/limits.md), got \(frames); leave it out to run until you close the window")
        }
        for (flag, value) in [("--width", width), ("--height", height)] where !(64...16384).contains(value) {
            throw ValidationError("\(flag) must be from 64 to 16384, got \(value)")
        }
        if let threads, threads < 1 { throw ValidationError("--threads must be 1 or more, got \(threads); leave it out to use all cores") }
        if let recordVideo, VideoFormat(path: recordVideo) == nil {
            throw ValidationError("--record-video \(recordVideo) must end in .mp4, .webm or .gif")
        }
        if let follow { try Self.checkFollow(follow) }
    }

    func run() throws {
        try reportingFailures {
            Self.allowQuitSignals()
            let status = try StatusOutput(outputs: [("--record", record), ("--screenshot", screenshot), ("--stats", stats)])
            for (flag, path, example) in [("--record", record, "session.jsonl"), ("--screenshot", screenshot, "last.png"),
                                          ("--stats", stats, "stats.json"), ("--record-video", recordVideo, "session.mp4")] {
                if let path {
                    do { try PNGWriter.checkDestination(path, example: example) } catch { throw CommandFailure.usage("\(flag) \(error)") }
                }
            }
            let scenario = try ScenarioInput.load(self.scenario, store: storeOptions.path)
            if follow != nil, scenario.kind == .graph {
                throw CommandFailure.usage("--follow draws logged paths on a landscape; \(self.scenario ?? "the scenario") is a graph")
            }
            let keeper = storeOptions.keeper(scenarioPath: self.scenario, scenario: scenario)
            let trace = try replay.map { path -> Trace in
                do { return try Trace.load(path: path) } catch { throw CommandFailure.badData("\(error)") }
            }
            let fonts = try ScenarioInput.fonts()
            var options = ViewerSession.Options()
            options.maxFrames = frames
            options.replay = trace
            options.record = record != nil
            options.threads = threads ?? FrameOptions.availableCores
            options.speak = speak
            options.verbosity = verbosity
            options.solverRecorder = keeper?.solverRecorder(scenario: scenario)
            let reader: FollowReader?
            if let follow {
                let feed = ActionFeed()
                options.feed = feed
                reader = Self.followReader(follow, feed: feed, keeper: keeper, scenario: scenario)
            } else {
                reader = nil
            }
            let viewerOptions = options
            let requestedFPS = fps
            let size = keeper?.windowSize(requested: SIMD2(width, height)) ?? SIMD2(width, height)
            let screenshotPath = screenshot
            let recording = recordVideo.map { LiveRecording(path: $0, format: VideoFormat(path: $0)!) }
            let liveSound = sonify
            let outcome = Locked<Result<WindowReport, CommandFailure>?>(nil)
            // The window and the frame loop live on a dedicated render thread; this one waits.
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                outcome.withLock { $0 = Self.runWindow(scenario: scenario, fonts: fonts, options: viewerOptions,
                                                       fps: requestedFPS, size: size, screenshotPath: screenshotPath,
                                                       recording: recording, sonify: liveSound, follow: reader, keeper: keeper) }
                done.signal()
            }
            thread.name = "opta.render"
            thread.qualityOfService = .userInteractive
            thread.stackSize = 8 << 20
            thread.start()
            done.wait()
            guard let result = outcome.withLock({ $0 }) else { throw CommandFailure.failure("the viewer stopped unexpectedly") }
            let report = try result.get()  // (session report, finished recording)
            if let record {
                do { try AtomicFile.write(Array(report.trace.jsonLines.utf8), to: record) } catch {
                    throw CommandFailure.failure("--record: cannot write \(error)")
                }
            }
            var statistics = LiveRecording.statistics(report.statisticsJSON, adding: report.video)
            if follow != nil { statistics = Self.statistics(statistics, followed: report.finalState.followedPaths) }
            if let stats {
                do { try AtomicFile.write(Array((statistics + "\n").utf8), to: stats) } catch {
                    throw CommandFailure.failure("--stats: cannot write \(error)")
                }
            }
            if let screenshot, let frame = report.lastFrame {
                try Self.save(frame, to: screenshot)
            }
            if let video = report.video {
                status.say("wrote \(video.path) (\(video.framesWritten) frames, \(video.framesDropped) dropped from the video)")
            }
            status.say("\(report.frames) frames; \(statistics)")
        }
    }

    /// Opens the window and runs the session; on the render thread.
    static func runWindow(scenario: Scenario, fonts: FontLibrary, options: ViewerSession.Options, fps: Double?,
                          size: SIMD2<Int>, screenshotPath: String?,
                          recording: LiveRecording?, sonify: Bool, follow: FollowReader?,
                          keeper: ViewerStateKeeper? = nil) -> Result<WindowReport, CommandFailure> {
        let window: SDLWindow
        do {
            window = try SDLWindow(title: "Opta — \(scenario.title ?? scenario.landscape.objective.displayName)",
                                   width: size.x, height: size.y)
        } catch {
            return .failure(error.noDisplay
                ? CommandFailure(status: .unavailable, message: "\(error.description). Without a display, use `opta render` to write PNG files, or run under xvfb-run.")
                : CommandFailure.failure(error.description))
        }
        var options = options
        options.fps = fps ?? Double(window.refreshRate ?? 60)
        do {
            let session = try ViewerSession(scenario: scenario, fonts: fonts, options: options, viewSize: window.drawableSize)
            // The log is read while the window is open, and no longer: stopping waits for the reader thread.
            if let follow {
                follow.start()
                event("following \(follow.source.name)")
            }
            defer { follow?.stop() }
            var shots = 0
            session.onScreenshot = { frame in
                shots += 1
                let path = screenshotPath.map { p in shots == 1 ? p : p.replacingOccurrences(of: ".png", with: "-\(shots).png") }
                    ?? "opta-screenshot-\(shots).png"
                try? save(frame, to: path)
                event("screenshot: \(path)")
            }
            session.onFocus = { sentence in
                event("focus: \(sentence)")
                if options.speak { Speech.say(sentence) }
            }
            session.onAnnouncement = { text in
                event("announce: \(text)")
                if options.speak { Speech.say(text) }
            }
            session.onTable = { print($0, terminator: "") }
            session.onAudio = { print("audio: \($0)") }
            session.sound = Self.sound(live: sonify)
            defer {  // silent once the window closes; the audio devices close before the window quits SDL
                withExtendedLifetime(window) {
                    session.sound?.clips?.stop()
                    session.sound?.clips?.waitUntilMade()
                    session.sound = nil
                }
            }
            // The saved view restored, the state saved while it runs and when it ends (ViewCommand+Restore.swift).
            // The reader stops first: its followed runs end before the store's writer is closed.
            let saving = keeper?.attach(session, to: window)
            defer { follow?.stop(); saving?.finish() }
            let shell: any FrameSink & InputSource = saving ?? window
            guard let recording else {
                return .success(WindowReport(session.run(source: shell, sink: shell), video: nil))
            }
            do { return .success(try recording.run(session, in: shell, fps: options.fps)) } catch {
                return .failure(CommandFailure(error))
            }
        } catch {
            return .failure(CommandFailure.badData("\(error)"))
        }
    }

    /// SIGINT and SIGTERM close the window as Q does (SDL turns them into a quit event, and the
    /// session's trace, statistics and screenshot are written). A launcher that blocked them (some
    /// test runners and process managers do; children inherit it) would leave a viewer that
    /// cannot be asked to quit, so they are unblocked here, before any thread that should take
    /// them is started.
    static func allowQuitSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Prints one line about what happens in the window (screenshot, focus, announcement) at once,
    /// unbuffered, so a program reading the viewer's output sees it when it happens.
    static func event(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func save(_ frame: Framebuffer, to path: String) throws {
        do { try PNGWriter.write(frame.image, to: path) } catch { throw CommandFailure.failure("cannot write \(error)") }
    }
}


/// What a closed window leaves: the session's report and, with --record-video, the video's.
@dynamicMemberLookup
struct WindowReport: Sendable {
    let session: ViewerSession.Report
    let video: VideoEncoder.Report?

    init(_ session: ViewerSession.Report, video: VideoEncoder.Report?) {
        self.session = session
        self.video = video
    }

    subscript<T>(dynamicMember path: KeyPath<ViewerSession.Report, T>) -> T { session[keyPath: path] }
}
