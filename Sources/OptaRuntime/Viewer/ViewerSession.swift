import Foundation
import OptaCore
import OptaRaster
import OptaScene
import OptaSupport
import OptaText
import OptaA11y

/// The live viewer's frame loop body: each tick drains input into the store, takes the solvers'
/// latest state, builds the immutable `RenderState`, renders it in parallel tiles and hands the
/// frame to the sink. It knows no window system: input and output come through protocols.
///
/// Solvers run live on background threads (`SolverWorker`), or frame-locked when a session is
/// recorded or replayed, so that a recorded trace replays to exactly the same frames.
public final class ViewerSession {
    /// How the session runs.
    public struct Options: Sendable {
        public var fps: Double = 60
        /// Quit after this many frames.
        public var maxFrames: Int?
        /// Actions to replay (frame-locked solvers).
        public var replay: Trace?
        /// Record the user's actions (frame-locked solvers).
        public var record = false
        public var threads = ProcessInfo.processInfo.activeProcessorCount
        /// Steps per second of live solvers; nil runs them flat out at low priority.
        public var solverRate: Double? = nil
        /// Speak the focused item's description with espeak-ng, when it is installed.
        public var speak = false
        /// How much the focused item's sentence and announcements say.
        public var verbosity = Verbosity.medium
        /// Actions other threads send (a followed log's points), applied at the start of each
        /// frame and recorded like the user's.
        public var feed: ActionFeed?
        /// Where solvers hand every iterate to be kept (the run store): live solvers from their
        /// own threads, frame-locked ones (record, replay) after each frame; nil keeps nothing.
        public var solverRecorder: (any SolverStepRecorder)?
        public init() {}
    }

    /// What a finished session leaves behind.
    public struct Report: Sendable {
        public let frames: Int
        public let statisticsJSON: String
        public let trace: Trace
        public let lastFrame: Framebuffer?
        public let finalState: AppState
        /// The id of the node focus was on in the last frame, if any.
        public let focusedNode: String?
    }

    let fonts: FontLibrary
    let options: Options
    let figures: SessionFigures
    var state: AppState
    var lockstep: HeadlessSession?
    /// Frame-locked solvers on their way to the run store.
    var lockstepRecording: LockstepRecording?
    var workers: [SolverWorker] = []
    /// A graph scenario's force layout, settling live on its own thread.
    var layoutWorker: GraphLayoutWorker?
    var recorder: FrameStatsRecorder
    var trace = Trace()
    var gestures: GestureRecognizer
    var framebuffer: Framebuffer?
    /// Scratch memory the frames share.
    var renderContext = RenderContext()
    var frames = 0
    /// Called with a copy of the frame whenever the user asks for a screenshot.
    public var onScreenshot: ((Framebuffer) -> Void)?
    /// Called with the focused item's sentence whenever focus moves to another item (Tab,
    /// Shift-Tab, the jump keys, or its item leaving the frame).
    public var onFocus: ((String) -> Void)?
    /// Called with events worth saying (a solver converged or diverged, a new best value), throttled.
    public var onAnnouncement: ((String) -> Void)?
    /// Called with the focused path's data table, read row by row (T).
    public var onTable: ((String) -> Void)?
    /// Called with what A did: which path's audio graph plays, or that it stopped.
    public var onAudio: ((String) -> Void)?
    /// Where A's audio graphs and the live sonification play; nil: no sound.
    public var sound: ViewerSound?
    var lastFocus: String?
    var figureCache: (key: Scenario, followedSpan: Int?, size: SIMD2<Int>, figure: any SceneFigure)?
    var announcer: Announcer
    /// The session's time: its frame loop and its workers wait on it.
    let clock: any FrameClock

