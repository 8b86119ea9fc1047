import Foundation
import OptaCore
import OptaRaster
import OptaRuntime
import OptaScene
import OptaText
import Testing

/// Plays a scripted list of events, one batch per frame.
private final class ScriptedInput: FrameSink, InputSource {
    let drawableSize: SIMD2<Int>
    var batches: [[InputEvent]]
    var frame = 0
    init(_ size: SIMD2<Int>, batches: [[InputEvent]]) { drawableSize = size; self.batches = batches }
    func present(_ framebuffer: Framebuffer) {}
    func pollEvents() -> [InputEvent] {
        defer { frame += 1 }
        return frame < batches.count ? batches[frame] : []
    }
    var inputTime: Double { Double(frame) / 60 }
}

@Suite(.serialized) struct ViewerSurfaceTests {
    static let scenario = """
        {"version": 1, "size": {"width": 320, "height": 200}, "view": "3d",
         "landscape": {"function": "himmelblau", "domain": {"x": [-5, 5], "y": [-5, 5]}},
         "surface": {"resolution": 48, "height": 3},
         "camera": {"eye": [8, -8, 8], "target": [0, 0, 1]},
         "solvers": [{"id": "adam", "method": "adam", "start": [-4, 4], "steps": 50, "params": {"learningRate": 0.2}}]}
        """

    /// In a 3D scenario a left-drag orbits the camera and the wheel zooms it; the frame shown is the
    /// surface seen from the new camera.
    @Test func dragOrbitsAndWheelZoomsTheSurface() throws {
        let scenario = try ScenarioLoader.parse(Data(Self.scenario.utf8))
        var options = ViewerSession.Options()
        options.maxFrames = 20
        let input = ScriptedInput(SIMD2(320, 200), batches: [
            [.pointerDown(button: .left, at: SIMD2(100, 100), shift: false, time: 0)],
            [.pointerMoved(to: SIMD2(160, 100), time: 1.0 / 60)],
            [.pointerUp(button: .left, at: SIMD2(160, 100), time: 2.0 / 60)],
            [.wheel(delta: 1, at: SIMD2(160, 100), time: 3.0 / 60)],
        ])
        let fonts = try FontLibrary.loadDefault()
        let session = try ViewerSession(scenario: scenario, fonts: fonts, options: options, viewSize: input.drawableSize, clock: ManualFrameClock())
        let report = session.run(source: input, sink: input)
        let home = try #require(scenario.surface?.camera)
        let orbit = try #require(report.finalState.orbit)
        #expect(orbit.yawDegrees != home.yawDegrees)
        #expect(orbit.distance < home.distance)
        #expect(report.finalState.camera == AppState(scenario: scenario).camera)
        // The last frame shows the surface from the moved camera, not from home.
        var headless = try HeadlessSession(scenario: scenario)
        headless.replay(Trace(), through: report.frames - 1)
        let state = headless.renderState
        let fromHome = SessionFigures(scenario: scenario, fonts: fonts).figure(for: state).render(state, threads: 2)
        #expect(report.lastFrame != nil)
        #expect(report.lastFrame != fromHome)
    }
}
