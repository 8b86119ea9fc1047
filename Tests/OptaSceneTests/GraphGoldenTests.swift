import Foundation
import OptaCore
import OptaImage
import OptaRaster
import OptaScene
import OptaText
import Testing

/// Graph scenes against their reference images in Goldens/ (recorded with OPTA_GOLDENS=missing
/// after looking at them).
@Suite(.serialized) struct GraphGoldenTests {
    func scenario(_ relativePath: String) throws -> Scenario {
        try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent(relativePath).path)
    }

    func render(_ scenario: Scenario, threads: Int = 2) throws -> RGBAImage {
        var session = try HeadlessSession(scenario: scenario)
        session.runToCompletion()
        let figure = SessionFigures(scenario: scenario, fonts: try FontLibrary.loadDefault()).figure(for: session.renderState)
        let frame = figure.render(session.renderState, threads: threads)
        return RGBAImage(width: frame.width, height: frame.height, bytes: frame.straightRGBA())
    }

    /// R2's top-left 640×360 pixels (its layout is in frame pixels, so this is a crop of the
    /// full frame: the same dense translucent edges, each blended on its own, and outlined disks).
    @Test func r2ReferenceGraph() throws {
        var r2 = try scenario("Benchmarks/Scenarios/r2-graph.json")
        r2.width = 640; r2.height = 360
        let image = try render(r2)
        try GoldenHarness.forPackage().verify(image, named: "r2-graph", tolerance: GoldenSceneTests.tolerance)
    }

    @Test(arguments: ["supply-chain", "graph-from-csv", "state-machine"])
    func exampleGraphs(name: String) throws {
        let image = try render(try scenario("Examples/\(name).json"))
        try GoldenHarness.forPackage().verify(image, named: name, tolerance: GoldenSceneTests.tolerance)
    }

    @Test func graphFramesDoNotDependOnThreadCount() throws {
        let s = try scenario("Examples/supply-chain.json")
        let one = try render(s, threads: 1)
        for threads in [2, 5] { #expect(try render(s, threads: threads) == one) }
        var r2 = try scenario("Benchmarks/Scenarios/r2-graph.json")
        r2.width = 700; r2.height = 500
        let r2one = try render(r2, threads: 1)
        #expect(try render(r2, threads: 3) == r2one)
    }

    @Test func selectionHighlightsTheNodeAndItsEdges() throws {
        let s = try scenario("Examples/supply-chain.json")
        var session = try HeadlessSession(scenario: s)
        session.runToCompletion()
        let fonts = try FontLibrary.loadDefault()
        let plain = SessionFigures(scenario: s, fonts: fonts).figure(for: session.renderState).render(session.renderState, threads: 1)
        session.apply(.select("node/warehouse-3"))
        let state = session.renderState
        let selected = SessionFigures(scenario: s, fonts: fonts).figure(for: state).render(state, threads: 1)
        let tree = SessionFigures(scenario: s, fonts: fonts).figure(for: state).accessibilityTree(for: state)
        let bounds = try #require(tree.node(id: "node/warehouse-3")?.bounds)
        // The highlight ring around the node: many pixels near it change, in the highlight colour.
        var changed = 0, vermillion = 0
        for y in Int(bounds.y) - 8...Int(bounds.maxY) + 8 {
            for x in Int(bounds.x) - 8...Int(bounds.maxX) + 8 where selected[x, y] != plain[x, y] {
                changed += 1
                let p = selected[x, y]
                if p & 0xFF > 180 && (p >> 8) & 0xFF < 140 && (p >> 16) & 0xFF < 60 { vermillion += 1 }
            }
        }
        #expect(changed > 60)
        #expect(vermillion > 20)
        // Elsewhere nothing changes but the highlighted edges.
        #expect(selected[5, 5] == plain[5, 5])
    }
}
