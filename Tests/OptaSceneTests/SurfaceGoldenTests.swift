import Foundation
import OptaCore
import OptaImage
import OptaRaster
import OptaScene
import OptaText
import Testing

/// The 3D surface against its reference images in Goldens/: R3, Rastrigin with isolines, and R3
/// after a replayed 90° orbit.
@Suite(.serialized) struct SurfaceGoldenTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let tolerance = GoldenTolerance(threshold: 0.05, maxDifferentPixels: 40)

    func scenario(_ relativePath: String) throws -> Scenario {
        try ScenarioLoader.load(path: Self.root.appendingPathComponent(relativePath).path)
    }

    func image(_ session: HeadlessSession, threads: Int = 2) throws -> RGBAImage {
        let figure = SessionFigures(scenario: session.state.scenario, fonts: try FontLibrary.loadDefault())
            .figure(for: session.renderState)
        let frame = figure.render(session.renderState, threads: threads)
        return RGBAImage(width: frame.width, height: frame.height, bytes: frame.straightRGBA())
    }

    /// R3 (N = 256) at 960×540, to keep the test quick.
    func r3() throws -> Scenario {
        var s = try scenario("Benchmarks/Scenarios/r3-surface3d.json")
        s.width = 960; s.height = 540
        return s
    }

    @Test func r3ReferenceSurface() throws {
        let session = try HeadlessSession(scenario: try r3())
        let figure = SessionFigures(scenario: session.state.scenario, fonts: try FontLibrary.loadDefault()).figure(for: session.renderState)
        #expect(figure is SurfaceFigure)
        try GoldenHarness.forPackage().verify(try image(session), named: "r3-surface3d", tolerance: Self.tolerance)
    }

    @Test func rastriginWithIsolines() throws {
        var session = try HeadlessSession(scenario: try scenario("Examples/rastrigin-3d.json"))
        session.runToCompletion()
        try GoldenHarness.forPackage().verify(try image(session), named: "rastrigin-3d-isolines", tolerance: Self.tolerance)
    }

    @Test func r3AfterAReplayedOrbitOf90Degrees() throws {
        var session = try HeadlessSession(scenario: try r3())
        var trace = Trace()
        for frame in 0..<9 { trace.append(frame: frame, .orbit(yaw: 10, pitch: 0)) }
        session.replay(trace, through: 9)
        let home = session.state.scenario.surface!.camera
        #expect(abs(session.state.orbit!.yawDegrees - (home.yawDegrees + 90)) < 1e-9)
        try GoldenHarness.forPackage().verify(try image(session), named: "r3-orbit90", tolerance: Self.tolerance)
    }

    @Test func surfaceBytesDoNotDependOnTheThreadCount() throws {
        var s = try scenario("Examples/rastrigin-3d.json")
        s.width = 400; s.height = 260
        var session = try HeadlessSession(scenario: s)
        session.runToCompletion()
        let one = try image(session, threads: 1)
        for threads in [2, 3, 5] {
            #expect(try image(session, threads: threads) == one)
        }
    }

    @Test func accessibilityTreeDescribesTheSurface() throws {
        var session = try HeadlessSession(scenario: try scenario("Examples/rastrigin-3d.json"))
        session.runToCompletion()
        let figure = SessionFigures(scenario: session.state.scenario, fonts: try FontLibrary.loadDefault()).figure(for: session.renderState)
        let tree = figure.accessibilityTree(for: session.renderState)
        let summary = tree.root.description ?? ""
        #expect(summary.contains("Rastrigin"))
        #expect(summary.contains("3D surface"))
        #expect(summary.contains("camera yaw"))
        #expect(summary.contains("adam"))
        let surface = tree.root.children.first { $0.id == "surface" }
        #expect(surface?.children.map(\.id) == ["minimum/1", "solver/adam", "solver/cma-es"])
        // The minimum is where the surface is: its marker box holds the projected point of (0, 0, f(0, 0)).
        let minimum = try #require(tree.node(id: "minimum/1"))
        #expect(minimum.value == "f = 0 at (0, 0)")
        let bounds = try #require(minimum.bounds)
        #expect(bounds.x > 0 && bounds.maxX < Double(figure.width) && bounds.y > 0 && bounds.maxY < Double(figure.height))
    }
}
