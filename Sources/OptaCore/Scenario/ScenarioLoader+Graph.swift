import Foundation
import OptaSupport

extension ScenarioLoader {
    /// Reads `"graph"`: nodes, edges (inline and from `"edgesFile"`), layout and style. Errors name
    /// the JSON path (or the CSV file and line) and say how to fix it.
    static func parseGraph(_ r: JSONObjectReader, baseFolder: String) throws(ScenarioError) -> GraphSpec {
        try r.rejectUnknownKeys(["nodes", "edges", "edgesFile", "layout", "style"])
        guard let items = try r.array("nodes") else {
            throw ScenarioError(path: r.pathOf("nodes"), message: "is missing; give [{\"id\": \"A\"}, ...]")
        }
        var nodes: [GraphNode] = []
        var index: [String: Int] = [:]
        for (i, item) in items.enumerated() {
            let n = try JSONObjectReader(item, path: "\(r.pathOf("nodes"))[\(i)]")
            try n.rejectUnknownKeys(["id", "label", "value", "position", "group"])
            guard let id = try n.string("id"), !id.isEmpty else {
                throw ScenarioError(path: n.pathOf("id"), message: "is missing; give every node a unique id")
            }
            if index[id] != nil {
                throw ScenarioError(path: n.pathOf("id"), message: "\"\(id)\" is used twice; give each node its own id")
            }
            var node = GraphNode(id: id, label: try n.string("label"), value: try n.number("value"), group: try n.string("group"))
            if let p = try n.numbers("position", counts: 2...2) {
                guard p[0].isFinite, p[1].isFinite else {
                    throw ScenarioError(path: n.pathOf("position"), message: "must be two finite numbers [x, y]")
                }
                node.position = SIMD2(p[0], p[1])
            }
            index[id] = nodes.count
            nodes.append(node)
        }
        var edges: [GraphEdge] = []
        if let items = try r.array("edges") {
            for (i, item) in items.enumerated() {
                let e = try JSONObjectReader(item, path: "\(r.pathOf("edges"))[\(i)]")
                try e.rejectUnknownKeys(["from", "to", "weight", "directed"])
                let from = try nodeIndex(e, "from", index)
                let to = try nodeIndex(e, "to", index)
                let weight = try e.number("weight")
                if let weight, !weight.isFinite {
                    throw ScenarioError(path: e.pathOf("weight"), message: "must be a finite number")
                }
                edges.append(GraphEdge(from: from, to: to, weight: weight, directed: try e.bool("directed") ?? false))
            }
        }
        if let name = try r.string("edgesFile") {
            let full = name.hasPrefix("/") ? name : "\(baseFolder)/\(name)"
            edges += try EdgeCSV.load(path: full, field: r.pathOf("edgesFile"), nodes: index)
        }
        var layout = GraphLayoutSpec()
        if let l = try r.object("layout") {
            try l.rejectUnknownKeys(["method", "units", "seed", "iterations"])
            if let m = try l.choice("method", GraphLayoutSpec.Method.allCases.map(\.rawValue)) { layout.method = .init(rawValue: m)! }
            if let u = try l.choice("units", GraphLayoutSpec.Units.allCases.map(\.rawValue)) { layout.units = .init(rawValue: u)! }
            layout.seed = UInt64(try l.integer("seed", in: 0...Int.max) ?? 1)
            layout.iterations = try l.integer("iterations", in: 0...1_000_000) ?? layout.iterations
        }
        if layout.method == .fixed, let i = nodes.firstIndex(where: { $0.position == nil }) {
            throw ScenarioError(path: "\(r.pathOf("nodes"))[\(i)].position",
                                message: "is missing, and \"layout\": {\"method\": \"fixed\"} needs a position for every node; add \"position\": [x, y] or use \"method\": \"force\"")
        }
        let style = try r.object("style").map { s throws(ScenarioError) in try parseGraphStyle(s) } ?? GraphStyle()
        return GraphSpec(nodes: nodes, edges: edges, layout: layout, style: style)
    }

    static func nodeIndex(_ e: JSONObjectReader, _ key: String, _ index: [String: Int]) throws(ScenarioError) -> Int {
        guard let id = try e.string(key) else {
            throw ScenarioError(path: e.pathOf(key), message: "is missing; give the id of a node")
        }
        guard let i = index[id] else {
            throw ScenarioError(path: e.pathOf(key), message: "names \"\(id)\", which is not a node id; add it to \"nodes\" or fix the name")
        }
        return i
    }

    static func parseGraphStyle(_ s: JSONObjectReader) throws(ScenarioError) -> GraphStyle {
        try s.rejectUnknownKeys(["background", "nodeRadius", "nodeColor", "nodeOutlineWidth", "nodeOutlineColor",
                                 "edgeWidth", "edgeColor", "labels"])
        var style = GraphStyle()
        func size(_ key: String) throws(ScenarioError) -> Double? {
            guard let v = try s.number(key) else { return nil }
            guard v >= 0, v <= 1000 else {
                throw ScenarioError(path: s.pathOf(key), message: "must be between 0 and 1000 pixels, got \(JSONText.number(v))")
            }
            return v
        }
        style.background = try color(s, "background", opaque: true) ?? style.background
        style.nodeRadius = try size("nodeRadius") ?? style.nodeRadius
        style.nodeColor = try color(s, "nodeColor") ?? style.nodeColor
        style.nodeOutlineWidth = try size("nodeOutlineWidth") ?? style.nodeOutlineWidth
        style.nodeOutlineColor = try color(s, "nodeOutlineColor") ?? style.nodeOutlineColor
        style.edgeWidth = try size("edgeWidth") ?? style.edgeWidth
        style.edgeColor = try color(s, "edgeColor") ?? style.edgeColor
        style.labels = try s.bool("labels") ?? style.labels
        return style
    }
}
