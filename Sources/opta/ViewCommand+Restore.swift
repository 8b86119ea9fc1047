import ArgumentParser
import Foundation
import OptaCore
import OptaRaster
import OptaRuntime
import OptaStore

/// `opta view`'s run store options: where the store is, `--no-record`, and `--fresh`.
struct ViewStoreOptions: ParsableArguments {
    @OptionGroup var store: StoreOptions

    @Flag(help: "Open the scenario's own view, ignoring the viewer state (camera, colormap, toggles, paused, focus, window size) saved when it was last closed. The state on closing is still saved unless --no-record.")
    var fresh = false

    /// The store file these options name.
    var path: String { store.path }

    /// The viewer's side of the store for the scenario at `scenarioPath`: its saved state (unless
    /// `--fresh`) and a writer for the state to come (unless `--no-record`); the scenario's logged
    /// path files are recorded on the way. Nil when the store is not wanted or cannot be used
    /// (one warning says why).
    func keeper(scenarioPath: String?, scenario: Scenario) -> ViewerStateKeeper? {
        guard !(fresh && store.noRecord) else { return nil }
        let runStore: RunStore
        do { runStore = try RunStore(path: path) } catch {
            StoreWarning.say("\(error); the viewer's state is neither restored nor saved")
            return nil
        }
        let identity = ScenarioSource.identity(scenarioPath)
        var saved: ViewerSnapshot?
        if !fresh {
            do {
                saved = try runStore.viewerState(scenarioHash: identity.hash).map { text throws(ScenarioError) in try ViewerSnapshot(json: text) }
            } catch let error as ScenarioError {
                StoreWarning.say("the viewer state saved for this scenario in \(path) is not valid (\(error)); opening the scenario's own view")
            } catch {
                StoreWarning.say("\(error); the saved viewer state is not restored")
            }
        }
        guard !store.noRecord else { return ViewerStateKeeper(identity: identity, saved: saved, recorder: nil) }
        for note in LoggedPathRecording.record(scenarioPath: scenarioPath, scenario: scenario, identity: identity, store: runStore) {
            FileHandle.standardError.write(Data("opta: note: \(note)\n".utf8))
        }
        return ViewerStateKeeper(identity: identity, saved: saved, recorder: StoreOptions.recorder(runStore))
    }
}

/// What `opta view` keeps of a scenario's viewer in the run store: the state saved last time,
/// validated, and the store's background writer for the state to save (nil with `--no-record`).
final class ViewerStateKeeper: Sendable {
    let identity: ScenarioIdentity
    let saved: ViewerSnapshot?
    let recorder: RunRecorder?

    /// Seconds between saves while the window is open.
    static let interval: Duration = .seconds(5)

    init(identity: ScenarioIdentity, saved: ViewerSnapshot?, recorder: RunRecorder?) {
        self.identity = identity
        self.saved = saved
        self.recorder = recorder
    }

    /// The viewer's live solvers recorded as runs through this keeper's writer; nil with `--no-record`.
    func solverRecorder(scenario: Scenario) -> ViewerSolverRecorder? {
        recorder.map { ViewerSolverRecorder(recorder: $0, identity: identity, scenario: scenario) }
    }

    /// The window size to open: the saved one, unless the command line gives --width or --height.
    func windowSize(requested: SIMD2<Int>, arguments: [String] = CommandLine.arguments) -> SIMD2<Int> {
        let explicit = arguments.contains { $0 == "--width" || $0 == "--height" || $0.hasPrefix("--width=") || $0.hasPrefix("--height=") }
        return explicit ? requested : saved?.windowSize ?? requested
    }

    /// Puts the saved view back into `session` (before it runs), saying so once, and returns the
    /// window to run it in: `window`, saving the state every `interval` and when the session ends
    /// (`StateSavingWindow.finish`).
    func attach(_ session: ViewerSession, to window: some FrameSink & InputSource) -> StateSavingWindow {
        if let saved, session.restore(saved) {
            FileHandle.standardError.write(Data("opta: note: restored the view saved for this scenario; --fresh opens its own view\n".utf8))
        }
        return StateSavingWindow(window, session: session, keeper: self)
    }
}

/// The viewer's window with its state saved: every `ViewerStateKeeper.interval` after a frame is
/// shown (a JSON snapshot handed to the store's writer thread, so the frame loop never waits for
/// SQLite), and once more at the end. Used on the render thread only.
final class StateSavingWindow: FrameSink, InputSource {
    let window: any FrameSink & InputSource
    let session: ViewerSession
    let keeper: ViewerStateKeeper
    private var lastSave = ContinuousClock.now
    private var lastSaved: ViewerSnapshot?

    init(_ window: any FrameSink & InputSource, session: ViewerSession, keeper: ViewerStateKeeper) {
        self.window = window
        self.session = session
        self.keeper = keeper
    }

    var drawableSize: SIMD2<Int> { window.drawableSize }
    func pollEvents() -> [InputEvent] { window.pollEvents() }
    var inputTime: Double { window.inputTime }

    func present(_ framebuffer: Framebuffer) {
        window.present(framebuffer)
        let now = ContinuousClock.now
        if now - lastSave >= ViewerStateKeeper.interval {
            lastSave = now
            save()
        }
    }

    /// Saves the state the session ended in and waits for the writer to commit it.
    func finish() {
        save()
        keeper.recorder?.close()
    }

    private func save() {
        guard let recorder = keeper.recorder else { return }
        let size = drawableSize
        let snapshot = ViewerSnapshot(state: session.currentState,
                                      windowSize: size.clamped(lowerBound: SIMD2(repeating: ViewerSnapshot.windowRange.lowerBound),
                                                               upperBound: SIMD2(repeating: ViewerSnapshot.windowRange.upperBound)))
        guard snapshot != lastSaved else { return }
        lastSaved = snapshot
        recorder.saveViewerState(snapshot.json, scenarioHash: keeper.identity.hash)
    }
}