    /// A session of `scenario` in a view of `viewSize`; `clock` paces its frames and its live
    /// solvers and layout alike (a test's `ManualFrameClock` moves time for all of them).
    public init(scenario: Scenario, fonts: FontLibrary, options: Options, viewSize: SIMD2<Int>,
                clock: any FrameClock = SystemFrameClock()) throws {
        self.fonts = fonts
        self.options = options
        self.clock = clock
        figures = SessionFigures(scenario: scenario, fonts: fonts)
        state = AppState(scenario: scenario)
        recorder = FrameStatsRecorder(budget: .seconds(1) / options.fps)
        announcer = Announcer(verbosity: options.verbosity)
        gestures = GestureRecognizer(viewSize: SIMD2(Double(viewSize.x), Double(viewSize.y)),
                                     mode: scenario.surface == nil ? .twoD : .threeD)
        if options.record || options.replay != nil {
            lockstep = try HeadlessSession(scenario: scenario)
            lockstepRecording = options.solverRecorder.map { LockstepRecording(recorder: $0, scenario: scenario) }
        } else {
            workers = try scenario.solvers.map {
                try SolverWorker(spec: $0, objective: scenario.landscape.objective, stepsPerSecond: options.solverRate,
                                 recorder: options.solverRecorder, clock: clock)
            }
            layoutWorker = HeadlessSession.makeLayout(scenario).map {
                GraphLayoutWorker(layout: $0, iterationsPerSecond: options.solverRate ?? 60, clock: clock)
            }
        }
    }

    /// Runs until the user quits or `maxFrames` frames were shown.
    public func run(source: InputSource, sink: FrameSink) -> Report {
        warmUp(sink: sink)
        workers.forEach { $0.start() }
        layoutWorker?.start()
        defer {
            workers.forEach { $0.cancel() }
            layoutWorker?.cancel()
            if let lockstep { lockstepRecording?.sessionEnded(lockstep) }
        }
        let loop = FrameLoop(clock: clock, interval: .seconds(1) / options.fps, maxFrames: options.maxFrames)
        let report = loop.run { tick in self.frame(tick, source: source, sink: sink, clock: clock) }
        recorder.recordSkipped(report.skippedFrames)
        return Report(frames: frames, statisticsJSON: recorder.sessionJSON(), trace: trace, lastFrame: framebuffer,
                      finalState: lockstep?.state ?? state, focusedNode: lastFocus)
    }

    /// Renders and shows the opening picture before the clock starts, so the first timed frames do
    /// not pay for filling the glyph cache, allocating buffers and setting up the window's image
    /// (a first frame that misses its deadline is a visible stutter). It is drawn twice: the
    /// render context keeps a landscape seen twice in a row, so the first timed frames copy it
    /// instead of shading it (at 3840×2160, several frames' budget).
    func warmUp(sink: FrameSink) {
        let size = sink.drawableSize
        let renderState = currentRenderState(frame: 0)
        var scratch = Framebuffer(width: size.x, height: size.y)
        let figure = figure(for: renderState, size: size)
        let hud = DrawList(HUDOverlay.items(lines: hudLines(renderState), at: figure.hudOrigin, fonts: fonts))
        for _ in 0..<2 { figure.render(renderState, overlay: hud, into: &scratch, context: &renderContext, threads: options.threads) }
        sink.present(scratch)
        framebuffer = scratch
    }

