import Foundation
import OptaCore
@testable import OptaRaster
import OptaScene
import OptaText
import Testing

/// Frames of a landscape whose solvers are running, drawn one after another with one figure (as
/// the viewer and video export keep it while only the paths grow) and one render context: the
/// shaded landscape is kept from the second frame and copied into the later ones, and every frame
/// has the bytes of the same frame drawn alone.
@Suite struct LandscapeLayerCacheTests {
    static let scenario = """
        {"version": 1, "size": {"width": 480, "height": 320},
         "landscape": {"function": "rosenbrock", "scale": "log", "contours": {"count": 12}, "labels": true},
         "axes": {"legend": {"position": "lower left"}},
         "solvers": [{"id": "adam", "method": "adam", "start": [-1.5, 2.5], "steps": 40, "params": {"learningRate": 0.1}},
                     {"id": "gd", "method": "gradient-descent", "start": [1.5, -0.5], "steps": 40, "params": {"learningRate": 0.0005}}]}
        """

    @Test(arguments: [1, 2])
    func framesWithGrowingPathsMatchFramesDrawnAlone(threads: Int) throws {
        let scenario = try ScenarioLoader.parse(Data(Self.scenario.utf8))
        let fonts = try FontLibrary.loadDefault()
        let figures = SessionFigures(scenario: scenario, fonts: fonts)
        var session = try HeadlessSession(scenario: scenario)
        var context = RenderContext()
        var framebuffer = Framebuffer(width: scenario.width, height: scenario.height)
        var copied = 0
        let figure = figures.landscapeFigure(for: session.renderState)
        for _ in 0..<8 {
            session.advanceFrame()
            let state = session.renderState
            guard case .shaded(_, .some(let key)) = figure.plan(state, overlay: DrawList()).layers.first else {
                Issue.record("the landscape's first layer is a shaded layer with a cache key")
                return
            }
            // The layer is copied when the context already holds it.
            if context.layerCache.key == key { copied += 1 }
            figure.render(state, overlay: DrawList(), into: &framebuffer, context: &context, threads: threads)
            #expect(context.layerCache.key == key || copied == 0)
            #expect(framebuffer == figure.render(state, threads: threads))
        }
        // The paths grew every frame; the landscape under them was shaded twice, then copied.
        #expect(copied == 6)
    }
}
