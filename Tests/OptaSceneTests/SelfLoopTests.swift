import Foundation
import OptaA11y
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// Edges from a node to itself: a small arc on the free side of the node, with its arrow.
@Suite struct SelfLoopTests {
    @Test func theLoopGoesWhereNothingElseIs() {
        func close(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Bool { ((a - b) * (a - b)).sum() < 1e-6 }
        #expect(close(SelfLoop.freeDirections([SIMD2(1, 0)], count: 1)[0], SIMD2(-1, 0)))
        #expect(close(SelfLoop.freeDirections([SIMD2(5, 0), SIMD2(0, 3), SIMD2(-2, 0)], count: 1)[0], SIMD2(0, -1)))
        // Two loops split a free half in three: at 60° and 120° (y grows downward on screen).
        let two = SelfLoop.freeDirections([SIMD2(5, 0), SIMD2(-2, 0)], count: 2)
        let s = Float(3).squareRoot() / 2
        #expect(close(two[0], SIMD2(0.5, s)) && close(two[1], SIMD2(-0.5, s)), "\(two)")
        // Nothing around: up and to the right.
        let free = SelfLoop.freeDirections([], count: 1)[0]
        #expect(free.x > 0 && free.y < 0)
    }

    @Test func theArcLeavesAndReturnsToTheRimWithItsArrowAtTheRim() throws {
        let center = SIMD2<Float>(100, 100), rim: Float = 10
        let loop = SelfLoop(center: center, rim: rim, direction: SIMD2(0, -1), width: 1.5, directed: true)
        func distance(_ p: SIMD2<Float>) -> Float { ((p - center) * (p - center)).sum().squareRoot() }
        #expect(abs(distance(try #require(loop.arc.first)) - rim) < 0.01)
        #expect(loop.head.count == 3)
        #expect(abs(distance(loop.head[0]) - rim) < 0.01, "the tip touches the rim")
        // The whole arc lies outside the node and above it (the direction asked for).
        for p in loop.arc { #expect(distance(p) >= rim - 0.01 && p.y <= center.y + 0.01) }
        #expect(loop.bounds.min.y < center.y - rim - 5)
        #expect(SelfLoop(center: center, rim: rim, direction: SIMD2(0, -1), width: 1.5, directed: false).head.isEmpty)
    }

    func stateMachine() throws -> Scenario {
        try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/state-machine.json").path)
    }

    @Test func loopsAreDrawnAwayFromTheNodesOtherEdgesAndLabel() throws {
        let scenario = try stateMachine()
        let figure = GraphFigure(scenario: scenario, width: scenario.width, height: scenario.height, fonts: try FontLibrary.loadDefault())
        let g = figure.geometry(try HeadlessSessionState.renderState(scenario))
        let loops = figure.selfLoops(g)
        let graph = try #require(scenario.graph)
        #expect(loops.count == graph.edges.filter { $0.from == $0.to }.count)
        for (e, loop) in loops {
            let node = graph.edges[e].from
            let middle = (loop.bounds.min + loop.bounds.max) / 2 - g.centers[node]
            let direction = middle / (middle * middle).sum().squareRoot()
            for edge in graph.edges where edge.from != edge.to && (edge.from == node || edge.to == node) {
                let other = g.centers[edge.from == node ? edge.to : edge.from] - g.centers[node]
                let cosine = (other * direction).sum() / (other * other).sum().squareRoot()
                #expect(cosine < 0.87, "loop \(e) runs within 30° of an edge of node \(node)")
            }
        }
    }

    @Test func theTreeNamesSelfLoops() throws {
        let scenario = try stateMachine()
        let figure = GraphFigure(scenario: scenario, width: scenario.width, height: scenario.height, fonts: try FontLibrary.loadDefault())
        let tree = figure.accessibilityTree(for: try HeadlessSessionState.renderState(scenario))
        #expect(tree.root.description?.contains("5 self-loops") == true, "\(tree.root.description ?? "")")
        let edges = try #require(tree.root.children.first { $0.id == "graph/edges" })
        let loops = edges.children.filter { $0.description == "self-loop" }
        #expect(loops.count == 5)
        #expect(loops.contains { $0.name == "Train step → Train step" })
        for loop in loops { #expect(loop.attributes["selfLoop"] == "true" && (loop.bounds?.width ?? 0) > 10) }
    }
}

/// The render state of a scenario at its first frame, for figures tested without a session loop.
enum HeadlessSessionState {
    static func renderState(_ scenario: Scenario) throws -> RenderState {
        try HeadlessSession(scenario: scenario).renderState
    }
}
