import Foundation
import OptaA11y
import OptaCore
import OptaScene
import Testing

/// The landscape tree says what the state holds, at the places the figure draws it.
@Suite struct LandscapeTreeTruthTests {
    @Test(arguments: ["r1", "himmelblau"]) func minimaNodesAreTheObjectivesMinima(_ name: String) throws {
        let scenario = name == "r1" ? DefaultScenario.scenario() : try A11yScene.parse(A11yScene.himmelblau)
        let (figure, _, tree) = try A11yScene.tree(try A11yScene.session(scenario), scenario: scenario)
        let nodes = tree.allNodes.filter { $0.id.hasPrefix("minimum/") }
        let minima = scenario.landscape.objective.minima
        #expect(nodes.count == minima.count)
        for (node, minimum) in zip(nodes, minima) {
            #expect(node.role == .graphicsSymbol)
            #expect(Double(node.attributes["x"] ?? "") == minimum.point.x)
            #expect(Double(node.attributes["y"] ?? "") == minimum.point.y)
            #expect(Double(node.attributes["f"] ?? "") == minimum.value)
            let q = figure.viewport.framePoint(minimum.point)
            #expect(node.bounds?.contains(x: q.x, y: q.y) == true, "\(node.id) bounds \(String(describing: node.bounds)) miss \(q)")
        }
    }

    @Test func solverNodesCarryTheSnapshotValues() throws {
        let scenario = DefaultScenario.scenario()
        for frame in [nil, 0, 57] as [Int?] {
            let (figure, state, tree) = try A11yScene.tree(try A11yScene.session(scenario, frame: frame), scenario: scenario)
            for snapshot in state.solvers {
                let node = try #require(tree.node(id: "solver/\(snapshot.id)"))
                #expect(Double(node.attributes["f"] ?? "") == snapshot.value)
                #expect(Double(node.attributes["gradientNorm"] ?? "") == snapshot.gradientNorm)
                #expect(node.attributes["step"] == String(snapshot.step))
                #expect(node.value?.contains("step \(snapshot.step)") == true)
                #expect(node.description?.contains("f = \(A11yNumber.format(snapshot.value))") == true)
                let q = figure.viewport.framePoint(snapshot.point)
                #expect(node.bounds?.contains(x: q.x, y: q.y) == true)
                let path = try #require(tree.node(id: "path/\(snapshot.id)"))
                #expect(path.attributes["count"] == String(snapshot.trajectory.count))
                // Start, turns (or every point) and end; then the lowest and highest f.
                #expect(path.children.count == min(snapshot.trajectory.count, 5) + 2)
                let finite = snapshot.values.filter(\.isFinite)
                let lowest = try #require(tree.node(id: "path/\(snapshot.id)/lowest"))
                let highest = try #require(tree.node(id: "path/\(snapshot.id)/highest"))
                #expect(Double(lowest.attributes["f"] ?? "") == finite.min())
                #expect(Double(highest.attributes["f"] ?? "") == finite.max())
                let i = try #require(lowest.attributes["index"].flatMap(Int.init))
                #expect(snapshot.values[i] == finite.min())
                #expect(Double(lowest.attributes["x"] ?? "") == snapshot.trajectory[i].x)
            }
        }
    }

    @Test func everyBoundsLiesInsideTheFrame() throws {
        for json in [nil, A11yScene.himmelblau, A11yScene.bowl] {
            let scenario = try json.map(A11yScene.parse) ?? DefaultScenario.scenario()
            let (figure, _, tree) = try A11yScene.tree(try A11yScene.session(scenario), scenario: scenario)
            let frame = AccessibilityBounds(x: 0, y: 0, width: Double(figure.width), height: Double(figure.height))
            for node in tree.allNodes {
                if let b = node.bounds { #expect(frame.contains(b), "\(node.id) \(b)") }
            }
            #expect(Set(tree.allNodes.map(\.id)).count == tree.allNodes.count, "ids are unique")
        }
    }

    @Test func idsStayPutAndDiffsTouchOnlyTheSolver() throws {
        let scenario = DefaultScenario.scenario()
        var session = try A11yScene.session(scenario, frame: 40)
        let (_, _, first) = try A11yScene.tree(session, scenario: scenario)
        session.advanceFrame()
        let (_, _, second) = try A11yScene.tree(session, scenario: scenario)
        #expect(second.frame == first.frame + 1)
        #expect(first.allNodes.map(\.id) == second.allNodes.map(\.id))
        let update = AccessibilityUpdate.diff(from: first, to: second)
        #expect(update.added.isEmpty && update.removed.isEmpty)
        #expect(update.changed.contains { $0.id == "solver/Adam" })
        for node in update.changed {
            // The document's one-sentence summary names the solver's step and f.
            #expect(node.id == "document" || node.id == "solver/Adam" || node.id.hasPrefix("path/Adam"), "\(node.id)")
        }
    }

    @Test func hitTestFindsMinimaAndThePlot() throws {
        let scenario = DefaultScenario.scenario()
        let (figure, _, tree) = try A11yScene.tree(try A11yScene.session(scenario), scenario: scenario)
        let q = figure.viewport.framePoint(SIMD2(1, 1))
        #expect(tree.hitTest(x: q.x, y: q.y)?.id == "minimum/1")
        let empty = figure.viewport.framePoint(SIMD2(1.8, -0.8))
        #expect(tree.hitTest(x: empty.x, y: empty.y)?.id == "plot")
        let legend = try #require(tree.node(id: "legend")?.bounds)
        #expect(tree.hitTest(x: legend.x + 2, y: legend.y + 2)?.id == "legend")
        #expect(tree.hitTest(x: 2, y: 2)?.id == "document")
    }
}
