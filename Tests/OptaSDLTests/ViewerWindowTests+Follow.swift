import CSDL2
import Foundation
import OptaCore
import OptaRaster
import OptaRuntime
import OptaScene
import OptaSDL
import OptaSupport
import OptaText
import Testing

/// Waits, at one frame, until a condition other threads signal holds; otherwise the window's own
/// input. Makes a followed log's arrival a fixed frame of the recording, whatever the timing.
final class WaitingInput: InputSource {
    let window: SDLWindow
    let waitAtFrame: Int
    let arrived: DispatchSemaphore
    var frame = 0
    var waited = false

    init(window: SDLWindow, waitAtFrame: Int, arrived: DispatchSemaphore) {
        self.window = window
        self.waitAtFrame = waitAtFrame
        self.arrived = arrived
    }

    func pollEvents() -> [InputEvent] {
        if frame == waitAtFrame { waited = arrived.wait(timeout: .now() + 60) == .success }
        frame += 1
        return window.pollEvents()
    }

    var inputTime: Double { Double(frame) / 60 }
}

extension ViewerWindowTests {
    /// The reader thread follows a log while the window runs; all its points have arrived by frame
    /// 2 (the input waits there for the reader's report of the log's last, malformed line, which
    /// comes after every earlier line's points were sent), and the recording replays to the last
    /// frame.
    @Test func aFollowedLogGrowsInTheWindowAndTheRecordingReplays() throws {
        setenv("SDL_VIDEODRIVER", Self.driver, 1)
        let path = NSTemporaryDirectory() + "opta-window-follow-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var log = ""
        for k in 0..<300 { log += "{\"path\": \"sgd\", \"step\": \(k), \"x\": \(-1.5 + 0.008 * Double(k)), \"y\": \(2 - 0.005 * Double(k))}\n" }
        log += "not a point\n"
        try Data(log.utf8).write(to: URL(fileURLWithPath: path))

        let window = try SDLWindow(title: "Opta test", width: 480, height: 300)
        let scenario = try Self.scenario()
        let feed = ActionFeed()
        let arrived = DispatchSemaphore(value: 0)
        let messages = Locked<[String]>([])
        let reader = FollowReader(source: .file(path), feed: feed) { line in
            messages.withLock { $0.append(line) }
            if line.contains("line 301") { arrived.signal() }
        }
        var options = ViewerSession.Options()
        options.record = true
        options.maxFrames = 8
        options.feed = feed
        let fonts = try FontLibrary.loadDefault()
        let session = try ViewerSession(scenario: scenario, fonts: fonts, options: options, viewSize: window.drawableSize, clock: ManualFrameClock())
        let input = WaitingInput(window: window, waitAtFrame: 2, arrived: arrived)
        reader.start()
        let report = session.run(source: input, sink: window)
        reader.stop()

        #expect(input.waited, "the reader reported the malformed last line")
        #expect(messages.withLock { $0 }.count == 1)
        #expect(report.finalState.followedPaths.map(\.name) == ["sgd"])
        #expect(report.finalState.followedPaths.first?.points.count == 300)
        #expect(!report.trace.entries.isEmpty && report.trace.entries.allSatisfy { $0.frame <= 2 })

        var replay = try HeadlessSession(scenario: scenario)
        replay.replay(report.trace, through: report.frames - 1)
        let size = window.drawableSize
        let figure = SessionFigures(scenario: scenario, fonts: fonts).figure(for: replay.renderState, width: size.x, height: size.y)
        #expect(figure.render(replay.renderState, threads: 2) == report.lastFrame)
    }
}
