import Foundation
import Testing
@testable import OptaCore

/// `Benchmarks/Scenarios/r2-graph.json` and `r2-graph-edges.csv` are the seeded R2 generator's
/// output (`ReferenceGraph.r2`). This test checks that they still are, and writes them when
/// OPTA_GOLDENS=all (or =missing and they are absent).
@Suite struct R2ScenarioFileTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Benchmarks/Scenarios")

    static func files() -> (json: String, csv: String) {
        let (positions, edges) = ReferenceGraph.r2()
        func n(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
        var json = """
            {
              "version": 1,
              "size": {"width": 1920, "height": 1080},
              "graph": {
                "layout": {"method": "fixed", "units": "pixels"},
                "style": {"background": [1, 1, 1], "nodeRadius": 4, "nodeColor": [0.95, 0.6, 0.1], "nodeOutlineWidth": 1,
                          "nodeOutlineColor": [0.1, 0.1, 0.1], "edgeWidth": 1.25, "edgeColor": [0.2, 0.3, 0.5, 0.5]},
                "edgesFile": "r2-graph-edges.csv",
                "nodes": [

            """
        json += positions.enumerated().map { i, p in "      {\"id\": \"n\(i)\", \"position\": [\(n(p.x)), \(n(p.y))]}" }
            .joined(separator: ",\n")
        json += "\n    ]\n  }\n}\n"
        let csv = "from,to\n" + edges.map { "n\($0.0),n\($0.1)" }.joined(separator: "\n") + "\n"
        return (json, csv)
    }

    @Test func scenarioFilesAreTheGeneratorsOutput() throws {
        let (json, csv) = Self.files()
        let jsonURL = Self.folder.appendingPathComponent("r2-graph.json")
        let csvURL = Self.folder.appendingPathComponent("r2-graph-edges.csv")
        let mode = ProcessInfo.processInfo.environment["OPTA_GOLDENS"] ?? "never"
        let exists = FileManager.default.fileExists(atPath: jsonURL.path)
        if mode == "all" || (mode == "missing" && !exists) {
            try json.write(to: jsonURL, atomically: true, encoding: .utf8)
            try csv.write(to: csvURL, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: jsonURL, encoding: .utf8) == json)
        #expect(try String(contentsOf: csvURL, encoding: .utf8) == csv)
        let scenario = try ScenarioLoader.load(path: jsonURL.path)
        let graph = try #require(scenario.graph)
        #expect(graph.nodes.count == 2000 && graph.edges.count == 8000)
        var total = 0.0
        for e in graph.edges {
            let d = graph.nodes[e.from].position! - graph.nodes[e.to].position!
            total += (d * d).sum().squareRoot()
        }
        let mean = total / 8000
        #expect(abs(mean - 220) < 10, "mean edge length \(mean)")
    }
}
