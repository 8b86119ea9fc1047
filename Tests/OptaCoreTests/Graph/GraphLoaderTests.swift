import Foundation
import Testing
@testable import OptaCore

@Suite struct GraphLoaderTests {
    func parse(_ graph: String, folder: String = ".") throws(ScenarioError) -> Scenario {
        try ScenarioLoader.parse(Data(#"{"version": 1, "graph": \#(graph)}"#.utf8), baseFolder: folder)
    }

    func expectError(_ graph: String, _ message: String, folder: String = ".", sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try parse(graph, folder: folder)
            Issue.record("expected an error for \(graph)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.description == message, sourceLocation: sourceLocation)
        }
    }

    @Test func graphScenarioHasNoLandscapeAndIsAGraph() throws {
        let s = try parse(#"""
            {"nodes": [{"id": "A", "label": "Factory A", "value": 80, "position": [10, 20], "group": "factory"}, {"id": "B"}],
             "edges": [{"from": "A", "to": "B", "weight": 40, "directed": true}],
             "layout": {"method": "force", "seed": 3}, "style": {"edgeWidth": 2, "edgeColor": [0, 0, 0, 0.5]}}
            """#)
        #expect(s.kind == .graph)
        let g = try #require(s.graph)
        #expect(g.nodes == [GraphNode(id: "A", label: "Factory A", value: 80, position: SIMD2(10, 20), group: "factory"), GraphNode(id: "B")])
        #expect(g.edges == [GraphEdge(from: 0, to: 1, weight: 40, directed: true)])
        #expect(g.layout.seed == 3 && g.layout.method == .force && g.layout.units == .fit)
        #expect(try g.style.edgeWidth == 2 && g.style.edgeColor == SceneColor.validated([0, 0, 0, 0.5], path: "color"))
        #expect(g.degrees == [1, 1])
    }

    @Test func landscapeScenariosStayLandscapes() throws {
        let s = try ScenarioLoader.parse(Data(#"{"version": 1, "landscape": {"function": "rosenbrock"}}"#.utf8))
        #expect(s.kind == .landscape2D && s.graph == nil)
    }

    @Test func errorsNameThePathAndTheFix() {
        expectError(#"{"nodes": [{"id": "A"}], "edges": [{"from": "A", "to": "Z"}]}"#,
                    #"graph.edges[0].to names "Z", which is not a node id; add it to "nodes" or fix the name"#)
        expectError(#"{"nodes": [{"id": "A"}, {"id": "A"}]}"#,
                    #"graph.nodes[1].id "A" is used twice; give each node its own id"#)
        expectError(#"{"nodes": [{"label": "x"}]}"#, "graph.nodes[0].id is missing; give every node a unique id")
        expectError(#"{"nodes": [{"id": "A", "position": [1, 2]}, {"id": "B"}], "layout": {"method": "fixed"}}"#,
                    #"graph.nodes[1].position is missing, and "layout": {"method": "fixed"} needs a position for every node; add "position": [x, y] or use "method": "force""#)
        expectError(#"{"nodes": [], "style": {"edgeColor": [0, 2, 0]}}"#, "graph.style.edgeColor[1] must be between 0 and 1, got 2")
        expectError(#"{"nodes": [], "layout": {"method": "spring"}}"#,
                    #"graph.layout.method must be "force" or "fixed", got "spring""#)
    }

    @Test func edgeCSVErrorsNameTheLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("opta-graph-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "from,to,weight\nA,B,3\nA,C,x\n".write(to: dir.appendingPathComponent("bad.csv"), atomically: true, encoding: .utf8)
        try "from,to,weight\nA,B,3\nB,Q,1\n".write(to: dir.appendingPathComponent("unknown.csv"), atomically: true, encoding: .utf8)
        try "from,to,weight\nA,B,3\nB,C\n".write(to: dir.appendingPathComponent("short.csv"), atomically: true, encoding: .utf8)
        try "from,to,weight\nA,B,3\nB,C,\n".write(to: dir.appendingPathComponent("good.csv"), atomically: true, encoding: .utf8)
        let nodes = #"[{"id": "A"}, {"id": "B"}, {"id": "C"}]"#
        expectError(#"{"nodes": \#(nodes), "edgesFile": "bad.csv"}"#,
                    "\(dir.path)/bad.csv:3 needs a number in weight, got \"x\"", folder: dir.path)
        expectError(#"{"nodes": \#(nodes), "edgesFile": "unknown.csv"}"#,
                    "\(dir.path)/unknown.csv:3 names \"Q\" in to, which is not a node id; add it to \"nodes\" or fix the name", folder: dir.path)
        expectError(#"{"nodes": \#(nodes), "edgesFile": "short.csv"}"#,
                    "\(dir.path)/short.csv:3 has 2 cells, the header has 3", folder: dir.path)
        expectError(#"{"nodes": \#(nodes), "edgesFile": "missing.csv"}"#,
                    "graph.edgesFile names \(dir.path)/missing.csv, which does not exist or cannot be read", folder: dir.path)
        let s = try parse(#"{"nodes": \#(nodes), "edgesFile": "good.csv"}"#, folder: dir.path)
        #expect(s.graph?.edges == [GraphEdge(from: 0, to: 1, weight: 3), GraphEdge(from: 1, to: 2)])
    }

    @Test func graphsRejectSolversAndLandscapes() {
        do {
            _ = try ScenarioLoader.parse(Data(#"{"version": 1, "graph": {"nodes": []}, "landscape": {"function": "booth"}}"#.utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.description == #"graph cannot be shown together with "landscape" yet; remove one of them"#)
        }
        do {
            _ = try ScenarioLoader.parse(Data(#"{"version": 1, "graph": {"nodes": []}, "solvers": []}"#.utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.description == #"solvers cannot run on a graph (its force layout is its solver); remove "solvers""#)
        }
    }
}