    /// One tick; false ends the session.
    func frame(_ tick: FrameTick, source: InputSource, sink: FrameSink, clock: any FrameClock) -> Bool {
        let start = clock.now
        var keepGoing = true
        var screenshot = false
        var jumps: [FocusTarget] = []
        var readTable = false
        var playAudio = false
        let events = source.pollEvents()
        let polledAt = source.inputTime
        var commands = events.flatMap { gestures.handle($0) }
        commands += gestures.tick(time: source.inputTime)
        for command in commands {
            switch command {
            case .action(let action): apply(action, frame: tick.index)
            case .screenshot: screenshot = true
            case .quit: keepGoing = false
            case .jump(let target): jumps.append(target)
            case .readTable: readTable = true
            case .playAudio: playAudio = true
            case .resize: break  // the frame below takes the sink's new size
            }
        }
        applyFeed(frame: tick.index)
        // Solvers: frame-locked sessions advance through this tick (and any skipped ones). Changed
        // in place: the session's followed paths then grow without being copied.
        if lockstepRecording == nil {
            lockstep?.replay(options.replay ?? Trace(), through: tick.index)
        } else {
            lockstep?.replay(options.replay ?? Trace(), through: tick.index, observe: { self.lockstepRecording?.take($0) })
            if let lockstep { lockstepRecording?.frameEnded(lockstep) }
        }
        var renderState = currentRenderState(frame: tick.index)
        let size = sink.drawableSize
        if framebuffer?.width != size.x || framebuffer?.height != size.y {
            framebuffer = Framebuffer(width: size.x, height: size.y)
        }
        var figure = figure(for: renderState, size: size)
        // Focus keys, T and A need the frame's items: resolve them against its tree, then draw the
        // frame with the new focus. Focus is put on a node by id, so it stays there as the tree changes.
        if !jumps.isEmpty || readTable || playAudio {
            let tree = figure.accessibilityTree(for: renderState)
            var focused = renderState.focus.flatMap { FocusRing.node(at: $0, in: tree) }
            for target in jumps {
                guard let node = target.node(in: tree, from: focused) else { continue }
                apply(.focusNode(node.id), frame: tick.index)
                focused = node
            }
            let path = focused.flatMap { FocusTarget.pathName(of: $0.id) }
            if readTable { onTable?(tableText(path: path, renderState)) }
            if playAudio { onAudio?(sound?.toggle(path: path, in: renderState) ?? "no sound in this session") }
            renderState = currentRenderState(frame: tick.index)
            figure = self.figure(for: renderState, size: size)
        }
        var overlay = DrawList()
        if renderState.showHUD {
            overlay.items += HUDOverlay.items(lines: hudLines(renderState), at: figure.hudOrigin, fonts: fonts)
        }
        // The accessibility tree is built only when someone listens: focus was asked for (Tab) or
        // speech is on.
        var followed: String?
        if renderState.focus != nil || options.speak {
            let tree = figure.accessibilityTree(for: renderState)
            if let position = renderState.focus, let node = FocusRing.node(at: position, in: tree) {
                for item in FocusRing.items(around: node) { overlay.append(item) }
                followed = FocusTarget.pathName(of: node.id)
                if node.id != lastFocus {
                    lastFocus = node.id
                    onFocus?(FocusRing.sentence(for: node, verbosity: options.verbosity))
                }
            }
            for announcement in announcer.announcements(for: tree, at: start.seconds) { onAnnouncement?(announcement.text) }
        }
        let shown = figure
        sound?.liveFrame(solvers: renderState.solvers, following: followed, level: { shown.colourLevel(of: $0) })
        // The frame stays as drawn until the next is drawn into it, by the context alone (every
        // figure draws as a plan).
        renderContext.leavesFramesIntact = true
        figure.render(renderState, overlay: overlay, into: &framebuffer!, context: &renderContext, threads: options.threads)
        sink.present(framebuffer!)
        let end = clock.now
        recorder.record(frameTime: end - start, at: end)
        if let latency = InputLatency.of(events, polledAt: polledAt, presentedAt: source.inputTime) {
            recorder.recordInputLatency(latency)
        }
        if screenshot, let framebuffer { onScreenshot?(framebuffer) }
        frames += 1
        return keepGoing
    }

    /// What frame `index` shows: the frame-locked session's state, or the store's with the live
    /// solvers' latest snapshots.
    func currentRenderState(frame index: Int) -> RenderState {
        lockstep?.renderState
            ?? RenderState(frame: index, state: state, solvers: workers.map(\.snapshot), graphLayout: layoutWorker?.snapshot)
    }

