import CSDL2
import Foundation
import OptaCore
import OptaImage
import OptaRaster
import OptaRuntime
import OptaScene
import OptaSDL
import OptaText
import Testing

/// Feeds scripted SDL events into the window's queue at given frames, then reads the window's
/// input as the viewer does: the whole SDL event path runs, only the user is simulated.
final class ScriptedSDLInput: InputSource {
    let window: SDLWindow
    var script: [Int: [SDL_Event]]
    var frame = 0

    init(window: SDLWindow, script: [Int: [SDL_Event]]) {
        self.window = window
        self.script = script
    }

    /// Events arrive through SDL's queue; their times are set to the frame's time at 60 Hz, so
    /// gesture velocities (and inertia) are the same on every run.
    func pollEvents() -> [InputEvent] {
        for var event in script[frame] ?? [] { SDLWindow.inject(&event) }
        let time = Double(frame) / 60
        frame += 1
        return window.pollEvents().map { $0.at(time: time) }
    }

    var inputTime: Double { Double(frame) / 60 }
}

extension InputEvent {
    /// The same event at another time.
    func at(time t: Double) -> InputEvent {
        switch self {
        case let .pointerDown(button, at, shift, _): .pointerDown(button: button, at: at, shift: shift, time: t)
        case let .pointerMoved(to, _): .pointerMoved(to: to, time: t)
        case let .pointerUp(button, at, _): .pointerUp(button: button, at: at, time: t)
        case let .wheel(delta, at, _): .wheel(delta: delta, at: at, time: t)
        case let .pinch(scale, center, _): .pinch(scaleDelta: scale, center: center, time: t)
        case let .key(key, shift, _): .key(key, shift: shift, time: t)
        case .resized: self
        }
    }
}

func mouseButton(_ type: SDL_EventType, x: Int32, y: Int32) -> SDL_Event {
    var e = SDL_Event()
    e.type = type.rawValue
    e.button.button = CSDL2_BUTTON_LEFT
    e.button.x = x
    e.button.y = y
    return e
}

func mouseMotion(x: Int32, y: Int32) -> SDL_Event {
    var e = SDL_Event()
    e.type = SDL_MOUSEMOTION.rawValue
    e.motion.x = x
    e.motion.y = y
    return e
}

func keyDown(_ key: SDL_KeyCode) -> SDL_Event {
    var e = SDL_Event()
    e.type = SDL_KEYDOWN.rawValue
    e.key.keysym.sym = Int32(key.rawValue)
    return e
}

/// The window path end to end: SDL events → gestures → actions → store → frames → window.
@Suite(.serialized) struct ViewerWindowTests {
    /// `dummy` by default; `make test` runs these again under xvfb-run with OPTA_TEST_SDL_DRIVER=x11.
    static let driver = ProcessInfo.processInfo.environment["OPTA_TEST_SDL_DRIVER"] ?? "dummy"

    static func scenario() throws -> Scenario {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var s = try ScenarioLoader.load(path: root.appendingPathComponent("Examples/solvers.json").path)
        s.width = 480
        s.height = 300
        return s
    }

    @Test func aDragMovesTheCameraAndTheRecordingReplaysToTheSameFrame() throws {
        setenv("SDL_VIDEODRIVER", Self.driver, 1)
        let window = try SDLWindow(title: "Opta test", width: 480, height: 300)
        let scenario = try Self.scenario()
        let script: [Int: [SDL_Event]] = [
            3: [mouseButton(SDL_MOUSEBUTTONDOWN, x: 200, y: 150)],
            4: [mouseMotion(x: 230, y: 160)],
            5: [mouseMotion(x: 260, y: 170)],
            6: [mouseButton(SDL_MOUSEBUTTONUP, x: 260, y: 170)],
            12: [keyDown(SDLK_c)],
            15: [keyDown(SDLK_SPACE)],
        ]
        var options = ViewerSession.Options()
        options.record = true
        options.maxFrames = 24
        options.fps = 60
        let fonts = try FontLibrary.loadDefault()
        let session = try ViewerSession(scenario: scenario, fonts: fonts, options: options, viewSize: window.drawableSize, clock: ManualFrameClock())
        let report = session.run(source: ScriptedSDLInput(window: window, script: script), sink: window)
        #expect(report.frames == 24)
        let home = Camera2D(showing: scenario.landscape.domain)
        #expect(report.finalState.camera != home, "the drag moved the camera")
        #expect(report.finalState.colormap == .magma, "C switched to the next colormap")
        #expect(!report.finalState.solversRunning, "Space paused the solvers")
        #expect(report.trace.entries.contains { if case .pan = $0.action { true } else { false } })

        // The recording replays headless to exactly the last frame the window showed.
        var replay = try HeadlessSession(scenario: scenario)
        replay.replay(report.trace, through: report.frames - 1)
        let size = window.drawableSize
        let figure = SessionFigures(scenario: scenario, fonts: fonts).figure(for: replay.renderState, width: size.x, height: size.y)
        let replayed = figure.render(replay.renderState, threads: 2)
        let last = try #require(report.lastFrame)
        #expect(replayed == last)

        let image = RGBAImage(width: last.width, height: last.height, bytes: last.straightRGBA())
        try GoldenHarness.forPackage().verify(image, named: "viewer-drag", tolerance: GoldenTolerance(threshold: 0.05, maxDifferentPixels: 40))
    }

    @Test func statisticsHaveTheAgreedKeys() throws {
        setenv("SDL_VIDEODRIVER", Self.driver, 1)
        let window = try SDLWindow(title: "Opta test", width: 320, height: 200)
        var options = ViewerSession.Options()
        options.maxFrames = 10
        let session = try ViewerSession(scenario: try Self.scenario(), fonts: try FontLibrary.loadDefault(),
                                        options: options, viewSize: window.drawableSize, clock: ManualFrameClock())
        let report = session.run(source: window, sink: window)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.statisticsJSON.utf8)) as? [String: Any])
        for key in ["frames", "p50_ms", "p95_ms", "p99_ms", "max_ms", "over_budget_share", "skipped_frames", "input_latency_ms"] {
            #expect(json[key] != nil, "\(key)")
        }
        #expect(json["frames"] as? Int == 10)
    }
}
