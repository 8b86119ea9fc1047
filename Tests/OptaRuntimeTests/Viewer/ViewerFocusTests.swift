import Foundation
import OptaCore
import OptaRaster
import OptaRuntime
import OptaText
import Testing

/// A sink that keeps the frames it is shown, and a source with no input: the viewer without a window.
final class MemorySink: FrameSink, InputSource {
    let drawableSize: SIMD2<Int>
    var presented = 0
    init(_ size: SIMD2<Int>) { drawableSize = size }
    func present(_ framebuffer: Framebuffer) { presented += 1 }
    func pollEvents() -> [InputEvent] { [] }
    var inputTime: Double { 0 }
}

@Suite(.serialized) struct ViewerFocusTests {
    @Test func tabMovesFocusThroughTheTreeAndSaysWhereItIs() throws {
        var trace = Trace()
        trace.append(frame: 2, .focusNext)
        trace.append(frame: 3, .focusNext)
        var options = ViewerSession.Options()
        options.replay = trace
        options.maxFrames = 6
        let sink = MemorySink(SIMD2(640, 360))
        let session = try ViewerSession(scenario: DefaultScenario.scenario(), fonts: try FontLibrary.loadDefault(),
                                        options: options, viewSize: sink.drawableSize, clock: ManualFrameClock())
        var spoken: [String] = []
        session.onFocus = { spoken.append($0) }
        let withFocus = session.run(source: sink, sink: sink)
        #expect(spoken.count == 2)
        #expect(spoken.last?.hasPrefix("global minimum: f = 0 at (1, 1)") == true, "\(spoken)")

        // The ring is drawn: the same frames without focus differ.
        var plain = ViewerSession.Options()
        plain.replay = Trace()
        plain.maxFrames = 6
        let other = try ViewerSession(scenario: DefaultScenario.scenario(), fonts: try FontLibrary.loadDefault(),
                                      options: plain, viewSize: sink.drawableSize, clock: ManualFrameClock())
        let withoutFocus = other.run(source: sink, sink: sink)
        #expect(withFocus.lastFrame != withoutFocus.lastFrame)
    }
}

@Suite(.serialized) struct ViewerAnnouncementTests {
    @Test func convergenceIsAnnouncedOnceWhileFocusIsOn() throws {
        let scenario = try ScenarioLoader.parse(Data("""
            {"version": 1, "size": {"width": 320, "height": 200}, "landscape": {"function": "booth"},
             "solvers": [{"id": "nm", "method": "nelder-mead", "start": [0, 0], "steps": 500}], "stepsPerFrame": 20}
            """.utf8))
        var trace = Trace()
        trace.append(frame: 0, .focusNext)
        var options = ViewerSession.Options()
        options.replay = trace
        options.maxFrames = 30
        let sink = MemorySink(SIMD2(320, 200))
        let session = try ViewerSession(scenario: scenario, fonts: try FontLibrary.loadDefault(), options: options,
                                        viewSize: sink.drawableSize, clock: ManualFrameClock())
        var said: [String] = []
        session.onAnnouncement = { said.append($0) }
        _ = session.run(source: sink, sink: sink)
        #expect(said.filter { $0.contains("converged") }.count == 1, "\(said)")
    }
}
