import Foundation
import OptaCore
import OptaImage
import OptaRaster
import OptaScene
import OptaText
import Testing

/// Every golden scene drawn in `RenderMode.reference` and in `.fast`, held to the golden
/// tolerance: the 8-lane landscape shader, the fill shortcut, kept layers and the triangle
/// rasterizer's 8-lane projection, cluster binning and tiny-triangle lanes change no picture
/// beyond it. Vector items keep their kernels in both modes (StrokeSpanTests hold them bit for bit
/// to the scalar paths), and so does the 3-D surface's resolve.
@Suite(.serialized) struct ReferenceModeGoldenTests {
    /// Golden scenes as the golden tests set them up (GoldenSceneTests, GraphGoldenTests,
    /// GridGoldenTests, SurfaceGoldenTests).
    static let scenes = [
        "Benchmarks/Scenarios/r1-landscape2d.json", "Examples/himmelblau.json", "Examples/rastrigin-linear.json",
        "Examples/formula.json", "Examples/undefined-region.json", "Examples/convergence.json", "Examples/panels.json",
        "Examples/unicode-labels.json", "Benchmarks/Scenarios/r2-graph.json", "Examples/supply-chain.json",
        "Examples/graph-from-csv.json", "Examples/state-machine.json", "Examples/grid-valley.json",
        "Examples/grid-valley-3d.json", "Examples/grid-valley-panels.json", "Benchmarks/Scenarios/r3-surface3d.json",
        "Examples/rastrigin-3d.json", "r3-orbit90",
    ]

    /// The session a golden test draws for `scene`.
    static func session(_ scene: String) throws -> HeadlessSession {
        let path = scene == "r3-orbit90" ? "Benchmarks/Scenarios/r3-surface3d.json" : scene
        var scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent(path).path)
        if path.hasSuffix("r2-graph.json") { scenario.width = 640; scenario.height = 360 }
        if path.hasSuffix("r3-surface3d.json") { scenario.width = 960; scenario.height = 540 }
        var session = try HeadlessSession(scenario: scenario)
        if scene == "r3-orbit90" {
            var trace = Trace()
            for frame in 0..<9 { trace.append(frame: frame, .orbit(yaw: 10, pitch: 0)) }
            session.replay(trace, through: 9)
        } else if !path.hasSuffix("r3-surface3d.json") {
            session.runToCompletion()
        }
        return session
    }

    static func image(_ session: HeadlessSession, mode: RenderMode) throws -> RGBAImage {
        let figure = SessionFigures(scenario: session.state.scenario, fonts: try FontLibrary.loadDefault())
            .figure(for: session.renderState)
        var context = RenderContext()
        context.mode = mode
        let frame = figure.render(session.renderState, context: &context, threads: 2)
        return RGBAImage(width: frame.width, height: frame.height, bytes: frame.straightRGBA())
    }

    @Test(arguments: scenes)
    func referenceAndFastPathsAgree(scene: String) throws {
        let session = try Self.session(scene)
        let fast = try Self.image(session, mode: .fast)
        let reference = try Self.image(session, mode: .reference)
        let difference = try ImageComparator.compare(expected: reference, actual: fast, tolerance: GoldenSceneTests.tolerance)
        #expect(difference.isWithin(GoldenSceneTests.tolerance), "\(scene): \(difference.summary)")
    }
}
