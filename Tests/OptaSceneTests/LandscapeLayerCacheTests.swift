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
            if context.layerCache.keys.first == key { copied += 1 }
            figure.render(state, overlay: DrawList(), into: &framebuffer, context: &context, threads: threads)
            #expect(context.layerCache.keys.first == key || copied == 0)
            #expect(framebuffer == figure.render(state, threads: threads))
        }
        // The paths grew every frame; the landscape under them was shaded twice, then copied.
        #expect(copied == 6)
    }

    /// Three stored runs of 6,000 points each (thinned for drawing), as `"runs"` gives them.
    static func storedRuns() -> [RecordedRun] {
        (0..<3).map { run in
            let points = (0..<6000).map { i -> SIMD2<Double> in
                let t = Double(i) / 6000
                return SIMD2(-1.8 + 2.6 * t, 2.6 - 2.2 * t + 0.3 * sin(t * 9 + Double(run)))
            }
            return RecordedRun(name: "#\(run + 1) stored", method: .adam, trajectory: points,
                               values: points.map { ($0.x - 1) * ($0.x - 1) }, gradientNorms: points.map { _ in 1 },
                               status: .stopped)
        }
    }

    @Test(arguments: [1, 2])
    func storedRunsAreKeptWithTheLandscapeUnderRunningSolvers(threads: Int) throws {
        var scenario = try ScenarioLoader.parse(Data(Self.scenario.utf8))
        scenario.recordedRuns = Self.storedRuns()
        let fonts = try FontLibrary.loadDefault()
        let figures = SessionFigures(scenario: scenario, fonts: fonts)
        var session = try HeadlessSession(scenario: scenario)
        var context = RenderContext()
        var framebuffer = Framebuffer(width: scenario.width, height: scenario.height)
        let figure = figures.landscapeFigure(for: session.renderState)
        var keptLayers: [Int] = []
        for _ in 0..<6 {
            session.advanceFrame()
            let state = session.renderState
            let plan = figure.plan(state, overlay: DrawList())
            // The stored runs lie in the keyed layer right above the landscape; the solvers above it.
            guard plan.layers.count == 3, case .vector(let bottom, .some) = plan.layers[1], case .vector(let top, .none) = plan.layers[2] else {
                Issue.record("the landscape's plan is the shaded layer, the keyed stored runs, then the rest")
                return
            }
            // Each run is one line inside the plot: its outline, then the line itself.
            #expect(bottom.items.filter { if case .polyline = $0 { true } else { false } }.count == 3 * 2)
            figure.render(state, overlay: DrawList(), into: &framebuffer, context: &context, threads: threads)
            keptLayers.append(context.layerCache.keys.count)
            let alone = figure.render(state, threads: threads)
            #expect(framebuffer == alone)
            #expect(framebuffer == figure.render(state, threads: 1))
            // One list of every item draws the same bytes as the two layers.
            guard case .shaded(let shader, _) = plan.layers[0] else { return }
            var merged = Framebuffer(width: scenario.width, height: scenario.height)
            var fresh = RenderContext()
            fresh.run(FramePlan([.shaded(shader), .vector(DrawList(bottom.items + top.items))]), into: &merged, threads: threads)
            #expect(merged == alone)
        }
        #expect(keptLayers == [0, 2, 2, 2, 2, 2])
    }
}
