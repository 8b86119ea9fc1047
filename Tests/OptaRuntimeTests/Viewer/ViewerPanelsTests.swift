import Foundation
import OptaCore
import OptaRaster
import OptaRuntime
import OptaScene
import OptaText
import Testing

@Suite(.serialized) struct ViewerPanelsTests {
    static let scenario = """
        {"version": 1, "size": {"width": 640, "height": 300}, "landscape": {"function": "rosenbrock"},
         "solvers": [{"id": "Adam", "method": "adam", "start": [-1.5, 2.5], "steps": 300, "params": {"learningRate": 0.1}}],
         "panels": [{"view": "landscape"}, {"view": "convergence"}]}
        """

    /// The viewer shows panels like any figure: its last frame is the frame the headless session
    /// renders at the same step, chart included.
    @Test func theViewerDrawsTheLandscapeAndTheLiveChart() throws {
        let scenario = try ScenarioLoader.parse(Data(Self.scenario.utf8))
        var options = ViewerSession.Options()
        options.replay = Trace()
        options.maxFrames = 12
        let sink = MemorySink(SIMD2(640, 300))
        let fonts = try FontLibrary.loadDefault()
        let session = try ViewerSession(scenario: scenario, fonts: fonts, options: options, viewSize: sink.drawableSize, clock: ManualFrameClock())
        let report = session.run(source: sink, sink: sink)

        var headless = try HeadlessSession(scenario: scenario)
        headless.replay(Trace(), through: 11)
        let state = headless.renderState
        let expected = SessionFigures(scenario: scenario, fonts: fonts).figure(for: state).render(state, threads: 2)
        #expect(report.lastFrame == expected)
        #expect(state.solvers[0].values.count == 13)
    }
}
