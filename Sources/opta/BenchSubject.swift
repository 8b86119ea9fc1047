import Foundation
import OptaCore
import OptaRaster
import OptaScene
import OptaSupport
import OptaText

/// One scenario of `opta bench`, made ready to be drawn frame after frame as a still window
/// redraws (its solvers run to their budget first), with the times of its measured frames.
struct BenchSubject {
    let path: String?
    let scenario: Scenario
    private let figure: any SceneFigure
    private let renderState: RenderState
    private var framebuffer: Framebuffer
    private var context = RenderContext()
    private(set) var times: [Double] = []
    private(set) var treeTimes: [Double] = []

    init(path: String?, width: Int?, height: Int?, storePath: String, cachesLayers: Bool, fonts: FontLibrary) throws {
        try GridBench.prepare(path)
        var scenario = try ScenarioInput.load(path, store: storePath)
        scenario.width = width ?? scenario.width
        scenario.height = height ?? scenario.height
        var session: HeadlessSession
        do { session = try HeadlessSession(scenario: scenario) } catch { throw CommandFailure.badData("\(error)") }
        session.runToCompletion()
        self.path = path
        self.scenario = scenario
        renderState = session.renderState
        figure = SessionFigures(scenario: scenario, fonts: fonts).figure(for: renderState)
        framebuffer = Framebuffer(width: scenario.width, height: scenario.height)
        context.cachesLayers = cachesLayers
    }

    var name: String { ScenarioInput.name(path) }

    /// Draws one frame (and, with `a11y`, builds its tree), keeping their times when `measured`.
    mutating func drawFrame(measured: Bool, threads: Int, a11y: Bool) {
        let clock = ContinuousClock()
        let start = clock.now
        figure.render(renderState, overlay: DrawList(), into: &framebuffer, context: &context, threads: threads)
        if measured { times.append(Milliseconds.of(clock.now - start)) }
        guard a11y else { return }
        let treeStart = clock.now
        let tree = figure.accessibilityTree(for: renderState)
        withExtendedLifetime(tree) {
            if measured { treeTimes.append(Milliseconds.of(clock.now - treeStart)) }
        }
    }
}
