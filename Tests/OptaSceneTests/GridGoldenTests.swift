import Foundation
import OptaCore
import OptaImage
import OptaRaster
import OptaScene
import OptaText
import Testing

/// Grid landscapes against their reference images: a sampled .npy surface with an undefined
/// corner and a logged path, in 2D and as a 3D surface.
@Suite(.serialized) struct GridGoldenTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let tolerance = GoldenTolerance(threshold: 0.05, maxDifferentPixels: 40)

    func render(_ name: String, threads: Int = 2, width: Int? = nil, height: Int? = nil) throws -> RGBAImage {
        var scenario = try ScenarioLoader.load(path: Self.root.appendingPathComponent("Examples/\(name).json").path)
        scenario.width = width ?? scenario.width
        scenario.height = height ?? scenario.height
        var session = try HeadlessSession(scenario: scenario)
        session.runToCompletion()
        let figure = SessionFigures(scenario: scenario, fonts: try FontLibrary.loadDefault()).figure(for: session.renderState)
        let frame = figure.render(session.renderState, threads: threads)
        return RGBAImage(width: frame.width, height: frame.height, bytes: frame.straightRGBA())
    }

    @Test(arguments: ["grid-valley", "grid-valley-3d", "grid-valley-panels"])
    func gridScenes(name: String) throws {
        try GoldenHarness.forPackage().verify(try render(name), named: name, tolerance: Self.tolerance)
    }

    /// At 320×240 the panels are stacked; the landscape's title takes two lines, whole, and its
    /// panel the height for them (`StackedPanelTitleTests`); the chart's title gives way and the
    /// x axes' titles move onto their tick rows (`StackedXTitleTests`) so that the plots keep a
    /// third of the frame (`StackPlotShareTests`) and a legend below names every path
    /// (`StackLegendTests`).
    @Test func stackedPanelsAtThumbnailSize() throws {
        let image = try render("grid-valley-panels", width: 320, height: 240)
        try GoldenHarness.forPackage().verify(image, named: "grid-valley-panels-320", tolerance: Self.tolerance)
    }

    @Test("a grid landscape frame has the same bytes on 1, 2 and 3 threads", arguments: ["grid-valley", "grid-valley-panels"])
    func sameBytesOnAnyThreadCount(name: String) throws {
        let one = try render(name, threads: 1)
        #expect(try render(name, threads: 2).bytes == one.bytes)
        #expect(try render(name, threads: 3).bytes == one.bytes)
    }

    @Test("logged paths are series of the convergence chart; an empty chart says why in its tree")
    func convergenceOfLoggedPaths() throws {
        let scenario = try ScenarioLoader.load(path: Self.root.appendingPathComponent("Examples/grid-valley-panels.json").path)
        var session = try HeadlessSession(scenario: scenario)
        session.runToCompletion()
        let fonts = try FontLibrary.loadDefault()
        let figure = SessionFigures(scenario: scenario, fonts: fonts).figure(for: session.renderState)
        let outline = figure.accessibilityTree(for: session.renderState).outline
        #expect(outline.contains("valley-sgd") && outline.contains("momentum (logged)") && outline.contains("Convergence of 3"))
        let empty = try ScenarioLoader.parse(Data(#"{"version": 1, "landscape": {"function": "booth"}, "panels": [{"view": "landscape"}, {"view": "convergence"}]}"#.utf8))
        var emptySession = try HeadlessSession(scenario: empty)
        emptySession.runToCompletion()
        let emptyOutline = SessionFigures(scenario: empty, fonts: fonts).figure(for: emptySession.renderState)
            .accessibilityTree(for: emptySession.renderState).outline
        #expect(emptyOutline.contains("Nothing to chart: no solvers and no logged paths"))
    }
}