    /// The figure for a frame. Layout, ticks and contour labels depend on the view, not on how far
    /// the paths have grown, so the figure is rebuilt only when the view, size or set of paths
    /// changes, or a convergence chart's axis widens for followed paths; each frame then draws
    /// the current paths over it.
    func figure(for renderState: RenderState, size: SIMD2<Int>) -> any SceneFigure {
        var key = renderState.scenario
        key.paths = key.paths.map { path in
            var named = path
            named.points = []
            named.values = nil
            named.steps = nil
            return named
        }
        let span = ConvergenceFigure.followedSpan(renderState)
        if let cached = figureCache, cached.key == key, cached.followedSpan == span, cached.size == size { return cached.figure }
        let figure: any SceneFigure
        if let cached = figureCache, cached.key == key, cached.size == size {
            // Only the chart's axis widened for followed paths: the landscape goes on as it was.
            figure = figures.figure(for: renderState, width: size.x, height: size.y, rebuildingChartsOf: cached.figure)
        } else {
            figure = figures.figure(for: renderState, width: size.x, height: size.y)
        }
        figureCache = (key, span, size, figure)
        return figure
    }

    /// Applies what other threads sent since the last frame (a followed log's points), and
    /// announces each path that appears.
    func applyFeed(frame: Int) {
        guard let feed = options.feed else { return }
        for action in feed.drain() {
            let known = followedPaths.count
            apply(action, frame: frame)
            for path in followedPaths.dropFirst(known) { onAnnouncement?("new path \(path.name)") }
        }
    }

    /// The followed paths as the store holds them now.
    var followedPaths: [PathSpec] { lockstep?.state.followedPaths ?? state.followedPaths }

    /// Applies a user action: to the frame-locked session (and the recording) or to the live store
    /// and its solver threads.
    func apply(_ action: Action, frame: Int) {
        if options.record { trace.append(frame: frame, action) }
        // Both stores change in place, so followed paths grow without being copied.
        if lockstep != nil {
            lockstep?.apply(action)
            return
        }
        let generation = state.solverGeneration, running = state.solversRunning, pendingSteps = state.pendingSteps
        Reducer.apply(action, to: &state)
        if state.solverGeneration != generation {
            workers.forEach { $0.reset() }
            layoutWorker?.reset()
        }
        if state.solversRunning != running {
            workers.forEach { state.solversRunning ? $0.resume() : $0.pause() }
            if let layoutWorker { state.solversRunning ? layoutWorker.resume() : layoutWorker.pause() }
        }
        if state.pendingSteps > pendingSteps { workers.forEach { $0.step() } }
    }

    /// The HUD's lines: frame rate and times over the last second, solver progress.
    func hudLines(_ renderState: RenderState) -> [String] {
        let last = recorder.lastSecond
        var lines = [String(format: "%.0f fps   frame p50 %.1f ms   p99 %.1f ms", last.fps, last.p50Ms, last.p99Ms)]
        if !workers.isEmpty {
            lines.append(String(format: "solver steps/s: %.0f", stepsPerSecond()))
        }
        for s in renderState.solvers {
            lines.append("\(s.id): step \(s.step), f = \(String(format: "%.4g", s.value))  \(s.paused ? "paused" : s.status.rawValue)")
        }
        return lines
    }

    private var lastStepSample: (time: Date, steps: Int)?
    private var lastRate = 0.0

    /// Steps per second over all live solvers since the last HUD update.
    func stepsPerSecond() -> Double {
        let now = Date(), steps = workers.map(\.stepsTaken).reduce(0, +)
        if let last = lastStepSample {
            let dt = now.timeIntervalSince(last.time)
            if dt >= 0.25 { lastRate = Double(steps - last.steps) / dt; lastStepSample = (now, steps) }
        } else {
            lastStepSample = (now, steps)
        }
        return lastRate
    }
}
