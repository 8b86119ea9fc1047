import Foundation
import OptaA11y
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// A solver run longer than the trajectory cap: its path and chart are drawn from the kept points,
/// while the tree, the chart's best value and the data table still tell every step truly.
@Suite struct DecimatedTrajectoryTests {
    static let steps = 100_000
    static let scenario = """
        {"version": 1, "size": {"width": 640, "height": 300}, "landscape": {"function": "rosenbrock"},
         "solvers": [{"id": "GD", "method": "gradient-descent", "start": [-1.5, 2], "steps": \(steps),
                      "params": {"learningRate": 0.0001}}],
         "panels": [{"view": "landscape"}, {"view": "convergence"}]}
        """

    @Test func treeChartAndTableTellEveryStep() throws {
        let scenario = try ScenarioLoader.parse(Data(Self.scenario.utf8))
        var session = try HeadlessSession(scenario: scenario)
        session.runToCompletion()
        let state = session.renderState
        let solver = try #require(state.solvers.first)
        #expect(solver.step == Self.steps && solver.path.isDecimated)
        #expect(solver.trajectory.count <= SolverTrajectory.defaultCapacity)

        // The best f of every step, from the same run watched iterate by iterate.
        var run = try HeadlessSession.makeRuns(scenario)[0]
        var best: (step: Int, value: Double)?
        run.run(steps: Self.steps, on: scenario.landscape.objective) { iterate in
            if iterate.value < (best?.value ?? .infinity) { best = (iterate.step, iterate.value) }
        }
        let trueBest = try #require(best)

        let fonts = try FontLibrary.loadDefault()
        let figure = SessionFigures(scenario: scenario, fonts: fonts).figure(for: state)
        let tree = figure.accessibilityTree(for: state)
        let path = try #require(tree.node(id: "panel1/path/GD"))
        #expect(path.attributes["count"] == String(Self.steps + 1))
        #expect(path.value?.hasPrefix("\(Self.steps + 1) points from") == true, "\(path.value ?? "")")
        #expect(path.description?.contains("one every \(solver.path.stride) steps, and the latest") == true)
        #expect(tree.node(id: "panel1/path/GD/end")?.attributes["index"] == String(Self.steps))
        #expect(tree.node(id: "panel1/solver/GD")?.attributes["step"] == String(Self.steps))

        let series = try #require(tree.node(id: "panel2/chart/series/GD"))
        #expect(series.attributes["count"] == String(Self.steps + 1))
        #expect(series.value?.hasSuffix("over \(Self.steps) steps") == true, "\(series.value ?? "")")
        let bestNode = try #require(tree.node(id: "panel2/chart/series/GD/best"))
        #expect(bestNode.attributes["step"] == String(trueBest.step))
        #expect(bestNode.attributes["f"] == "\(trueBest.value)")

        let table = try #require(try DataTable.tables(for: state, pathNames: ["GD"]).first)
        #expect(table.rows.map { Int($0[0]) } == solver.path.steps)
        #expect(table.rows.last?[1] == solver.point.x && table.rows.last?[2] == solver.point.y)

        // The same bytes on one thread or many.
        #expect(figure.render(state, threads: 1) == figure.render(state, threads: 4))
    }
}
