import Foundation
import OptaA11y
import OptaCore
import OptaScene
import OptaText
import Testing

/// The graph's accessibility tree: outline goldens, and what it claims checked against the scenario.
@Suite struct GraphTreeTests {
    func tree(_ file: String, select: String? = nil) throws -> (AccessibilityTree, Scenario) {
        let scenario = try ScenarioLoader.load(path: A11yScene.root.appendingPathComponent(file).path)
        var session = try HeadlessSession(scenario: scenario)
        session.runToCompletion()
        if let select { session.apply(.select(select)) }
        let state = session.renderState
        let figure = SessionFigures(scenario: scenario, fonts: try FontLibrary.loadDefault()).figure(for: state)
        return (figure.accessibilityTree(for: state), scenario)
    }

    @Test(arguments: [("supply-chain", "Examples/supply-chain.json"), ("graph-from-csv", "Examples/graph-from-csv.json"),
                      ("r2-graph", "Benchmarks/Scenarios/r2-graph.json")])
    func outline(name: String, file: String) throws {
        let (tree, _) = try tree(file)
        let path = A11yScene.root.appendingPathComponent("Goldens/\(name).a11y.txt").path
        let mode = ProcessInfo.processInfo.environment["OPTA_GOLDENS"] ?? "never"
        let exists = FileManager.default.fileExists(atPath: path)
        if mode == "all" || (mode == "missing" && !exists) {
            try tree.outline.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        guard exists else {
            Issue.record("no outline golden at \(path); record it with OPTA_GOLDENS=missing and read it")
            return
        }
        #expect(tree.outline == (try String(contentsOfFile: path, encoding: .utf8)))
    }

    @Test func nodesAndEdgesTellTheTruth() throws {
        let (tree, scenario) = try tree("Examples/supply-chain.json")
        let graph = try #require(scenario.graph)
        for (i, node) in graph.nodes.enumerated() {
            let n = try #require(tree.node(id: "node/\(node.id)"))
            #expect(n.role == .graphNode)
            #expect(n.name == node.label)
            #expect(n.attributes["degree"] == String(graph.degrees[i]))
            #expect(n.attributes["value"] == node.value.map { "\($0)" })
            let b = try #require(n.bounds)
            #expect(b.x >= 0 && b.y >= 0 && b.maxX <= 1280 && b.maxY <= 720)
            // The node's own centre hit-tests to it.
            #expect(tree.hitTest(x: b.x + b.width / 2, y: b.y + b.height / 2)?.id == "node/\(node.id)")
        }
        let edge = try #require(tree.node(id: "edge/0"))
        #expect(edge.role == .graphEdge)
        #expect(edge.name == "Factory A → Warehouse 1")
        #expect(edge.value == "flow 40")
        #expect(tree.root.description?.hasPrefix("Graph of 30 nodes and \(graph.edges.count) directed edges") == true)
    }

    @Test func bigGraphsListTheirHubsOnly() throws {
        let (tree, _) = try tree("Benchmarks/Scenarios/r2-graph.json")
        #expect(tree.allNodes.count < 40)
        #expect(tree.node(id: "graph/nodes")?.value == "2000 nodes; the 12 best connected listed")
    }
}
