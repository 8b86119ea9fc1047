/// Checks a parsed scenario against Opta's documented limits (`Limits`, docs/limits.md) before any
/// work starts: the memory its solvers, graph and paths would take, and the force layout's cost.
/// Each error names the JSON path, the value, the limit and what to change.
public enum ScenarioLimits {
    /// Throws for the first limit `scenario` exceeds.
    public static func check(_ scenario: Scenario) throws(ScenarioError) {
        let solvers = scenario.solvers
        if solvers.count > Limits.solvers {
            throw ScenarioError(path: "solvers", message: "has \(solvers.count) solvers, more than the \(Limits.solvers) Opta runs at once (docs/limits.md); split the scenario")
        }
        let total = solvers.reduce(0) { $0 + $1.steps }
        if total > Limits.totalSolverSteps {
            let megabytes = total / 1_000_000 * 32
            throw ScenarioError(path: "solvers", message: "ask for \(total) steps in all (\(solvers.count) solvers), more than \(Limits.totalSolverSteps) (docs/limits.md): every step takes time and `opta solve` records each one in the run store, about \(megabytes) MB here; lower \"steps\"")
        }
        let points = scenario.paths.reduce(0) { $0 + $1.points.count }
        if points > Limits.pathPoints {
            throw ScenarioError(path: "paths", message: "hold \(points) points in all, more than \(Limits.pathPoints) (docs/limits.md); thin the logged paths (every 10th point draws the same picture)")
        }
        if let graph = scenario.graph {
            if graph.nodes.count > Limits.graphNodes {
                throw ScenarioError(path: "graph.nodes", message: "has \(graph.nodes.count) nodes, more than \(Limits.graphNodes) (docs/limits.md); draw a sample or an aggregate")
            }
            if graph.edges.count > Limits.graphEdges {
                throw ScenarioError(path: "graph.edges", message: "has \(graph.edges.count) edges, more than \(Limits.graphEdges) (docs/limits.md); draw a sample or an aggregate")
            }
            // The force layout costs about n log n per iteration; keep a headless run within minutes.
            let work = Double(graph.nodes.count) * Double(graph.layout.iterations)
            if graph.layout.method == .force, work > Limits.layoutWork {
                throw ScenarioError(path: "graph.layout.iterations", message: "is \(graph.layout.iterations) for \(graph.nodes.count) nodes: nodes × iterations must be at most \(Int(Limits.layoutWork)) (docs/limits.md); lower \"iterations\" or use \"method\": \"fixed\"")
            }
        }
    }
}
