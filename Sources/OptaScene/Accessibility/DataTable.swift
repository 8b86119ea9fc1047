import OptaA11y
import OptaCore

/// The data behind a frame as tables a screen reader walks row by row: every path's points (step,
/// x, y, f, ‖∇f‖) and every graph node's values. Solver rows carry the solver's own f and ‖∇f‖ at
/// the points its trajectory keeps (each row says its step); logged paths are evaluated on the
/// landscape.
public struct DataTable: Sendable, Equatable {
    public var title: String
    public var columns: [String]
    public var rows: [[Double]]
    /// Text columns (a graph node's id and group) before the numbers, one entry per row.
    public var labels: [[String]]

    /// The tables of `state`: one per path (only `pathNames` when given), or one of the graph's nodes.
    public static func tables(for state: RenderState, pathNames: [String] = []) throws(AudioGraphError) -> [DataTable] {
        let scenario = state.scenario
        if let graph = scenario.graph {
            let degrees = graph.degrees
            return [DataTable(title: "nodes", columns: ["id", "group", "value", "degree"],
                              rows: graph.nodes.indices.map { [graph.nodes[$0].value ?? .nan, Double(degrees[$0])] },
                              labels: graph.nodes.map { [$0.id, $0.group ?? ""] })]
        }
        let available = scenario.paths.map(\.name)
        for name in pathNames where !available.contains(name) { throw .unknownPath(name, available: available) }
        let solvers = Dictionary(state.solvers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let objective = scenario.landscape.objective
        return scenario.paths.filter { pathNames.isEmpty || pathNames.contains($0.name) }.map { path in
            let snapshot = solvers[path.name].flatMap { $0.values.count == path.points.count ? $0 : nil }
            let rows = path.points.enumerated().map { i, p -> [Double] in
                let g = objective.gradient(p)
                let f = snapshot?.values[i] ?? objective.value(p)
                let norm = snapshot?.gradientNorms[i] ?? (g * g).sum().squareRoot()
                return [Double(snapshot?.path.steps[i] ?? i), p.x, p.y, f, norm]
            }
            return DataTable(title: path.name, columns: ["step", "x", "y", "f", "‖∇f‖"], rows: rows,
                             labels: rows.map { _ in [] })
        }
    }

    /// Comma-separated values with a header row (numbers in shortest round-trip form).
    public var csv: String {
        var lines = [columns.map(Self.csvField).joined(separator: ",")]
        for (row, text) in zip(rows, labels) {
            lines.append((text.map(Self.csvField) + row.map(Self.csvNumber)).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Rows as a screen reader reads them: "step 3: x = 0.5, y = 1, f = 2.25, ‖∇f‖ = 3".
    public var spoken: String {
        var lines = ["\(title): \(rows.count) rows; columns \(columns.joined(separator: ", "))"]
        let numeric = Array(columns.dropFirst(labels.first?.count ?? 0))
        for (row, text) in zip(rows, labels) {
            let head = text.isEmpty ? "\(numeric[0]) \(A11yNumber.format(row[0]))" : text.filter { !$0.isEmpty }.joined(separator: ", ")
            let cells = zip(numeric, row).dropFirst(text.isEmpty ? 1 : 0).map { "\($0) = \(A11yNumber.format($1))" }
            lines.append(head + ": " + cells.joined(separator: ", "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func csvField(_ s: String) -> String {
        s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
    }

    static func csvNumber(_ v: Double) -> String {
        guard v.isFinite else { return v.isNaN ? "" : (v > 0 ? "inf" : "-inf") }
        return v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)"
    }
}
