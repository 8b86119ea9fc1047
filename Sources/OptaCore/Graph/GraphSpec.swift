/// A node-link graph a scenario shows: nodes, edges, how they are laid out and drawn.
/// `ScenarioLoader` reads it from `"graph"` (and `"edgesFile"`); docs/graph.md lists the fields.
public struct GraphSpec: Sendable, Equatable {
    public var nodes: [GraphNode]
    public var edges: [GraphEdge]
    public var layout: GraphLayoutSpec
    public var style: GraphStyle

    public init(nodes: [GraphNode], edges: [GraphEdge], layout: GraphLayoutSpec = GraphLayoutSpec(),
                style: GraphStyle = GraphStyle()) {
        self.nodes = nodes
        self.edges = edges
        self.layout = layout
        self.style = style
    }

    /// Number of edges touching each node (in and out), indexed like `nodes`.
    public var degrees: [Int] {
        var d = [Int](repeating: 0, count: nodes.count)
        for e in edges {
            d[e.from] += 1
            if e.to != e.from { d[e.to] += 1 }
        }
        return d
    }

    /// The smallest and largest node value, nil when no node has one.
    public var valueRange: ClosedRange<Double>? { Self.range(nodes.compactMap(\.value)) }

    /// The smallest and largest edge weight, nil when no edge has one.
    public var weightRange: ClosedRange<Double>? { Self.range(edges.compactMap(\.weight)) }

    static func range(_ values: [Double]) -> ClosedRange<Double>? {
        guard let lo = values.min(), let hi = values.max() else { return nil }
        return lo...hi
    }
}

/// One node: a stable id (used by edges and by the accessibility tree as `node/<id>`), an optional
/// label, value, position and group.
public struct GraphNode: Sendable, Equatable {
    public var id: String
    public var label: String?
    public var value: Double?
    /// Where the node sits: frame pixels (`"units": "pixels"`) or any units (`"fit"`). Nil lets the
    /// layout place it.
    public var position: SIMD2<Double>?
    public var group: String?

    public init(id: String, label: String? = nil, value: Double? = nil, position: SIMD2<Double>? = nil,
                group: String? = nil) {
        self.id = id
        self.label = label
        self.value = value
        self.position = position
        self.group = group
    }

    /// The label if given, else the id.
    public var name: String { label ?? id }
}

/// One edge between two nodes, by index into `GraphSpec.nodes`.
public struct GraphEdge: Sendable, Equatable {
    public var from: Int
    public var to: Int
    /// Weight or flow; shown by width and colour.
    public var weight: Double?
    /// Whether the edge has a direction (drawn with an arrowhead at `to`).
    public var directed: Bool

    public init(from: Int, to: Int, weight: Double? = nil, directed: Bool = false) {
        self.from = from
        self.to = to
        self.weight = weight
        self.directed = directed
    }
}

/// How node positions are found and what their units are.
public struct GraphLayoutSpec: Sendable, Equatable {
    /// `force` runs the force-directed layout solver; `fixed` uses the given positions.
    public enum Method: String, Sendable, CaseIterable { case force, fixed }
    /// `pixels`: positions are frame pixels, drawn exactly there; `fit`: positions are scaled to fit
    /// the frame with a margin.
    public enum Units: String, Sendable, CaseIterable { case pixels, fit }

    public var method: Method
    public var units: Units
    public var seed: UInt64
    /// Layout iterations the force solver takes at most.
    public var iterations: Int

    public init(method: Method = .force, units: Units = .fit, seed: UInt64 = 1, iterations: Int = 300) {
        self.method = method
        self.units = units
        self.seed = seed
        self.iterations = iterations
    }
}

/// Colours and sizes in pixels.
public struct GraphStyle: Sendable, Equatable {
    /// Opaque (the loader takes three components): the whole frame is filled with it first.
    public var background: SceneColor
    public var nodeRadius: Double
    public var nodeColor: SceneColor
    public var nodeOutlineWidth: Double
    public var nodeOutlineColor: SceneColor
    public var edgeWidth: Double
    public var edgeColor: SceneColor
    /// Whether node labels are drawn (with a halo).
    public var labels: Bool

    public static let defaultBackground = SceneColor(unchecked: [1, 1, 1])
    public static let defaultNodeColor = SceneColor(unchecked: [0.95, 0.6, 0.1])
    public static let defaultNodeOutlineColor = SceneColor(unchecked: [0.1, 0.1, 0.1])
    /// Translucent, so crossing edges stay readable.
    public static let defaultEdgeColor = SceneColor(unchecked: [0.2, 0.3, 0.5, 0.5])

    public init(background: SceneColor = defaultBackground, nodeRadius: Double = 4, nodeColor: SceneColor = defaultNodeColor,
                nodeOutlineWidth: Double = 1, nodeOutlineColor: SceneColor = defaultNodeOutlineColor, edgeWidth: Double = 1.25,
                edgeColor: SceneColor = defaultEdgeColor, labels: Bool = true) {
        self.background = background
        self.nodeRadius = nodeRadius
        self.nodeColor = nodeColor
        self.nodeOutlineWidth = nodeOutlineWidth
        self.nodeOutlineColor = nodeOutlineColor
        self.edgeWidth = edgeWidth
        self.edgeColor = edgeColor
        self.labels = labels
    }
}
