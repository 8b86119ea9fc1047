import Foundation

/// Reads a graph's edge list from CSV: a header with columns `from` and `to` (node ids) and
/// optionally `weight` and `directed` (true/false, 1/0); other columns are ignored.
public enum EdgeCSV {
    /// The edges in the CSV file at `path`; `field` names the scenario field for errors.
    public static func load(path: String, field: String, nodes: [String: Int]) throws(ScenarioError) -> [GraphEdge] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScenarioError(path: field, message: "names \(path), which does not exist or cannot be read")
        }
        return try parse(String(decoding: data, as: UTF8.self), source: path, nodes: nodes)
    }

    /// Parses CSV text; errors name the file and line.
    public static func parse(_ text: String, source: String, nodes: [String: Int]) throws(ScenarioError) -> [GraphEdge] {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        guard let header = lines.first else {
            throw ScenarioError(path: source, message: "is empty; it needs a header line with from and to")
        }
        let columns = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let fi = columns.firstIndex(of: "from"), let ti = columns.firstIndex(of: "to") else {
            throw ScenarioError(path: "\(source):1", message: "must be a header naming the columns from and to (and optionally weight, directed), got \"\(header)\"")
        }
        let wi = columns.firstIndex(of: "weight"), di = columns.firstIndex(of: "directed")
        var edges: [GraphEdge] = []
        edges.reserveCapacity(lines.count)
        for (n, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let at = "\(source):\(n + 1)"
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == columns.count else {
                throw ScenarioError(path: at, message: "has \(cells.count) cells, the header has \(columns.count)")
            }
            guard let from = nodes[cells[fi]] else {
                throw ScenarioError(path: at, message: "names \"\(cells[fi])\" in from, which is not a node id; add it to \"nodes\" or fix the name")
            }
            guard let to = nodes[cells[ti]] else {
                throw ScenarioError(path: at, message: "names \"\(cells[ti])\" in to, which is not a node id; add it to \"nodes\" or fix the name")
            }
            var edge = GraphEdge(from: from, to: to)
            if let wi, !cells[wi].isEmpty {
                guard let w = Double(cells[wi]), w.isFinite else {
                    throw ScenarioError(path: at, message: "needs a number in weight, got \"\(cells[wi])\"")
                }
                edge.weight = w
            }
            if let di, !cells[di].isEmpty {
                switch cells[di].lowercased() {
                case "true", "1", "yes": edge.directed = true
                case "false", "0", "no": edge.directed = false
                default: throw ScenarioError(path: at, message: "needs true or false in directed, got \"\(cells[di])\"")
                }
            }
            edges.append(edge)
        }
        return edges
    }
}
