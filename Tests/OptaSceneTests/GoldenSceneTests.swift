import Foundation
import OptaCore
import OptaImage
import OptaRaster
import OptaScene
import OptaText
import Testing

/// Renders scenario files and checks them against the reference images in Goldens/.
@Suite(.serialized) struct GoldenSceneTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// Same machine, same bytes; the small budget absorbs libm differences between CPUs.
    static let tolerance = GoldenTolerance(threshold: 0.05, maxDifferentPixels: 40)

    /// Renders the scenario with its solvers run to their step budget.
    func render(_ scenario: Scenario, threads: Int = 2) throws -> RGBAImage {
        var session = try HeadlessSession(scenario: scenario)
        session.runToCompletion()
        let figure = SessionFigures(scenario: scenario, fonts: try FontLibrary.loadDefault()).figure(for: session.renderState)
        let frame = figure.render(session.renderState, threads: threads)
        return RGBAImage(width: frame.width, height: frame.height, bytes: frame.straightRGBA())
    }

    func scenario(_ relativePath: String) throws -> Scenario {
        try ScenarioLoader.load(path: Self.root.appendingPathComponent(relativePath).path)
    }

    @Test func r1ReferenceScene() throws {
        let image = try render(try scenario("Benchmarks/Scenarios/r1-landscape2d.json"))
        try GoldenHarness.forPackage().verify(image, named: "r1-landscape2d", tolerance: Self.tolerance)
    }

    @Test func defaultSceneIsR1WithTheAdamSolversPath() throws {
        let fromFile = try render(try scenario("Benchmarks/Scenarios/r1-landscape2d.json"))
        let builtIn = try render(DefaultScenario.scenario())
        let difference = try ImageComparator.compare(expected: fromFile, actual: builtIn, tolerance: Self.tolerance)
        #expect(difference.isWithin(Self.tolerance), "\(difference.summary)")
    }

    @Test(arguments: ["himmelblau", "rastrigin-linear", "formula", "undefined-region", "convergence", "panels", "unicode-labels"])
    func exampleScenes(name: String) throws {
        let image = try render(try scenario("Examples/\(name).json"))
        try GoldenHarness.forPackage().verify(image, named: name, tolerance: Self.tolerance)
    }

    /// A frame too narrow to give a legend room beside its plot: the legend goes below, in columns.
    @Test func aNarrowFrameSetsItsLegendBelowThePlot() throws {
        var s = try scenario("Examples/solvers.json")
        s.width = 320; s.height = 240
        try GoldenHarness.forPackage().verify(try render(s), named: "solvers-320", tolerance: Self.tolerance)
    }

    @Test func threadCountDoesNotChangeABit() throws {
        var s = try scenario("Examples/formula.json")
        s.width = 500; s.height = 333
        let one = try render(s, threads: 1)
        for threads in [2, 3, 7] {
            #expect(try render(s, threads: threads) == one)
        }
    }
}
